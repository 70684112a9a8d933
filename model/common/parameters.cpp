#include "common/parameters.h"

#include "common/text.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include <sstream>
#include <stdexcept>

namespace icn {

namespace {
std::string join(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}
std::string number_text(double v) {
  if (v == double((long long)v) && v < 1e18 && v > -1e18) return std::to_string((long long)v);
  return shortest(v);  // every digit the number has: a default of 1/3 reads back as itself
}
}  // namespace

std::string ParameterSpec::allowed() const {
  std::string what;
  switch (type) {
    case ValueType::Integer: what = "integer " + number_text(minimum) + ".." + number_text(maximum); break;
    case ValueType::Real: what = "number " + number_text(minimum) + ".." + number_text(maximum); break;
    case ValueType::Boolean: what = "true or false"; break;
    case ValueType::Text: what = "text"; break;
    case ValueType::Choice: what = "one of " + join(choices, ", "); break;
  }
  return list ? what + " (one value, or a list)" : what;
}

ParameterSpec ParameterSpec::integer(std::string key, long long def, long long min, long long max,
                                     std::string description) {
  ParameterSpec s;
  s.key = std::move(key);
  s.type = ValueType::Integer;
  s.default_value = std::to_string(def);
  s.minimum = double(min);
  s.maximum = double(max);
  s.description = std::move(description);
  return s;
}

ParameterSpec ParameterSpec::real(std::string key, double def, double min, double max,
                                  std::string description) {
  ParameterSpec s;
  s.key = std::move(key);
  s.type = ValueType::Real;
  s.default_value = number_text(def);
  s.minimum = min;
  s.maximum = max;
  s.description = std::move(description);
  return s;
}

ParameterSpec ParameterSpec::boolean(std::string key, bool def, std::string description) {
  ParameterSpec s;
  s.key = std::move(key);
  s.type = ValueType::Boolean;
  s.default_value = def ? "true" : "false";
  s.description = std::move(description);
  return s;
}

ParameterSpec ParameterSpec::text(std::string key, std::string def, std::string description) {
  ParameterSpec s;
  s.key = std::move(key);
  s.type = ValueType::Text;
  s.default_value = std::move(def);
  s.description = std::move(description);
  return s;
}

ParameterSpec ParameterSpec::choice(std::string key, std::string def,
                                    std::vector<std::string> choices, std::string description) {
  ParameterSpec s;
  s.key = std::move(key);
  s.type = ValueType::Choice;
  s.default_value = std::move(def);
  s.choices = std::move(choices);
  s.description = std::move(description);
  return s;
}

const ParameterValue& ParameterSet::get(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw std::logic_error("configuration key not declared: " + key);
  return it->second;
}

bool parse_integer_text(const std::string& text, long long& out) {
  // Decimal, or hexadecimal after 0x (addresses); never octal, so 010 is ten.
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const char* digits = text.c_str() + (hex ? 2 : 0);
  if (*digits == '\0' || (hex && !std::isxdigit(static_cast<unsigned char>(*digits)))) return false;
  errno = 0;
  char* end = nullptr;
  out = std::strtoll(digits, &end, hex ? 16 : 10);
  return errno == 0 && end && *end == '\0';
}

namespace {
long long integer_of(const std::string& text) {
  long long value = 0;
  parse_integer_text(text, value);
  return value;
}
}  // namespace

// Values were validated against their spec when the set was built, so conversions cannot fail.
long long ParameterSet::integer(const std::string& key) const { return integer_of(get(key).items.at(0)); }
double ParameterSet::real(const std::string& key) const { return std::stod(get(key).items.at(0)); }
bool ParameterSet::boolean(const std::string& key) const { return get(key).items.at(0) == "true"; }
const std::string& ParameterSet::text(const std::string& key) const { return get(key).items.at(0); }
const std::vector<std::string>& ParameterSet::texts(const std::string& key) const { return get(key).items; }
const std::string& ParameterSet::origin(const std::string& key) const { return get(key).origin; }

std::vector<long long> ParameterSet::integers(const std::string& key) const {
  std::vector<long long> out;
  for (const auto& item : get(key).items) out.push_back(integer_of(item));
  return out;
}

std::vector<double> ParameterSet::reals(const std::string& key) const {
  std::vector<double> out;
  for (const auto& item : get(key).items) out.push_back(std::stod(item));
  return out;
}

std::string where_set(const std::string& origin, const std::string& key) {
  const bool written = origin == "--set " + key || origin == "--set stimulus." + key;  // "--set a.b: a.b: …" says it twice
  return written ? origin : origin + ": " + key;
}

std::string ParameterSet::problem(const std::string& key, const std::string& what) const {
  return where_set(origin(key), prefix_.empty() ? key : prefix_ + "." + key) + ": " + what;
}

ParameterSet ParameterSet::section(const std::string& prefix) const {
  ParameterSet out;
  out.prefix_ = prefix_.empty() ? prefix : prefix_ + "." + prefix;
  const std::string lead = prefix + ".";
  for (const auto& [key, value] : values_)
    if (key.compare(0, lead.size(), lead) == 0) out.values_[key.substr(lead.size())] = value;
  return out;
}

ParameterSet ParameterSet::defaults(const std::vector<ParameterSpec>& specs,
                                    const std::map<std::string, std::string>& given) {
  ParameterSet set;
  for (const auto& spec : specs) {
    ParameterValue v;
    const auto it = given.find(spec.key);
    v.items = {it == given.end() ? spec.default_value : it->second};
    v.origin = it == given.end() ? "default" : "given";
    v.defaulted = it == given.end();
    set.set(spec.key, v);
  }
  for (const auto& [key, value] : given)
    if (!set.has(key)) throw std::invalid_argument("configuration key not declared: " + key);
  return set;
}

std::string path_beside_origin(const std::string& path, const std::string& origin) {
  const auto colon = origin.rfind(':'), slash = origin.rfind('/', colon);
  if (path.empty() || path[0] == '/' || origin.rfind("--set", 0) == 0 ||
      origin.rfind("the program argument", 0) == 0 || colon == std::string::npos ||
      slash == std::string::npos)
    return path;
  return origin.substr(0, slash + 1) + path;
}

}  // namespace icn
