#include "platform/configuration.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <set>
#include <filesystem>
#include <sstream>

#include "congestion/congestion_controller.h"
#include "core/config_error.h"
#include "core/text.h"
#include "cores/device_map.h"
#include "platform/configuration_schema.h"
#include "platform/schema.h"
#include "platform/yaml_source.h"
#include "power/power_preset.h"
#include "routing/routing_function.h"
#include "traffic/injection_process.h"

namespace icn {

namespace {

// The router a power.preset row must match: its ports as built (the network's and its terminals'
// channels), lanes per port and depth, and the clock the row was sized for.
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
  router.lanes = lanes_per_port(c.router, c.deadlock);
  router.depth = c.router.buffer_depth;
  router.crossbar_per_lane = c.router.crossbar_input_per_lane;
  router.clock_period_ns = c.simulation.clock_period_ns;
  return router;
}

// The platform document resolved, with every key set away from its default acting in this run (a
// virtual platform's IP or icnsim's own generators and cores: kVirtualPlatform).
ParameterSet resolve_platform(const FlatEntries& entries, const FlatEntries& overrides, const std::string& name,
                              bool virtual_platform) {
  ParameterSet p = platform_schema().resolve(entries, overrides, name);
  ParameterValue fact;
  fact.items = {virtual_platform ? "true" : "false"};
  fact.origin = virtual_platform ? "a virtual platform" : "a run of icnsim's own";
  platform_schema().refuse_idle_keys(p, [&](const std::string& key) {
    return key == kVirtualPlatform ? &fact : nullptr;
  });
  return p;
}

// A stimulus key a condition names that the stimulus document does not hold: the platform's.
Schema::Lookup in_platform(const PlatformConfig& platform) {
  return [&platform](const std::string& key) -> const ParameterValue* {
    const auto it = platform.resolved.values().find(key);
    return it == platform.resolved.values().end() ? nullptr : &it->second;
  };
}

// The platform document: each section read by its owner, in the order their rules need (the
// network first; the router's lanes after the controller's needs and the recovery).
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
  apply_controller_needs(c.congestion_control, c.routing, topology, c.router);
  c.tlm = TlmConfig::from(p.section("tlm"));
  c.sideband = SidebandConfig::from(p.section("sideband"));
  c.processor = ProcessorConfig::from(p.section("processor"), p.section("software"));
  if (c.processor.iss && topology.node_count() > ICN_REMOTE_NODES)
    throw ConfigError(p.problem("processor.type", "iss: " + std::to_string(topology.node_count()) + " nodes, and the "
                                                  "cores' memory map has room for " + std::to_string(ICN_REMOTE_NODES) +
                                                  " (allowed: generator, or a smaller network)"));
  if (c.processor.iss && c.processor.memory_bytes % 4096 != 0)
    throw ConfigError(p.problem("processor.memory_bytes", std::to_string(c.processor.memory_bytes) + " is not a "
                                                          "whole number of 4 KiB pages (allowed: a multiple of 4096)"));
  c.simulation = SimulationConfig::from(p.section("simulation"), topology);
  c.resolved = p;
  if (!c.processor.program.empty()) {  // printed absolute: --print-config's output runs from any folder
    ParameterValue absolute = p.values().at("software.program");
    absolute.items = {c.processor.program};
    c.resolved.set("software.program", absolute);
  }
  if (p.text("power.preset") != "none" || !p.text("power.preset_shape").empty())  // walks the routers: only then
    apply_power_preset(c.resolved, preset_router(topology, c));
  c.power = PowerConfig::from(c.resolved.section("power"));
  // Let the chosen routing function judge whether it can work on this network.
  int packets_per_buffer = 1;
  try {
    packets_per_buffer =
        RoutingRegistry::get(c.routing.type)
            .create(RoutingContext{topology, c.router.virtual_channels, c.routing.parameters, c.router.virtual_cut_through})
            ->packets_per_buffer();
  } catch (const std::invalid_argument& e) {
    throw ConfigError(c.routing.origin + ": routing.type: " + c.routing.type + " cannot run on this platform: " + e.what());
  }
  c.router.validate(router, c.deadlock, packets_per_buffer, c.routing.type);
  for (const auto& [key, value] : topology.resolved_keys()) {
    ParameterValue resolved = c.resolved.values().at("network." + key);
    resolved.items = {value};
    c.resolved.set("network." + key, resolved);
  }
  return c;
}

// Whether a phase's (or a stimulus') injection process reads injection.rate.
bool uses_rate(const ParameterSet& p) { return ProcessRegistry::get(p.text("injection.process")).traits.uses_rate; }

