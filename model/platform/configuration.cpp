#include "platform/configuration.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <filesystem>
#include <sstream>

#include "congestion/congestion_controller.h"
#include "common/config_error.h"
#include "common/text.h"
#include "cores/device_map.h"
#include "platform/configuration_schema.h"
#include "platform/schema.h"
#include "platform/stimulus_document.h"
#include "platform/yaml_source.h"
#include "energy/energy_preset.h"
#include "routing/routing_function.h"
#include "traffic/injection_process.h"

namespace icn {

namespace {

// The router an energy.preset row must match: its ports as built (the network's and its terminals'
// channels), VCs per port and depth, and the clock the row was sized for.
PresetRouter preset_router(const Topology& topology, const PlatformConfig& c) {
  int most = 0, fewest = 1 << 30;
  for (NodeId r = 0; r < topology.router_count(); ++r) {
    most = std::max(most, topology.terminal_slots(r));
    fewest = std::min(fewest, topology.terminal_slots(r));
  }
  const int network = topology.network_ports();
  PresetRouter router;
  router.input_ports = network + most * c.network_interface.injection_channels;
  router.output_ports = network + most * c.network_interface.delivery_channels;
  router.fewest_input_ports = network + fewest * c.network_interface.injection_channels;
  router.vcs = vcs_per_port(c.router, c.deadlock);
  router.depth = c.router.buffer_depth;
  router.crossbar_per_vc = c.router.crossbar_input_per_vc;
  router.clock_period_ns = c.simulation.clock_period_ns;
  return router;
}

// The platform document resolved, with every key set away from its default acting in this run (a
// virtual platform's IP or icnsim's own generators and cores: kVirtualPlatform).
ParameterSet resolve_platform(const FlatEntries& entries, const FlatEntries& overrides, const std::string& name,
                              bool virtual_platform) {
  ParameterSet p = platform_schema().resolve(entries, overrides, name);
  if (virtual_platform && !p.given("simulation.warmup")) {
    // A platform's IP expects a bus that counts from time zero: its packets_delivered() after a
    // short run was 0 with the command line's 10,000-cycle warm-up. Set it to measure after booting.
    ParameterValue zero = p.values().at("simulation.warmup");
    zero.items = {"0"};
    zero.filled_by = "a virtual platform counts from time zero";
    p.set("simulation.warmup", zero);
  }
  ParameterValue fact;
  fact.items = {virtual_platform ? "true" : "false"};
  fact.origin = virtual_platform ? "a virtual platform" : "a run of icnsim's own";
  platform_schema().refuse_idle_keys(p, [&](const std::string& key) {
    return key == kVirtualPlatform ? &fact : nullptr;
  });
  return p;
}

// The platform document: each section read by its owner, in the order their rules need (the
// network first; the router's VCs after the controller's needs and the recovery).
PlatformConfig build_platform(const ParameterSet& p, const std::string& source) {
  PlatformConfig c;
  c.source = source;
  c.name = p.text("name");
  c.description = p.text("description");
  const SelectedImplementation network = SelectedImplementation::from(p, "network", "topology");
  c.network.type = network.type;
  try {
    c.network.shape = TopologyRegistry::get(network.type).create(network.parameters);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(network.origin + ": network.topology: " + network.type + ": " + e.what());
  }
  const Topology& topology = c.network.topology();
  const ParameterSet router = p.section("router");
  c.router = RouterConfig::from(router);
  c.routing = SelectedImplementation::from(p, "routing", "type");
  c.deadlock = DeadlockRecoveryConfig::from(p.section("deadlock"), topology);
  c.network_interface = NetworkInterfaceConfig::from(p.section("network_interface"), topology, c.router);
  c.congestion_control = SelectedImplementation::from(p, "congestion_control", "type");
  apply_controller_needs(c.congestion_control, c.routing, c.network.type, topology, c.router);
  c.tlm = TlmConfig::from(p.section("tlm"));
  c.sideband = SidebandConfig::from(p.section("sideband"));
  c.processor = ProcessorConfig::from(p.section("processor"), p.section("software"));
  if (c.processor.cores && topology.node_count() > ICN_REMOTE_NODES)
    throw ConfigError(p.problem("processor.type", "core: " + std::to_string(topology.node_count()) + " nodes, and the "
                                                  "cores' memory map has room for " + std::to_string(ICN_REMOTE_NODES) +
                                                  " (allowed: generator, or a smaller network)"));
  if (c.processor.cores && c.processor.memory_bytes % 4096 != 0)
    throw ConfigError(p.problem("processor.memory_bytes", std::to_string(c.processor.memory_bytes) + " is not a "
                                                          "whole number of 4 KiB pages (allowed: a multiple of 4096)"));
  c.simulation = SimulationConfig::from(p.section("simulation"), topology);
  c.resolved = p;
  if (!c.processor.program.empty()) {  // printed absolute: --print-config's output runs from any folder
    ParameterValue absolute = p.values().at("software.program");
    absolute.items = {c.processor.program};
    c.resolved.set("software.program", absolute);
  }
  if (p.text("energy.preset") != "none" || !p.text("energy.preset_shape").empty())  // walks the routers: only then
    apply_energy_preset(c.resolved, preset_router(topology, c));
  c.energy = EnergyConfig::from(c.resolved.section("energy"));
  // The routing function, built once: it judges here whether it can work on this network, and every
  // fabric built from this configuration routes with it (it keeps no state of a run).
  try {
    c.routing_function = RoutingRegistry::get(c.routing.type)
                             .create(RoutingContext{topology, c.router.virtual_channels, c.routing.parameters,
                                                    c.router.virtual_cut_through});
    c.router.packets_per_buffer = c.routing_function->packets_per_buffer();
  } catch (const std::invalid_argument& e) {
    throw ConfigError(c.routing.origin + ": routing.type: " + c.routing.type + " cannot run on this platform: " + e.what());
  }
  c.router.validate(router, c.deadlock, c.router.packets_per_buffer, c.routing.type);
  for (const auto& [key, value] : topology.resolved_keys()) {
    ParameterValue resolved = c.resolved.values().at("network." + key);
    resolved.items = {value};
    c.resolved.set("network." + key, resolved);
  }
  return c;
}

// "--set a.b=value": the value is YAML, so lists ("[torus, mesh]") work as in a file.
void split_overrides(const std::vector<std::string>& overrides, FlatEntries& platform, FlatEntries& stimulus) {
  for (const auto& text : overrides) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ConfigError("--set " + excerpt(text) + ": expected key.path=value");
    std::string key = text.substr(0, eq);
    // The pair becomes the YAML line "key: value": a line break or a key that is not a plain path
    // would smuggle in keys of its own.
    if (key.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") != std::string::npos)
      throw ConfigError("--set " + excerpt(key) + ": not a key path (allowed: letters, digits, _ and ., as in "
                                                  "router.virtual_channels)");
    if (const std::string problem = text_problem(text.substr(eq + 1)); !problem.empty())
      throw ConfigError("--set " + key + ": the value " + problem + " (allowed: one line of printable text)");
    FlatEntries parsed = read_yaml_text(key + ": " + text.substr(eq + 1), "--set " + key);
    for (auto& [k, v] : parsed) v.origin = "--set " + key;
    const std::string stimulus_prefix = "stimulus.";
    if (key.compare(0, stimulus_prefix.size(), stimulus_prefix) == 0) {
      for (auto& [k, v] : parsed) stimulus.emplace_back(k.substr(stimulus_prefix.size()), v);
    } else {
      for (auto& entry : parsed) platform.push_back(entry);
    }
  }
}

// The platform's address_map: a list of mappings, flattened by the reader into
// "address_map.<i>.<key>". Takes those entries (from the file, then the overrides) out of the lists
// the platform schema resolves, one pair per range in list order.
using ListElements = std::map<std::size_t, std::pair<FlatEntries, FlatEntries>>;

ListElements take_address_map(FlatEntries& entries, FlatEntries& overrides) {
  ListElements ranges;
  const std::string list = "address_map";
  for (FlatEntries* from : {&entries, &overrides}) {
    FlatEntries rest;
    for (auto& [key, value] : *from) {
      if (key.compare(0, list.size(), list) != 0 || (key.size() > list.size() && key[list.size()] != '.')) {
        rest.emplace_back(key, value);
        continue;
      }
      if (key == list && value.items.empty()) continue;  // an empty list: no TLM-2.0 ports
      const auto dot = key == list ? std::string::npos : key.find('.', list.size() + 1);
      const std::string index =
          dot == std::string::npos ? std::string() : key.substr(list.size() + 1, dot - list.size() - 1);
      if (index.empty() || index.find_first_not_of("0123456789") != std::string::npos) {
        throw ConfigError(value.origin + ": address_map: expected a list of ranges, each a mapping of base, size, "
                                         "node and target");
      }
      auto& element = ranges[std::stoul(index)];
      (from == &entries ? element.first : element.second).emplace_back(key.substr(dot + 1), value);
    }
    *from = std::move(rest);
  }
  return ranges;
}

// Validates each range against the network and the others: inside the network, not empty, disjoint.
void build_address_map(const ListElements& elements, const std::string& origin_name, PlatformConfig& c) {
  std::vector<AddressRange> ranges;
  std::vector<ParameterSet> resolved;
  for (const auto& [index, element] : elements) {
    const std::string section = "address_map." + std::to_string(index);
    const ParameterSet p =
        address_range_schema().resolve(element.first, element.second, origin_name, section).labelled(section);
    for (const char* key : {"base", "size", "node"})
      if (p.origin(key) == "default")
        throw ConfigError(origin_name + ": " + section + "." + key + ": missing (allowed: every range gives base, "
                                                                     "size and node)");
    AddressRange r{std::uint64_t(p.integer("base")), std::uint64_t(p.integer("size")), NodeId(p.integer("node")),
                   int(p.integer("target"))};
    const std::string& protocol = p.text("protocol");
    r.protocol = protocol == "blocking"              ? TargetProtocol::blocking
                 : protocol == "approximately_timed" ? TargetProtocol::approximately_timed
                                                     : TargetProtocol::platform;
    if (r.size == 0) throw ConfigError(p.problem("size", "0 bytes is no range (allowed: at least 1)"));
    if (r.node >= c.network.topology().node_count())
      throw ConfigError(p.problem("node", "this network has " + std::to_string(c.network.topology().node_count()) +
                                              " nodes (allowed: 0.." +
                                              std::to_string(c.network.topology().node_count() - 1) + ")"));
    // One target, one protocol: its ranges may not ask for two (the platform's default counting as one).
    auto effective = [&c](TargetProtocol given) {
      return given != TargetProtocol::platform ? given
             : c.tlm.nonblocking_targets       ? TargetProtocol::approximately_timed
                                               : TargetProtocol::blocking;
    };
    for (std::size_t other = 0; other < ranges.size(); ++other)
      if (ranges[other].node == r.node && ranges[other].target == r.target &&
          effective(ranges[other].protocol) != effective(r.protocol))
        throw ConfigError(p.problem("protocol", "node " + std::to_string(r.node) + "'s target " +
                                                    std::to_string(r.target) + " is called otherwise for address_map." +
                                                    std::to_string(std::next(elements.begin(), long(other))->first) +
                                                    " (allowed: one protocol per target)"));
    for (std::size_t other = 0; other < ranges.size(); ++other)
      if (r.base < ranges[other].base + ranges[other].size && ranges[other].base < r.base + r.size)
        throw ConfigError(p.problem("base", "the range overlaps address_map." +
                                                std::to_string(std::next(elements.begin(), long(other))->first) +
                                                " (allowed: disjoint ranges)"));
    ranges.push_back(r);
    resolved.push_back(p);
  }
  c.tlm.address_map = AddressMap(std::move(ranges));
  c.tlm.resolved_ranges = std::move(resolved);
}

Configuration build(const FlatEntries& platform_entries, const FlatEntries& stimulus_entries,
                    const std::vector<std::string>& overrides, const std::string& platform_name,
                    const std::string& stimulus_name, std::optional<std::uint64_t> seed,
                    const std::string& program = "") {
  FlatEntries platform_overrides, stimulus_overrides;
  if (!program.empty()) {  // set by the program argument, which messages name as the user wrote it
    for (const auto& [key, text] : {std::pair<std::string, std::string>{"processor.type", "core"}, {"software.program", program}}) {
      ParameterValue v;
      v.items = {text};
      v.origin = "the program argument " + program;
      platform_overrides.emplace_back(key, v);
    }
  }
  split_overrides(overrides, platform_overrides, stimulus_overrides);
  if (seed) {
    ParameterValue v;
    v.items = {std::to_string(*seed)};
    v.origin = "--seed";
    platform_overrides.emplace_back("simulation.seed", v);
  }
  FlatEntries entries = platform_entries;
  const ListElements ranges = take_address_map(entries, platform_overrides);
  Configuration c;
  c.platform = build_platform(resolve_platform(entries, platform_overrides, platform_name, false), platform_name);
  build_address_map(ranges, platform_name, c.platform);
  // Cores run their program: a stimulus key set on the command line, a phase's included, would change
  // nothing (a stimulus file given with cores is refused whole, load_configuration).
  if (c.platform.processor.cores && !stimulus_overrides.empty()) {
    const auto& [key, value] = stimulus_overrides.front();
    throw ConfigError(where_set(value.origin, key) + ": " + excerpt(value.items.empty() ? "" : value.items.front()) +
                      " changes nothing in this run: it acts only with traffic generators (processor.type: generator) "
                      "(here processor.type is core, from " + c.platform.resolved.origin("processor.type") + ")");
  }
  c.stimulus = build_stimulus(stimulus_entries, stimulus_overrides, stimulus_name, c.platform);
  if (c.platform.router.virtual_cut_through) {  // whole packets must fit in one VC buffer
    // Cores send no stimulus: their messages go in parts that fit a buffer (Fabric::longest_packet),
    // the shortest a header and one data flit.
    const bool cores = c.platform.processor.cores;
    std::uint64_t longest = cores ? 2 : 0;
    if (!cores)
      for (const auto& phase : c.stimulus.phases)
        for (int l : phase.packets.lengths) longest = std::max<std::uint64_t>(longest, std::uint64_t(l));
    if (c.stimulus.trace)
      for (const auto& program : c.stimulus.trace->programs)
        for (const auto& e : program)
          if (e.kind == TraceEvent::Kind::Send) longest = std::max(longest, e.amount);
    const std::uint64_t packets = std::uint64_t(c.platform.router.packets_per_buffer);
    if (longest * packets > std::uint64_t(c.platform.router.buffer_depth)) {
      const std::string whose = cores ? "" : "the stimulus' ";
      const std::string length = cores ? "2-flit packets (a core's request: a header and one data flit)"
                                       : std::to_string(longest) + "-flit packets";
      throw ConfigError(c.platform.resolved.problem(
          "router.buffer_depth",
          std::to_string(c.platform.router.buffer_depth) + " flits cannot hold " +
              (packets == 1 ? whose + length + " under virtual cut-through"
                            : std::to_string(packets) + " of " + whose + length + ", which " +
                                  c.platform.routing.type + " routing needs per buffer") +
              " (allowed: at least " + std::to_string(longest * packets) + ")"));
    }
  }
  return c;
}

PlatformConfig platform_only(const FlatEntries& entries, const std::vector<std::string>& overrides,
                             const std::string& name) {
  // A stimulus section (a file --print-config wrote) is another document's business here.
  FlatEntries platform, platform_overrides, stimulus_overrides;
  for (const auto& entry : entries)
    if (entry.first != "stimulus" && entry.first.compare(0, 9, "stimulus.") != 0) platform.push_back(entry);
  split_overrides(overrides, platform_overrides, stimulus_overrides);
  if (!stimulus_overrides.empty())
    throw ConfigError(stimulus_overrides.front().second.origin + ": a platform alone has no stimulus (allowed: "
                                                                 "platform keys)");
  const ListElements ranges = take_address_map(platform, platform_overrides);
  PlatformConfig c = build_platform(resolve_platform(platform, platform_overrides, name, true), name);
  build_address_map(ranges, name, c);
  return c;
}

}  // namespace

PlatformConfig load_platform(const std::string& path, const std::vector<std::string>& overrides) {
  return platform_only(read_yaml_file(path), overrides, path);
}

PlatformConfig load_platform_text(const std::string& yaml, const std::vector<std::string>& overrides,
                                  const std::string& name) {
  return platform_only(read_yaml_text(yaml, name), overrides, name);
}

StimulusConfig load_stimulus_text(const std::string& yaml, const PlatformConfig& platform,
                                  const std::vector<std::string>& overrides, const std::string& name) {
  FlatEntries platform_overrides, stimulus_overrides;
  std::vector<std::string> prefixed;
  for (const auto& o : overrides) prefixed.push_back("stimulus." + o);
  split_overrides(prefixed, platform_overrides, stimulus_overrides);
  return build_stimulus(read_yaml_text(yaml, name), stimulus_overrides, name, platform);
}

StimulusConfig load_stimulus(const std::string& path, const PlatformConfig& platform,
                             const std::vector<std::string>& overrides) {
  FlatEntries platform_overrides, stimulus_overrides;
  std::vector<std::string> prefixed;
  for (const auto& o : overrides) prefixed.push_back("stimulus." + o);
  split_overrides(prefixed, platform_overrides, stimulus_overrides);
  return build_stimulus(read_yaml_file(path), stimulus_overrides, path, platform);
}

namespace {

// A stimulus drives generators; cores run their program instead, and a stimulus would go unused.
Configuration without_cores(Configuration c) {
  if (c.platform.processor.cores)
    throw ConfigError(c.platform.resolved.problem("processor.type", "core runs software.program, and a stimulus (" +
                                                                        c.stimulus.source + ") is given too (allowed: "
                                                                        "no stimulus with cores, or processor.type: generator)"));
  return c;
}

}  // namespace

Configuration load_configuration(const std::string& platform_path, const std::string& stimulus_path,
                                 const std::vector<std::string>& overrides, std::optional<std::uint64_t> seed,
                                 const std::string& program) {
  // A platform file may carry its stimulus in a `stimulus:` section (what --print-config prints);
  // then no stimulus file is given.
  FlatEntries platform, stimulus;
  const std::string section = "stimulus.";
  for (auto& entry : read_yaml_file(platform_path)) {
    if (entry.first == "stimulus")
      throw ConfigError(entry.second.origin + ": stimulus: is not a mapping (allowed: a mapping of stimulus keys)");
    if (entry.first.compare(0, section.size(), section) == 0)
      stimulus.emplace_back(entry.first.substr(section.size()), std::move(entry.second));
    else
      platform.push_back(std::move(entry));
  }
  if (stimulus_path.empty()) {
    if (stimulus.empty()) {  // cores run a program; generators need a stimulus
      Configuration c = build(platform, {}, overrides, platform_path, "none", seed, program);
      if (c.platform.processor.cores) {  // the program stands where a stimulus would, in the result and summary
        c.stimulus.name = std::filesystem::path(c.platform.processor.program).stem().string();
        c.stimulus.source = c.platform.processor.program;
        return c;
      }
    }
    if (stimulus.empty())
      throw ConfigError(platform_path + ": has no stimulus: section and no stimulus file is given (allowed: icnsim "
                                        "PLATFORM.yaml STIMULUS.yaml, or one file with a stimulus: section)");
    return without_cores(build(platform, stimulus, overrides, platform_path, platform_path, seed, program));
  }
  if (!stimulus.empty())
    throw ConfigError(stimulus.front().second.origin + ": stimulus: this file holds a stimulus and " + stimulus_path +
                      " is given too (allowed: one of them)");
  return without_cores(
      build(platform, read_yaml_file(stimulus_path), overrides, platform_path, stimulus_path, seed, program));
}

Configuration load_configuration_text(const std::string& platform_yaml, const std::string& stimulus_yaml,
                                      const std::vector<std::string>& overrides,
                                      const std::string& platform_name, const std::string& stimulus_name) {
  return build(read_yaml_text(platform_yaml, platform_name), read_yaml_text(stimulus_yaml, stimulus_name),
               overrides, platform_name, stimulus_name, std::nullopt);
}

void print_configuration(std::ostream& os, const Configuration& c) {
  os << "# platform: " << c.platform.source << "\n";
  platform_schema().print(os, c.platform.resolved);
  if (!c.platform.tlm.resolved_ranges.empty()) os << "address_map:\n";
  for (const auto& range : c.platform.tlm.resolved_ranges) {
    std::ostringstream text;
    address_range_schema().print(text, range, 4);
    std::string block = text.str();
    block.replace(0, 4, "  - ");  // the first key opens the list element
    os << block;
  }
  if (c.platform.processor.cores) return;  // the cores run software.program: no stimulus
  os << "# stimulus: " << c.stimulus.source << " (override with --set stimulus.KEY=VALUE)\n";
  os << "stimulus:\n";
  const bool trace = !c.stimulus.resolved.text("trace").empty();
  // The waiting limit exists only for attempt sources (given otherwise, it is refused).
  const bool attempts = c.stimulus.attempts;
  // A process that sets its own pace has no rate to print (one written beside it is refused).
  const bool rate =
      trace || ProcessRegistry::get(c.stimulus.resolved.text("injection.process")).traits.uses_rate;
  stimulus_schema().print(os, c.stimulus.resolved, 2, [trace, attempts, rate](const std::string& key) {
    if (key == "source.waiting_limit" && !attempts) return false;
    if (key == "injection.rate" && !rate) return false;
    return !trace || key == "name" || key == "description" || key == "trace";
  });
  if (!c.stimulus.resolved_phases.empty()) os << "  phases:\n";
  for (const auto& phase : c.stimulus.resolved_phases) {
    std::ostringstream text;
    const bool phase_rate = ProcessRegistry::get(phase.text("injection.process")).traits.uses_rate;
    phase_schema().print(text, phase, 6, [phase_rate](const std::string& key) {
      return key != "injection.rate" || phase_rate;
    });
    std::string block = text.str();
    block.replace(0, 6, "    - ");  // the first key opens the list element
    os << block;
  }
}

NetworkInterfaceConfig effective_network_interface(const Configuration& configuration) {
  NetworkInterfaceConfig ni = configuration.platform.network_interface;
  if (configuration.stimulus.attempts) {
    const std::uint64_t limit = configuration.stimulus.waiting_limit;
    ni.source_queue_limit = ni.source_queue_limit > 0 ? std::min(ni.source_queue_limit, limit) : limit;
    ni.drop_when_full = true;
  }
  return ni;
}

}  // namespace icn
