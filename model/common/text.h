#pragma once
// Text that reaches results and messages: valid UTF-8 without control characters.
#include <string>

namespace icn {

// Why `text` is not printable UTF-8 ("holds a control character at byte 3"), or "" when it is.
std::string text_problem(const std::string& text);
// `text` with every control character and every byte that is not part of valid UTF-8 written as
// \xNN: one line, never raw bytes (messages that quote input, or a library's message about it).
std::string printable(const std::string& text);
// printable(text), cut after about `most` characters with the length said ("abc… (100000 bytes)"),
// for messages that echo a value or key the user gave: one readable line whatever its size.
std::string excerpt(const std::string& text, std::size_t most = 60);
// The shortest decimal text that reads back as exactly `value` ("0.02", "1.0e-05", "4.8"): one
// spelling per number, for messages (never std::to_string's six decimals) and printed configurations
// (YAML 1.1 and 1.2 both read it as a number).
std::string shortest(double value);
// Reads the whole of the file at `path`, at most `largest` bytes, into `bytes` with the C library, so
// that a read error (EIO from /proc/self/mem, a failing disk) is a return value rather than a C++
// stream exception escaping the loader. Returns "" on success, else why ("Input/output error", "is
// larger than 16 MiB").
std::string read_file_bytes(const std::string& path, std::size_t largest, std::string& bytes);
// `value` as printf's `format` writes it ("%.1f"), for a summary row's figure.
std::string formatted(double value, const char* format = "%.4f");
// "1 phase", "3 phases".
std::string count_of(std::size_t n, const std::string& singular, const std::string& plural);

}  // namespace icn
