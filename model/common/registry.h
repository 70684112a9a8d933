#pragma once
// A registry of named implementations of one interface (routing functions, controllers,
// traffic patterns, …). Each implementation registers itself in its own .cpp with one line:
//   static const Registration<RoutingRegistry> reg{{"dimension_order", "…", specs, factory}};
// The YAML `type:` key picks an entry; the entry's parameter specs say which keys its section
// accepts, so validation and --print-config cover every implementation without edits elsewhere.
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/parameters.h"

namespace icn {

// What a kind of implementation declares about itself beyond its parameters (e.g. that a
// controller needs a router VC of its own), so that the configuration checks it without knowing
// implementations by name. Most kinds declare nothing.
struct NoTraits {};

template <typename Factory, typename Traits = NoTraits>
struct RegistryEntry {
  std::string name;
  std::string description;
  std::vector<ParameterSpec> parameters;  // keys relative to the section
  Factory create;
  Traits traits{};
};

template <typename Tag, typename Factory, typename Traits = NoTraits>
class Registry {
 public:
  using Entry = RegistryEntry<Factory, Traits>;

  static void add(Entry entry) {
    auto& entries = table();
    const std::string name = entry.name;
    if (!entries.emplace(name, std::move(entry)).second)
      throw std::logic_error(std::string(Tag::kind) + " registered twice: " + name);
  }
  static const Entry* find(const std::string& name) { return find_for_registration(name); }
  // An entry to extend while registering (a routing name with a variant per topology family).
  static Entry* find_for_registration(const std::string& name) {
    auto it = table().find(name);
    return it == table().end() ? nullptr : &it->second;
  }
  static const Entry& get(const std::string& name) {
    if (auto* e = find(name)) return *e;
    throw std::logic_error(std::string("unknown ") + Tag::kind + ": " + name);
  }
  static std::vector<std::string> names() {
    std::vector<std::string> out;
    for (const auto& [name, entry] : table()) out.push_back(name);
    return out;
  }

 private:
  // Function-local so registration from static initialisers in any order is safe.
  static std::map<std::string, Entry>& table() {
    static std::map<std::string, Entry> entries;
    return entries;
  }
};

template <typename RegistryType>
struct Registration {
  explicit Registration(typename RegistryType::Entry entry) { RegistryType::add(std::move(entry)); }
};

}  // namespace icn