// A rate written (in `lists`) where the process that would read it sets its own pace: refused, not ignored.
void refuse_unused_rate(const ParameterSet& p, std::initializer_list<const FlatEntries*> lists, const std::string& scope) {
  for (const auto* list : lists)
    for (const auto& [key, value] : *list)
      if (key == "injection.rate")
        throw ConfigError(value.origin + ": " + scope + "injection.rate: the " + p.text("injection.process") +
                          " process does not use a rate (allowed: no injection.rate with process " +
                          p.text("injection.process") + ")");
}

// A stimulus document split: its top-level keys and, per phase, the phase's own keys (file and
// overrides apart), as "phases.<i>.<key>" flattened them.
struct StimulusEntries {
  FlatEntries top, top_overrides;
  std::map<std::size_t, std::pair<FlatEntries, FlatEntries>> phases;
};

StimulusEntries split_stimulus(const FlatEntries& entries, const FlatEntries& overrides) {
  StimulusEntries e;
  auto split = [&](const FlatEntries& from, FlatEntries& to_top, bool is_override) {
    for (const auto& [key, value] : from) {
      if (key == "phases")  // a list that is empty or not of mappings: it did not flatten into phases
        throw ConfigError(value.origin + ": phases: " +
                          (value.items.empty() ? std::string("the list is empty") : "is not a list of phase mappings") +
                          " (allowed: a list of at least one phase, each a mapping of traffic keys and an end)");
      if (key.rfind("phases.", 0) != 0) {
        to_top.emplace_back(key, value);
        continue;
      }
      const std::string rest = key.substr(7);
      const auto dot = rest.find('.');
      std::size_t index = 0;
      try {
        index = std::stoul(rest.substr(0, dot));
      } catch (const std::exception&) {
        dot == std::string::npos ? throw ConfigError(value.origin + ": phases: expected a list of phases")
                                 : throw ConfigError(value.origin + ": " + key + ": unknown key in this stimulus");
      }
      if (dot == std::string::npos) throw ConfigError(value.origin + ": phases: every phase must be a mapping");
      auto& slot = e.phases[index];
      (is_override ? slot.second : slot.first).emplace_back(rest.substr(dot + 1), value);
    }
  };
  split(entries, e.top, false);
  split(overrides, e.top_overrides, true);
  return e;
}

// A trace stimulus: all its traffic from the trace, which no other traffic key may change.
void read_trace_stimulus(StimulusConfig& s, const ParameterSet& p, const StimulusEntries& e, const std::string& source,
                         const PlatformConfig& platform) {
  const FlatEntries& top = e.top;
  const FlatEntries& top_overrides = e.top_overrides;
  for (const auto* list : {&top, &top_overrides})
    for (const auto& [key, value] : *list)
      if (is_traffic_key(key) || key == "repeat")
        throw ConfigError(value.origin + ": " + key + ": a trace stimulus takes its traffic from the trace (allowed with trace: name, description)");
  if (!e.phases.empty()) throw ConfigError(p.problem("trace", "a trace stimulus has no phases"));
  if (s.attempts)
    throw ConfigError(p.problem("source.model", "a trace's messages cannot fail: its receives would wait for ever "
                                                "(allowed with a trace: queue)"));
  if (platform.network_interface.source_queue_limit > 0 && platform.network_interface.drop_when_full)
    throw ConfigError(platform.resolved.problem(
        "network_interface.source_queue_full",
        "a trace's messages cannot be dropped: its receives would wait for ever (allowed with a trace: block)"));
  std::string path = p.text("trace");
  const auto slash = source.rfind('/');
  if (path[0] != '/' && slash != std::string::npos) path = source.substr(0, slash + 1) + path;
  s.trace = std::make_shared<const Trace>(read_trace(path, platform.network.topology().node_count()));
  // Printed absolute, so that --print-config's output runs as it is from any folder.
  ParameterValue absolute = p.values().at("trace");
  absolute.items = {std::filesystem::absolute(path).lexically_normal().string()};
  s.resolved.set("trace", absolute);
  PhaseConfig phase = PhaseConfig::from(p, platform.network.topology(), platform.simulation.seed, false);
  phase.injection.rate = 0;
  phase.injection.packets_per_cycle = 0;
  phase.name = "trace";
  s.phases.push_back(phase);
}

