#include "platform/schema.h"

#include <algorithm>

#include <cstdint>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "common/config_error.h"
#include "common/text.h"

namespace icn {

namespace {

bool parse_integer(const std::string& text, long long& out) { return parse_integer_text(text, out); }

// "" with `out` set, or why `text` is not a value: not a number, or one a double cannot hold (a
// subnormal such as 1e-320 cannot be told from 0 by the code that divides by it; 1e999 overflows).
std::string parse_real(const std::string& text, double& out) {
  const std::string quoted = "'" + excerpt(text) + "'";
  if (text.empty()) return quoted + " is not a number";
  errno = 0;
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  if (!end || *end != '\0' || std::isnan(out)) return quoted + " is not a number";
  if (errno == ERANGE && std::fabs(out) <= std::numeric_limits<double>::min())
    return excerpt(text) + " is too small to tell from 0: write 0, or at least 2.3e-308";
  if (errno != 0 || !std::isfinite(out)) return excerpt(text) + " is too large for a number";
  return "";
}

// A validated number in its one spelling: 8 for "08", "+8" and "0x8"; 0.02 for "0.020", ".02" and
// "2e-2". The printed configuration, a sweep's run key and the result then say the same for the same
// number, however it was written.
std::string canonical(const ParameterSpec& spec, const std::string& item) {
  if (spec.type == ValueType::Integer) {
    long long v = 0;
    parse_integer(item, v);
    return std::to_string(v);
  }
  if (spec.type == ValueType::Real) {
    double v = 0;
    parse_real(item, v);
    return shortest(v);
  }
  return item;
}

std::string section_of(const std::string& key) {
  auto dot = key.rfind('.');
  return dot == std::string::npos ? "" : key.substr(0, dot);
}

}  // namespace

void Schema::validate(const ParameterSpec& spec, const std::string& full_key,
                      const ParameterValue& value) {
  auto fail = [&](const std::string& problem) {
    throw ConfigError(where_set(value.origin, full_key) + ": " + problem + " (allowed: " + spec.allowed() + ")");
  };
  if (value.sequence && !spec.list) fail("expects a single value, not a list");
  if (value.items.empty()) fail("the list is empty");
  for (const auto& item : value.items) {
    // Text goes into results and messages: valid UTF-8 without control characters, and the
    // offending bytes are never echoed.
    if (const std::string problem = text_problem(item); !problem.empty()) fail("the value " + problem);
    switch (spec.type) {
      case ValueType::Integer: {
        long long v;
        if (!parse_integer(item, v)) fail("'" + excerpt(item) + "' is not an integer");
        if (double(v) < spec.minimum || double(v) > spec.maximum) fail(excerpt(item) + " is out of range");
        break;
      }
      case ValueType::Real: {
        double v = 0;
        if (const std::string problem = parse_real(item, v); !problem.empty()) fail(problem);
        if (v < spec.minimum || v > spec.maximum) fail(excerpt(item) + " is out of range");
        break;
      }
      case ValueType::Boolean:
        if (item != "true" && item != "false") fail("'" + excerpt(item) + "' is not true or false");
        break;
      case ValueType::Choice: {
        bool known = false;
        for (const auto& c : spec.choices) known |= (c == item);
        if (!known) fail("'" + excerpt(item) + "' is not a known value");
        break;
      }
      case ValueType::Text:
        break;
    }
  }
}

ParameterSet Schema::resolve(const FlatEntries& entries, const FlatEntries& overrides,
                             const std::string& origin_name, const std::string& section_name) const {
  const std::string shown = section_name.empty() ? "" : section_name + ".";  // prefix of keys in messages
  // Later entries (overrides) win; remember the order of first appearance for error reporting.
  std::map<std::string, ParameterValue> given;
  std::vector<std::string> order;
  for (const auto* list : {&entries, &overrides})
    for (const auto& [key, value] : *list) {
      if (!given.count(key)) order.push_back(key);
      given[key] = value;
    }

  ParameterSet out;
  std::set<std::string> used;
  auto take = [&](const ParameterSpec& spec, const std::string& full_key) {
    ParameterValue value;
    auto it = given.find(full_key);
    if (it != given.end()) {
      value = it->second;
      used.insert(full_key);
    } else {
      value.items = {spec.default_value};
      value.origin = origin_name + " (default)";
      value.defaulted = true;
    }
    validate(spec, shown + full_key, value);
    for (auto& item : value.items) item = canonical(spec, item);
    out.set(full_key, value);
  };

  for (const auto& item : items_) {
    if (!item.is_section) {
      take(item.spec, item.spec.key);
      continue;
    }
    const auto& s = item.section;
    const std::string selector_key = s.prefix + "." + s.selector.key;
    take(s.selector, selector_key);
    for (const auto& p : s.parameters_of(out.text(selector_key))) take(p, s.prefix + "." + p.key);
  }

  for (const auto& key : order) {
    if (used.count(key)) continue;
    // Name what this section does accept — its keys and its subsections — so the user can see the
    // typo; under a section that does not exist ("netwrk.radix"), name that section instead.
    auto accepted_in = [&](const std::string& section) {
      const std::string lead = section.empty() ? "" : section + ".";
      std::set<std::string> names;
      for (const auto& [k, v] : out.values())
        if (k.compare(0, lead.size(), lead) == 0) {
          const std::string rest = k.substr(lead.size());
          names.insert(rest.substr(0, rest.find('.')));
        }
      return names;
    };
    std::string unknown = key;
    std::set<std::string> accepted = accepted_in(section_of(key));
    while (accepted.empty() && !section_of(unknown).empty()) {
      unknown = section_of(unknown);
      accepted = accepted_in(section_of(unknown));
    }
    std::string allowed;
    for (const auto& name : accepted) allowed += (allowed.empty() ? "" : ", ") + name;
    bool is_prefix_of_value = false, is_section = false;
    for (const auto& [k, v] : out.values()) {
      is_prefix_of_value |= key.compare(0, k.size() + 1, k + ".") == 0;
      is_section |= k.compare(0, key.size() + 1, key + ".") == 0;
    }
    const std::string problem = is_prefix_of_value ? "expects a value, not a mapping"
                                : is_section       ? "expects a mapping of its keys, not a value"
                                                   : "unknown key";
    // A section renamed since earlier releases says its new name.
    static const std::map<std::string, std::string> renamed = {{"power", "energy"}};
    const auto moved = unknown == key ? renamed.end() : renamed.find(unknown);
    throw ConfigError(given[key].origin + ": " + shown + excerpt(key, 120) + ": " + problem + " in this " + kind_ +
                      (unknown == key ? "" : ": it has no section " + excerpt(shown + unknown, 120)) +
                      (moved != renamed.end() ? " (it is " + moved->second + " now)"
                       : allowed.empty()      ? ""
                                              : " (allowed here: " + allowed + ")"));
  }
  return out;
}

namespace {
// A value as YAML reads it back: quoted when bare it would be YAML syntax or YAML's null ("~",
// "null"), which a text key would then refuse.
std::string yaml_scalar(const std::string& text) {
  const bool null_word = text == "~" || text == "null" || text == "Null" || text == "NULL";
  if (!null_word && !text.empty() && text.find_first_of(":#{}[],&*?|-<>=!%@`'\"\\ ") == std::string::npos)
    return text;
  std::string quoted = "\"";  // YAML double quotes: only \ and " need escaping (no control characters)
  for (char ch : text) quoted += ch == '"' || ch == '\\' ? std::string("\\") + ch : std::string(1, ch);
  return quoted + "\"";
}
// Numbers are canonical (resolve) and print bare, "-1" and "1.0e-05" included.
std::string scalar(const ParameterSpec& spec, const std::string& item) {
  return spec.type == ValueType::Integer || spec.type == ValueType::Real ? item : yaml_scalar(item);
}
}  // namespace

void Schema::add_need_to_every_key(const KeyNeed& need) {
  for (Item& item : items_) {
    if (!item.is_section) {
      item.spec.acts_when(need);
      continue;
    }
    item.section.selector.acts_when(need);
    item.section.parameters_of = [need, inner = item.section.parameters_of](const std::string& choice) {
      std::vector<ParameterSpec> specs = inner(choice);
      for (ParameterSpec& spec : specs) spec.acts_when(need);
      return specs;
    };
  }
}

std::vector<std::pair<std::string, ParameterSpec>> Schema::specs_of(const ParameterSet& values) const {
  std::vector<std::pair<std::string, ParameterSpec>> flat;
  for (const auto& item : items_) {
    if (!item.is_section) {
      flat.emplace_back(item.spec.key, item.spec);
      continue;
    }
    const auto& s = item.section;
    const std::string selector_key = s.prefix + "." + s.selector.key;
    ParameterSpec selector = s.selector;
    const std::string choice = values.text(selector_key);
    if (s.description_of) selector.description += " — " + choice + ": " + s.description_of(choice);
    flat.emplace_back(selector_key, selector);
    for (const auto& p : s.parameters_of(choice)) flat.emplace_back(s.prefix + "." + p.key, p);
  }
  return flat;
}

void Schema::each_key(const std::function<void(const std::string&, const std::string&, const ParameterSpec&)>& visit)
    const {
  for (const auto& item : items_) {
    if (!item.is_section) {
      visit("", item.spec.key, item.spec);
      continue;
    }
    const auto& s = item.section;
    const std::string selector_key = s.prefix + "." + s.selector.key;
    visit("", selector_key, s.selector);
    for (const std::string& choice : s.selector.choices)
      for (const auto& p : s.parameters_of(choice)) visit(selector_key + "=" + choice, s.prefix + "." + p.key, p);
  }
}

namespace {
bool holds(const KeyCondition& condition, const ParameterValue* value) {
  if (value == nullptr) return false;
  for (const std::string& item : value->items) {
    const bool listed = std::find(condition.values.begin(), condition.values.end(), item) != condition.values.end();
    if (listed != condition.other_than) return true;
  }
  return false;
}
std::string shown_value(const ParameterValue& value) {
  std::string text;
  for (std::size_t i = 0; i < value.items.size(); ++i)
    text += (i ? ", " : "") + (value.items[i].empty() ? std::string("\"\"") : excerpt(value.items[i]));
  return value.items.size() > 1 ? "[" + text + "]" : text;
}
}  // namespace

void Schema::refuse_idle_keys(const ParameterSet& values, const Lookup& lookup,
                              const std::function<bool(const std::string&)>& only) const {
  auto find = [&](const std::string& key) -> const ParameterValue* {
    const auto it = values.values().find(key);
    if (it != values.values().end()) return &it->second;
    return lookup ? lookup(key) : nullptr;
  };
  for (const auto& [key, spec] : specs_of(values)) {
    const ParameterValue& value = values.values().at(key);
    if (value.defaulted || spec.needs.empty() || (only && !only(key))) continue;
    const std::string default_value = canonical(spec, spec.default_value);
    bool at_default = true;
    for (const std::string& item : value.items) at_default &= item == default_value;
    if (at_default) continue;  // written as it would be anyway: a printed configuration reads back
    for (const KeyNeed& need : spec.needs) {
      bool met = false;
      for (const KeyCondition& condition : need.any_of) met |= holds(condition, find(condition.key));
      if (met) continue;
      // Name what the run has instead: the first condition's key, its value and where it was set.
      const KeyCondition& first = need.any_of.front();
      const ParameterValue* instead = find(first.key);
      const std::string here =
          instead == nullptr ? "this run has no " + first.key
                             : "here " + first.key + " is " + shown_value(*instead) + ", from " + instead->origin;
      throw ConfigError(values.problem(key, shown_value(value) + " changes nothing in this run: it acts only with " +
                                                need.what + " (" + here + ")"));
    }
  }
}

void Schema::print(std::ostream& os, const ParameterSet& values, int indent,
                   const std::function<bool(const std::string&)>& only) const {
  // Keys are printed in declaration order as nested YAML; each line carries its description.
  std::vector<std::string> open;  // currently open mapping path
  const std::vector<std::pair<std::string, ParameterSpec>> flat = specs_of(values);
  const std::string pad(indent, ' ');
  for (const auto& [key, spec] : flat) {
    if (only && !only(key)) continue;
    std::vector<std::string> parts;
    std::stringstream ss(key);
    for (std::string part; std::getline(ss, part, '.');) parts.push_back(part);
    std::size_t common = 0;
    while (common < open.size() && common + 1 < parts.size() && open[common] == parts[common]) ++common;
    open.resize(common);
    for (std::size_t i = common; i + 1 < parts.size(); ++i) {
      os << pad << std::string(2 * i, ' ') << parts[i] << ":\n";
      open.push_back(parts[i]);
    }
    const auto& value = values.values().at(key);
    std::string text;
    if (value.sequence || value.items.size() > 1) {
      text = "[";
      for (std::size_t i = 0; i < value.items.size(); ++i) text += (i ? ", " : "") + scalar(spec, value.items[i]);
      text += "]";
    } else {
      text = scalar(spec, value.items.at(0));
    }
    // A value the model filled in from another key is shown, commented out, so that the printed
    // configuration reads back to the same one and a changed key fills it anew.
    const std::string lead = value.filled_by.empty() ? "" : "# ";
    std::string line = pad + std::string(2 * (parts.size() - 1), ' ') + lead + parts.back() + ": " + text;
    if (line.size() < 44) line.resize(44, ' ');
    std::string needs;
    for (const KeyNeed& need : spec.needs) needs += "; acts only with " + need.what;
    os << line << "  # " << (value.filled_by.empty() ? spec.description : value.filled_by) << " ["
       << spec.allowed() << needs << "]\n";
  }
}

}  // namespace icn
