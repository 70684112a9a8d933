#include "platform/schema_json.h"

#include <nlohmann/json.hpp>

#include "platform/configuration_schema.h"
#include "platform/schema.h"

namespace icn {

namespace {

const char* type_name(ValueType type) {
  switch (type) {
    case ValueType::Integer: return "integer";
    case ValueType::Real: return "number";
    case ValueType::Boolean: return "boolean";
    case ValueType::Text: return "text";
    case ValueType::Choice: return "choice";
  }
  return "text";
}

nlohmann::ordered_json keys_of(const Schema& schema) {
  nlohmann::ordered_json keys = nlohmann::ordered_json::array();
  schema.each_key([&](const std::string& choice, const std::string& key, const ParameterSpec& spec) {
    nlohmann::ordered_json k;
    k["key"] = key;
    k["under"] = choice;  // "routing.type=duato": the key exists only with that choice
    k["type"] = type_name(spec.type);
    k["default"] = spec.default_value;
    if (spec.type == ValueType::Integer || spec.type == ValueType::Real) {
      k["minimum"] = spec.minimum;
      k["maximum"] = spec.maximum;
    }
    if (spec.type == ValueType::Choice) k["choices"] = spec.choices;
    k["list"] = spec.list;
    k["description"] = spec.description;
    nlohmann::ordered_json needs = nlohmann::ordered_json::array();
    for (const KeyNeed& need : spec.needs) {
      nlohmann::ordered_json n;
      n["what"] = need.what;
      n["any_of"] = nlohmann::ordered_json::array();
      for (const KeyCondition& c : need.any_of)
        n["any_of"].push_back({{"key", c.key}, {"values", c.values}, {"other_than", c.other_than}});
      needs.push_back(n);
    }
    k["needs"] = needs;
    keys.push_back(k);
  });
  return keys;
}

}  // namespace

void print_schema_json(std::ostream& os) {
  nlohmann::ordered_json out;
  out["facts"] = {{kVirtualPlatform, "true where a virtual platform's own IP drives the nodes, false in a run of "
                                     "icnsim's own: not a key"}};
  out["platform"] = keys_of(platform_schema());
  out["stimulus"] = keys_of(stimulus_schema());
  out["phase"] = keys_of(phase_schema());
  os << out.dump(1) << "\n";
}

}  // namespace icn