// A stimulus with phases: each from the top-level traffic keys, then its own; every phase but the
// last has an end.
void read_phases(StimulusConfig& s, const ParameterSet& p, const StimulusEntries& e, const std::string& source,
                 const PlatformConfig& platform) {
  const FlatEntries& top = e.top;
  const FlatEntries& top_overrides = e.top_overrides;
  const auto& phase_entries = e.phases;
  s.phased = true;
  // Each phase starts from the traffic keys written at the top level, then its own.
  FlatEntries inherited;
  for (const auto* list : {&top, &top_overrides})
    for (const auto& entry : *list)
      if (is_traffic_key(entry.first)) inherited.push_back(entry);
  // An override must take effect: a phase the file does not have is not made up from --set keys,
  // and a top-level traffic key that every phase sets for itself would change nothing.
  std::size_t written = 0;
  for (const auto& [index, own] : phase_entries) written += own.first.empty() ? 0 : 1;
  for (const auto& [index, own] : phase_entries)
    if (own.first.empty())
      throw ConfigError(own.second.front().second.origin + ": phases." + std::to_string(index) + ": the stimulus has " +
                        (written == 0 ? std::string("no phases list")
                                      : count_of(written, "phase", "phases") + " (allowed: phases.0 .. phases." +
                                            std::to_string(written - 1) + ")"));
  for (const auto& [key, value] : top_overrides) {
    if (!is_traffic_key(key)) continue;
    bool everywhere = true;
    for (const auto& [index, own] : phase_entries) {
      bool own_key = false;
      for (const auto& entry : own.first) own_key |= entry.first == key;
      everywhere &= own_key;
    }
    if (everywhere)
      throw ConfigError(value.origin + ": " + key + ": every phase sets its own " + key + ", so this changes nothing "
                        "(allowed: --set stimulus.phases.N." + key + ")");
  }
  std::size_t expected = 0;
  std::vector<std::string> where;  // "file:line" of each phase's first key, for its messages
  bool any_phase_uses_rate = false;
  for (auto& [index, own] : phase_entries) {
    const std::string origin = own.first.front().second.origin;
    if (index != expected)
      throw ConfigError(origin + ": phases." + std::to_string(expected) + ": missing (phases are numbered from 0)");
    where.push_back(origin);
    ++expected;
    FlatEntries base = inherited;
    for (const auto& entry : own.first) base.push_back(entry);
    const ParameterSet q =
        phase_schema()
            .resolve(base, own.second, source, "phases." + std::to_string(index))
            .labelled("phases." + std::to_string(index));
    // The phase's own keys must act in it (the inherited ones act in some phase: checked below).
    std::set<std::string> written;
    for (const auto* list : {&own.first, &own.second})
      for (const auto& entry : *list) written.insert(entry.first);
    phase_schema().refuse_idle_keys(
        q,
        [&](const std::string& key) -> const ParameterValue* {
          const auto it = p.values().find(key);
          return it != p.values().end() ? &it->second : in_platform(platform)(key);
        },
        [&](const std::string& key) { return written.count(key) != 0; });
    if (!uses_rate(q)) refuse_unused_rate(q, {&own.first, &own.second}, "phases." + std::to_string(index) + ".");
    any_phase_uses_rate |= uses_rate(q);
    PhaseConfig phase = PhaseConfig::from(q, platform.network.topology(), platform.simulation.seed, s.attempts);
    phase.name = q.text("name").empty() ? "phase " + std::to_string(index) : q.text("name");
    phase.end = PhaseEnd::from(q);
    s.phases.push_back(std::move(phase));
    s.resolved_phases.push_back(q);
  }
  // A rate at the top level is inherited by the phases; if none of them reads it, it changes nothing.
  if (!any_phase_uses_rate) refuse_unused_rate(p, {&top, &top_overrides}, "");
  for (std::size_t i = 0; i + 1 < s.phases.size(); ++i)
    if (s.phases[i].end.kind == PhaseEnd::Kind::Never)
      throw ConfigError(where[i] + ": phases." + std::to_string(i) +
                        ": has no end (allowed: end.cycles, end.packets, end.packets_per_node or end.drain; only the last phase may run to the end of the simulation)");
  if (s.repeat > 1 && s.phases.back().end.kind == PhaseEnd::Kind::Never)
    throw ConfigError(p.problem("repeat", std::to_string(s.repeat) + " repeats need an end on the last phase too"));
}

