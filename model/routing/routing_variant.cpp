// A routing name with a variant per topology family (routing_function.h, RoutingVariant).
#include <map>
#include <stdexcept>

#include "routing/routing_function.h"
#include "topology/topology.h"

namespace icn {
namespace {

// Every name's variants, in registration order (function-local: static initialisers run in any order).
std::map<std::string, std::vector<RoutingVariant>>& variants() {
  static std::map<std::string, std::vector<RoutingVariant>> all;
  return all;
}

std::unique_ptr<RoutingFunction> create_variant(const std::string& name, const RoutingContext& c) {
  const std::vector<RoutingVariant>& these = variants().at(name);
  std::string families;
  for (const RoutingVariant& v : these) {
    families += (families.empty() ? "a " : " or a ") + v.family;
    if (!v.applies(c.topology)) continue;
    for (const RoutingVariant& other : these)
      for (const ParameterSpec& spec : other.parameters) {
        bool own = false;
        for (const ParameterSpec& mine : v.parameters) own = own || mine.key == spec.key;
        // A printed configuration carries every key at its value: only a value other than the
        // default says the user meant the other family's mechanism.
        if (!own && c.parameters.has(spec.key) && c.parameters.given(spec.key) &&
            c.parameters.values().at(spec.key).items != std::vector<std::string>{spec.default_value})
          throw std::invalid_argument("routing." + spec.key + " belongs to " + name + " routing on a " + other.family +
                                      ", not on a " + v.family);
      }
    return v.create(c);
  }
  throw std::invalid_argument(name + " routing needs " + families + " (this network is a " + c.topology.describe() +
                              ")");
}

}  // namespace

void register_routing_variant(const std::string& name, RoutingVariant variant) {
  std::vector<RoutingVariant>& these = variants()[name];
  these.push_back(variant);
  // The entry's keys say which family they belong to (--print-config shows them on any topology).
  std::vector<ParameterSpec> keys = variant.parameters;
  for (ParameterSpec& spec : keys) spec.description = "on a " + variant.family + ", " + spec.description;
  RoutingRegistry::Entry* entry = RoutingRegistry::find_for_registration(name);
  if (!entry) {
    RoutingRegistry::add({name, variant.family + ": " + variant.description, keys,
                          [name](const RoutingContext& c) { return create_variant(name, c); }});
    return;
  }
  entry->description += "; " + variant.family + ": " + variant.description;
  for (const ParameterSpec& spec : keys) {
    bool known = false;
    for (const ParameterSpec& had : entry->parameters) known = known || had.key == spec.key;
    if (!known) entry->parameters.push_back(spec);
  }
}

}  // namespace icn
