#pragma once
// A schema is the list of keys a document accepts. Plain keys are declared once with their type,
// range, default and description; a polymorphic section (routing, congestion_control, …) declares
// a selector key whose value picks a registry entry, and that entry's parameters become the
// section's other keys. resolve() validates a document against it; print() writes the resolved
// values back as commented YAML for --print-config.
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "common/parameters.h"
#include "platform/yaml_source.h"

namespace icn {

struct PolymorphicSection {
  std::string prefix;    // "routing"
  ParameterSpec selector;  // key relative to the prefix, e.g. "type"; a Choice
  // The parameter specs of one choice, keys relative to the prefix.
  std::function<std::vector<ParameterSpec>(const std::string& choice)> parameters_of;
  std::function<std::string(const std::string& choice)> description_of;
};

class Schema {
 public:
  explicit Schema(std::string document_kind) : kind_(std::move(document_kind)) {}

  void add(ParameterSpec spec) { items_.push_back(Item{std::move(spec), {}}); }
  // The keys a module declares for its section (RouterConfig::parameters(), …), under `prefix`.
  void add(const std::string& prefix, std::vector<ParameterSpec> specs) {
    for (ParameterSpec& spec : specs) {
      spec.key = prefix + "." + spec.key;
      add(std::move(spec));
    }
  }
  // Another schema's keys, in its order (a group of keys that share a need).
  void add(const Schema& other) { items_.insert(items_.end(), other.items_.begin(), other.items_.end()); }
  // Every key of the document, a section's included, needs `need` as well.
  void add_need_to_every_key(const KeyNeed& need);
  void add(PolymorphicSection section) {
    Item item;
    item.section = std::move(section);
    item.is_section = true;
    items_.push_back(std::move(item));
  }

  // Validates `entries` (from a file) with `overrides` applied on top; throws ConfigError. Errors
  // name keys under `section` ("phases.2") when it is given.
  ParameterSet resolve(const FlatEntries& entries, const FlatEntries& overrides, const std::string& origin_name,
                       const std::string& section = "") const;
  // `only`, when given, selects the keys printed (a trace stimulus prints no traffic keys).
  void print(std::ostream& os, const ParameterSet& values, int indent = 0,
             const std::function<bool(const std::string&)>& only = {}) const;

  // Every key of a resolved document, by full path, with its spec (a section's under its choice).
  std::vector<std::pair<std::string, ParameterSpec>> specs_of(const ParameterSet& values) const;
  // Every key this document can have: each section's keys under each of its choices (`choice` is
  // "routing.type=duato" for those, "" for the rest). For --print-schema.
  void each_key(const std::function<void(const std::string& choice, const std::string& key,
                                         const ParameterSpec& spec)>& visit) const;

  // Refuses, in one line, a key set away from its default while a need of it does not hold: it
  // would change nothing in this run (ParameterSpec::needs). `lookup` finds a key a condition names
  // that is not in `values` (the platform's, for a stimulus; a context's own facts), or nullptr.
  using Lookup = std::function<const ParameterValue*(const std::string& key)>;
  // `only`, when given, selects the keys checked.
  void refuse_idle_keys(const ParameterSet& values, const Lookup& lookup = {},
                        const std::function<bool(const std::string&)>& only = {}) const;

  // Validates one textual value against a spec (used by resolve and by registry-level checks).
  static void validate(const ParameterSpec& spec, const std::string& full_key,
                       const ParameterValue& value);

 private:
  struct Item {
    ParameterSpec spec;
    PolymorphicSection section;
    bool is_section = false;
  };

  std::string kind_;
  std::vector<Item> items_;
};

}  // namespace icn