StimulusConfig build_stimulus(const FlatEntries& entries, const FlatEntries& overrides, const std::string& source,
                              const PlatformConfig& platform) {
  const StimulusEntries e = split_stimulus(entries, overrides);
  const FlatEntries& top = e.top;
  const FlatEntries& top_overrides = e.top_overrides;
  StimulusConfig s;
  s.source = source;
  const ParameterSet p = stimulus_schema().resolve(top, top_overrides, source);
  stimulus_schema().refuse_idle_keys(p, in_platform(platform));
  s.name = p.text("name");
  s.description = p.text("description");
  s.repeat = int(p.integer("repeat"));
  s.attempts = p.text("source.model") == "attempts";
  s.waiting_limit = std::uint64_t(p.integer("source.waiting_limit"));
  s.resolved = p;
  if (!p.text("trace").empty()) {
    read_trace_stimulus(s, p, e, source, platform);
    return s;
  }
  if (e.phases.empty()) {
    if (s.repeat > 1)  // nothing to run again: the one phase runs to the end of the simulation
      throw ConfigError(p.problem("repeat", std::to_string(s.repeat) + " changes nothing in this run: it runs a list of "
                                            "phases again, and this stimulus has none (allowed: phases, the last with an "
                                            "end; docs/stimuli.md)"));
    if (!uses_rate(p)) refuse_unused_rate(p, {&top, &top_overrides}, "");
    s.phases.push_back(PhaseConfig::from(p, platform.network.topology(), platform.simulation.seed, s.attempts));
    s.phases.back().name = s.name;
    return s;
  }
  read_phases(s, p, e, source, platform);
  return s;
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
    for (const auto& [key, text] : {std::pair<std::string, std::string>{"processor.type", "iss"}, {"software.program", program}}) {
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
  if (c.platform.processor.iss && !stimulus_overrides.empty()) {
    const auto& [key, value] = stimulus_overrides.front();
    throw ConfigError(where_set(value.origin, key) + ": " + excerpt(value.items.empty() ? "" : value.items.front()) +
                      " changes nothing in this run: it acts only with traffic generators (processor.type: generator) "
                      "(here processor.type is iss, from " + c.platform.resolved.origin("processor.type") + ")");
  }
  c.stimulus = build_stimulus(stimulus_entries, stimulus_overrides, stimulus_name, c.platform);
  if (c.platform.router.virtual_cut_through) {  // whole packets must fit in one VC buffer
    // Cores send no stimulus: their messages go in parts that fit a buffer (Fabric::longest_packet),
    // the shortest a header and one data flit.
    const bool cores = c.platform.processor.iss;
    std::uint64_t longest = cores ? 2 : 0;
    if (!cores)
      for (const auto& phase : c.stimulus.phases)
        for (int l : phase.packets.lengths) longest = std::max<std::uint64_t>(longest, std::uint64_t(l));
    if (c.stimulus.trace)
      for (const auto& program : c.stimulus.trace->programs)
        for (const auto& e : program)
          if (e.kind == TraceEvent::Kind::Send) longest = std::max(longest, e.amount);
    const Topology& topology = c.platform.network.topology();
    const std::uint64_t packets =
        std::uint64_t(RoutingRegistry::get(c.platform.routing.type)
                          .create(RoutingContext{topology, c.platform.router.virtual_channels,
                                                 c.platform.routing.parameters, true})
                          ->packets_per_buffer());
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
  if (c.platform.processor.iss)
    throw ConfigError(c.platform.resolved.problem("processor.type", "iss runs software.program, and a stimulus (" +
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
      if (c.platform.processor.iss) {  // the program stands where a stimulus would, in the result and summary
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
  if (c.platform.processor.iss) return;  // the cores run software.program: no stimulus
  os << "# stimulus: " << c.stimulus.source << " (override with --set stimulus.KEY=VALUE)\n";
  os << "stimulus:\n";
  const bool trace = !c.stimulus.resolved.text("trace").empty();
  // The waiting limit exists only for attempt sources (given otherwise, it is refused).
  const bool attempts = c.stimulus.attempts;
  // A process that sets its own pace has no rate to print (one written beside it is refused).
  const bool rate = trace || uses_rate(c.stimulus.resolved);
  stimulus_schema().print(os, c.stimulus.resolved, 2, [trace, attempts, rate](const std::string& key) {
    if (key == "source.waiting_limit" && !attempts) return false;
    if (key == "injection.rate" && !rate) return false;
    return !trace || key == "name" || key == "description" || key == "trace";
  });
  if (!c.stimulus.resolved_phases.empty()) os << "  phases:\n";
  for (const auto& phase : c.stimulus.resolved_phases) {
    std::ostringstream text;
    const bool phase_rate = uses_rate(phase);
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
