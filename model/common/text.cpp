#include "common/text.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cerrno>
#include <cstring>

namespace icn {

namespace {
// Length of the valid, printable UTF-8 sequence at text[i], or 0 (a control character, an invalid
// or overlong sequence, a surrogate, beyond Unicode).
std::size_t printable_length(const std::string& text, std::size_t i, bool& control) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  control = false;
  if (c < 0x20 || c == 0x7f) {
    control = true;
    return 0;
  }
  const int length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
  if (length == 0 || i + std::size_t(length) > text.size()) return 0;
  std::uint32_t code = length == 1 ? c : c & (0x3f >> (length - 1));
  for (int k = 1; k < length; ++k) {
    const unsigned char next = static_cast<unsigned char>(text[i + std::size_t(k)]);
    if ((next >> 6) != 0x2) return 0;
    code = (code << 6) | (next & 0x3f);
  }
  const std::uint32_t smallest[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < smallest[length] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  if (code >= 0x80 && code < 0xa0) {
    control = true;
    return 0;
  }
  return std::size_t(length);
}
}  // namespace

std::string text_problem(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    bool control = false;
    const std::size_t length = printable_length(text, i, control);
    if (length == 0)
      return (control ? "holds a control character" : "is not valid UTF-8") + std::string(" at byte ") +
             std::to_string(i + 1);
    i += length;
  }
  return "";
}

std::string printable(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    bool control = false;
    const std::size_t length = printable_length(text, i, control);
    if (length == 0) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned char>(text[i]));
      out += escaped;
      ++i;
      continue;
    }
    out.append(text, i, length);
    i += length;
  }
  return out;
}

std::string excerpt(const std::string& text, std::size_t most) {
  if (text.size() <= most) return printable(text);
  std::size_t cut = most;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;  // not inside a character
  return printable(text.substr(0, cut)) + "… (" + std::to_string(text.size()) + " bytes)";
}

std::string shortest(double value) {
  char text[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  std::string out = text;
  // YAML 1.1 (PyYAML) reads "1e-05" as text: it wants a dot before the exponent.
  if (const auto e = out.find('e'); e != std::string::npos && out.find('.') == std::string::npos)
    out.insert(e, ".0");
  return out;
}

std::string formatted(double value, const char* format) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string count_of(std::size_t n, const std::string& singular, const std::string& plural) {
  return std::to_string(n) + " " + (n == 1 ? singular : plural);
}

std::string read_file_bytes(const std::string& path, std::size_t largest, std::string& bytes) {
  bytes.clear();
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) return std::strerror(errno);
  char chunk[65536];
  std::size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, file)) > 0 && bytes.size() <= largest) bytes.append(chunk, n);
  const int failure = std::ferror(file) ? errno : 0;
  std::fclose(file);
  if (failure) return std::strerror(failure);
  if (bytes.size() > largest) return "is larger than " + std::to_string(largest >> 20) + " MiB";
  return "";
}

}  // namespace icn
