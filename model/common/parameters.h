#pragma once
// Declared configuration keys and their validated values. A ParameterSpec says what a key is,
// what it accepts and its default; a ParameterSet holds the values after validation. Modules read
// typed values from a ParameterSet once, at construction — never YAML.
#include <map>
#include <string>
#include <vector>

namespace icn {

enum class ValueType { Integer, Real, Boolean, Text, Choice };

// An integer as a configuration writes it: decimal, or hexadecimal after 0x.
bool parse_integer_text(const std::string& text, long long& out);

// One condition on another key: its value (any item of a list) is one of `values`, or, `other_than`,
// is not. A key absent from the run (a section's key under another choice) meets no condition.
struct KeyCondition {
  std::string key;  // the key's full path: in the same document, else in the platform
  std::vector<std::string> values;
  bool other_than = false;
};

// What a key needs to act: one of `any_of` holding. A key set away from its default while a need of
// it does not hold would change nothing in the run, and the configuration refuses it in one line
// (Schema::refuse_idle_keys) that says `what`: "an energy model (energy.model: events)".
struct KeyNeed {
  std::string what;
  std::vector<KeyCondition> any_of;
};

struct ParameterSpec {
  std::string key;            // dotted path, relative to the section that declares it
  ValueType type = ValueType::Integer;
  std::string default_value;  // textual, parsed and validated like user input
  double minimum = 0;         // Integer / Real, inclusive
  double maximum = 0;
  std::vector<std::string> choices;  // Choice
  bool list = false;          // accepts a YAML sequence (or one value, meaning "the same for all")
  std::string description;
  std::vector<KeyNeed> needs;  // all of them, for the key to act (empty: it acts in every run)

  std::string allowed() const;  // "integer 1..64", "one of torus, mesh", …

  static ParameterSpec integer(std::string key, long long def, long long min, long long max,
                               std::string description);
  static ParameterSpec real(std::string key, double def, double min, double max,
                            std::string description);
  static ParameterSpec boolean(std::string key, bool def, std::string description);
  static ParameterSpec text(std::string key, std::string def, std::string description);
  static ParameterSpec choice(std::string key, std::string def, std::vector<std::string> choices,
                              std::string description);
  ParameterSpec& as_list() { list = true; return *this; }
  // The key acts only where `key`'s value is one of `values` (acts_when) or none of them (acts_unless).
  ParameterSpec& acts_when(std::string what, std::string key, std::vector<std::string> values) {
    needs.push_back({std::move(what), {{std::move(key), std::move(values), false}}});
    return *this;
  }
  ParameterSpec& acts_unless(std::string what, std::string key, std::vector<std::string> values) {
    needs.push_back({std::move(what), {{std::move(key), std::move(values), true}}});
    return *this;
  }
  ParameterSpec& acts_when(KeyNeed need) {
    needs.push_back(std::move(need));
    return *this;
  }
};

struct ParameterValue {
  std::vector<std::string> items;  // one item for a scalar
  std::string origin;              // "file:line" or "--set" or "default"
  bool sequence = false;
  bool defaulted = false;          // the spec's default: the user did not give it
  std::string filled_by;           // set by the model from another key (energy.preset): printed as a comment
};

// Where a key was set and its path, for a message: "file.yaml:7: router.buffer_depth", or
// "--set router.buffer_depth" alone for the key the user wrote on the command line.
std::string where_set(const std::string& origin, const std::string& key);

// A path a key gives, relative to the file that set it (its origin "dir/platform.yaml:7"), as every path
// in a configuration file is; given on the command line ("--set …") or absolute, as it is.
std::string path_beside_origin(const std::string& path, const std::string& origin);

class ParameterSet {
 public:
  // Every key of `specs` at its default (an implementation built in C++, or a test), then `given`.
  static ParameterSet defaults(const std::vector<ParameterSpec>& specs,
                               const std::map<std::string, std::string>& given = {});
  void set(const std::string& key, ParameterValue value) { values_[key] = std::move(value); }
  bool has(const std::string& key) const { return values_.count(key) != 0; }

  long long integer(const std::string& key) const;
  double real(const std::string& key) const;
  bool boolean(const std::string& key) const;
  const std::string& text(const std::string& key) const;
  std::vector<long long> integers(const std::string& key) const;
  std::vector<double> reals(const std::string& key) const;
  const std::vector<std::string>& texts(const std::string& key) const;
  const std::string& origin(const std::string& key) const;
  bool given(const std::string& key) const { return !get(key).defaulted; }  // by the user, not a default

  // The values under `prefix.` with the prefix removed (a polymorphic section's parameters).
  ParameterSet section(const std::string& prefix) const;
  // The same values, labelled as the section `prefix` (for the paths named in errors).
  ParameterSet labelled(const std::string& prefix) const {
    ParameterSet out = *this;
    out.prefix_ = prefix;
    return out;
  }
  // A one-line error about `key` of this set, naming where it was set and its full path, for a
  // ConfigError thrown by the implementation that owns the section.
  std::string problem(const std::string& key, const std::string& what) const;
  const std::map<std::string, ParameterValue>& values() const { return values_; }

 private:
  const ParameterValue& get(const std::string& key) const;
  std::map<std::string, ParameterValue> values_;
  std::string prefix_;  // the section these keys belong to ("" for a whole document)
};

}  // namespace icn
