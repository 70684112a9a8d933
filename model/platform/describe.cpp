#include "platform/describe.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "congestion/congestion_controller.h"
#include "common/config_error.h"
#include "common/text.h"
#include "platform/configuration.h"
#include "routing/routing_function.h"
#include "topology/topology.h"
#include "traffic/destination_pattern.h"

namespace icn {

namespace {

using Json = nlohmann::ordered_json;

constexpr int kMostVcs = 8;

// A configuration to try: a platform (its text, and the name relative paths in it are read
// against) with --set overrides, and a small uniform stimulus of the pattern named.
struct Trial {
  std::string platform, platform_name;
  std::vector<std::string> settings;  // --set overrides of the network and the keys tried: "network.radix=4", …
  std::string routing, switching = "wormhole", pattern = "uniform", controller = "none";
  int vcs = 4;

  std::vector<std::string> overrides() const {
    std::vector<std::string> out = settings;
    if (!routing.empty()) out.push_back("routing.type=" + routing);
    for (const std::string& set : {"router.virtual_channels=" + std::to_string(vcs), "router.switching=" + switching,
                                   std::string("router.buffer_depth=16"), "congestion_control.type=" + controller,
                                   std::string("simulation.cycles=1000"), std::string("simulation.warmup=0")})
      out.push_back(set);
    return out;
  }
  // Whether the configuration reader accepts it.
  bool accepted() const {
    const std::string stimulus = "packet_length: 4\npattern:\n  type: " + pattern + "\ninjection:\n  rate: 0.001\n";
    try {
      load_configuration_text(platform, stimulus, overrides(), platform_name);
      return true;
    } catch (const std::exception&) {
      return false;
    }
  }
};

// The fewest VCs (1..kMostVcs) the trial is accepted with, under wormhole switching or, if it needs
// it, virtual cut-through; null if neither.
Json fewest_vcs(Trial t) {
  for (const char* switching : {"wormhole", "virtual_cut_through"}) {
    t.switching = switching;
    for (t.vcs = 1; t.vcs <= kMostVcs; ++t.vcs)
      if (t.accepted()) return Json{{"virtual_channels", t.vcs}, {"switching", switching}};
  }
  return nullptr;
}

// The congestion controllers accepted with the trial's routing, each with the values of its choice
// keys accepted there (congestion_control.distribution: metapackets go round the rows of a torus).
Json controllers_accepted(const Trial& trial) {
  Json controllers = Json::object();
  for (const std::string& name : ControllerRegistry::names()) {
    Trial t = trial;
    t.controller = name;
    if (!t.accepted()) continue;
    Json choices = Json::object();
    for (const ParameterSpec& spec : ControllerRegistry::get(name).parameters) {
      if (spec.type != ValueType::Choice || spec.list) continue;
      Json values = Json::array();
      for (const std::string& value : spec.choices) {
        Trial with = t;
        with.settings.push_back("congestion_control." + spec.key + "=" + value);
        if (with.accepted()) values.push_back(value);
      }
      choices[spec.key] = std::move(values);
    }
    controllers[name] = std::move(choices);
  }
  return controllers;
}

// Routing `name` on the trial's network: the fewest VCs it takes, and for each of its choice keys
// the values accepted here with the fewest VCs each (routing.dateline: counted takes one more per
// torus dimension), and the controllers accepted with it; null if it is not accepted.
Json routing_needs(Trial t, const std::string& name) {
  t.routing = name;
  Json needs = fewest_vcs(t);
  if (needs.is_null()) return needs;
  Json choices = Json::object();
  for (const ParameterSpec& spec : RoutingRegistry::get(name).parameters) {
    if (spec.type != ValueType::Choice || spec.list) continue;
    Json values = Json::object();
    for (const std::string& value : spec.choices) {
      Trial with = t;
      with.settings.push_back("routing." + spec.key + "=" + value);
      Json fewest = fewest_vcs(with);
      if (!fewest.is_null()) values[value] = fewest["virtual_channels"];
    }
    choices[spec.key] = std::move(values);
  }
  needs["choices"] = std::move(choices);
  t.vcs = std::max(4, needs["virtual_channels"].get<int>());
  t.switching = needs["switching"].get<std::string>();
  needs["controllers"] = controllers_accepted(t);
  return needs;
}

// What the configuration accepts on the network of `trial`: routings (each with its controllers),
// then, under the first of them (minimal or dimension order if accepted, with at least 4 VCs), the
// traffic patterns.
Json describe_network(const Trial& trial) {
  Json out;
  Json routings = Json::object();
  Trial base = trial;
  bool found = false;
  for (const std::string& name : RoutingRegistry::names()) {
    Json needs = routing_needs(trial, name);
    if (needs.is_null()) continue;
    if (!found || name == "minimal" || name == "dimension_order") {
      base.routing = name;
      base.vcs = std::max(4, needs["virtual_channels"].get<int>());
      base.switching = needs["switching"].get<std::string>();
      found = true;
    }
    routings[name] = std::move(needs);
  }
  Json patterns = Json::array();
  if (found) {
    const Configuration c = load_configuration_text(trial.platform, "injection:\n  rate: 0.001\n", base.overrides(),
                                                    trial.platform_name);
    const Topology& topology = c.platform.network.topology();
    out["describe"] = topology.describe();
    out["nodes"] = topology.node_count();
    out["routers"] = topology.router_count();
    out["direct"] = topology.is_direct();
    out["uniform_capacity"] = topology.uniform_capacity();
    for (const std::string& name : PatternRegistry::names()) {
      Trial t = base;
      t.pattern = name;
      if (t.accepted()) patterns.push_back(name);
    }
  }
  out["routings"] = std::move(routings);
  out["patterns"] = std::move(patterns);
  return out;
}

}  // namespace

void print_description_json(std::ostream& os, const std::string& platform_path) {
  Json out;
  if (!platform_path.empty()) {
    load_platform(platform_path);  // refused in one line here if it is not a platform
    std::string text;
    if (const std::string problem = read_file_bytes(platform_path, 16u << 20, text); !problem.empty())
      throw ConfigError(platform_path + ": cannot be read: " + problem);
    out["platform"] = describe_network(Trial{text, platform_path, {}, ""});
    os << out.dump(1) << "\n";
    return;
  }
  Json topologies = Json::object();
  for (const std::string& name : TopologyRegistry::names()) {
    const auto& entry = TopologyRegistry::get(name);
    Json t;
    t["description"] = entry.description;
    t["dimension_rows"] = entry.traits.dimension_rows;
    t["parameters"] = Json::array();
    for (const ParameterSpec& spec : entry.parameters) t["parameters"].push_back(spec.key);
    t["shapes"] = Json::array();
    for (const auto& shape : entry.traits.shapes) {
      Trial trial{"network:\n  topology: " + name + "\n", "describe", {}, ""};
      Json keys = Json::object();
      for (const auto& [key, value] : shape) {
        trial.settings.push_back("network." + key + "=" + value);
        keys["network." + key] = value;
      }
      Json described = describe_network(trial);
      described["keys"] = std::move(keys);
      t["shapes"].push_back(std::move(described));
    }
    topologies[name] = std::move(t);
  }
  out["topologies"] = std::move(topologies);
  Json routings = Json::object();
  for (const std::string& name : RoutingRegistry::names()) {
    const auto& entry = RoutingRegistry::get(name);
    routings[name] = {{"description", entry.description}, {"bubble_escape", entry.traits.bubble_escape}};
  }
  out["routings"] = std::move(routings);
  Json controllers = Json::object();
  for (const std::string& name : ControllerRegistry::names()) {
    const ControllerNeeds& needs = ControllerRegistry::get(name).traits;
    controllers[name] = {{"description", ControllerRegistry::get(name).description},
                         {"needs",
                          {{"own_vc_key", needs.own_vc ? Json(needs.own_vc_key) : Json()},
                           {"bubble_escape_routing", needs.bubble_escape_routing},
                           {"sideband", needs.sideband},
                           {"router_rule", needs.router_rule},
                           {"entropy_circuit", needs.entropy_circuit},
                           {"delivered_where_injected", needs.delivered_where_injected}}}};
  }
  out["controllers"] = std::move(controllers);
  Json patterns = Json::object();
  for (const std::string& name : PatternRegistry::names()) patterns[name] = PatternRegistry::get(name).description;
  out["patterns"] = std::move(patterns);
  os << out.dump(1) << "\n";
}

}  // namespace icn
