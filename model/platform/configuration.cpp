#include "platform/configuration.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <filesystem>
#include <sstream>

#include "congestion/congestion_controller.h"
#include "core/config_error.h"
#include "platform/configuration_schema.h"
#include "platform/schema.h"
#include "platform/yaml_source.h"
#include "routing/routing_function.h"
#include "topology/kary_ncube.h"
#include "traffic/destination_pattern.h"
#include "traffic/injection_process.h"

namespace icn {

namespace {

SelectedImplementation selected(const ParameterSet& p, const std::string& prefix, const std::string& selector) {
  SelectedImplementation s;
  s.type = p.text(prefix + "." + selector);
  s.origin = p.origin(prefix + "." + selector);
  s.parameters = p.section(prefix);
  return s;
}

PlatformConfig build_platform(const ParameterSet& p, const std::string& source) {
  PlatformConfig c;
  c.source = source;
  c.name = p.text("name");
  c.description = p.text("description");
  const SelectedImplementation network = selected(p, "network", "topology");
  c.network.type = network.type;
  try {
    c.network.shape = TopologyRegistry::get(network.type).create(network.parameters);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(network.origin + ": network.topology: " + network.type + ": " + e.what());
  }
  const Topology& topology = c.network.topology();

  c.router.virtual_channels = int(p.integer("router.virtual_channels"));
  c.router.buffer_depth = int(p.integer("router.buffer_depth"));
  c.router.routing_delay = int(p.integer("router.routing_delay"));
  c.router.crossbar_delay = int(p.integer("router.crossbar_delay"));
  c.router.link_delay = int(p.integer("router.link_delay"));
  c.router.reallocate_when_empty = p.text("router.vc_reallocation") == "when_empty";
  c.router.virtual_cut_through = p.text("router.switching") == "virtual_cut_through";
  c.router.arbitration = p.text("router.arbitration");
  c.router.oldest_first_allocation = p.text("router.vc_allocation") == "oldest_first";
  c.router.central_arbiter = p.text("router.header_arbiter") == "central";
  c.router.crossbar_input_per_lane = p.text("router.crossbar_inputs") == "per_lane";
  c.routing = selected(p, "routing", "type");

  const std::string recovery = p.text("deadlock.recovery");
  c.deadlock.kind = recovery == "disha"      ? DeadlockRecoveryConfig::Kind::Disha
                    : recovery == "software" ? DeadlockRecoveryConfig::Kind::Software
                                             : DeadlockRecoveryConfig::Kind::None;
  c.deadlock.detection = p.text("deadlock.detection") == "inactivity" ? DeadlockRecoveryConfig::Detection::Inactivity
                                                                      : DeadlockRecoveryConfig::Detection::Timeout;
  if (c.deadlock.detection == DeadlockRecoveryConfig::Detection::Inactivity &&
      c.deadlock.kind == DeadlockRecoveryConfig::Kind::None)
    throw ConfigError(p.problem("deadlock.detection", "inactivity detects deadlocks for a recovery, and "
                                                      "deadlock.recovery is none (allowed: timeout, or set a recovery)"));
  c.deadlock.inactivity_per_vc = p.text("deadlock.inactivity_scope") == "virtual_channel";
  c.deadlock.timeout = int(p.integer("deadlock.timeout"));
  c.deadlock.reinjection_delay = Cycle(p.integer("deadlock.reinjection_delay"));
  c.deadlock.audit = p.boolean("deadlock.audit");
  c.deadlock.release_token_at_header = p.text("deadlock.token_release") == "header";
  c.network_interface.injection_channels = int(p.integer("network_interface.injection_channels"));
  c.network_interface.delivery_channels = int(p.integer("network_interface.delivery_channels"));
  c.network_interface.injection_delay = int(p.integer("network_interface.injection_delay"));
  c.network_interface.delivery_delay = int(p.integer("network_interface.delivery_delay"));
  c.network_interface.packets_in_progress = int(p.integer("network_interface.packets_in_progress"));
  // A router keeps its ports in 64-bit masks: network ports plus its terminal slots' channels.
  int most_slots = 0;
  for (NodeId r = 0; r < topology.router_count() && most_slots < 64; ++r)
    most_slots = std::max(most_slots, topology.terminal_slots(r));
  for (const char* key : {"network_interface.injection_channels", "network_interface.delivery_channels"}) {
    const int channels = int(p.integer(key));
    if (topology.network_ports() + most_slots * channels > 64)
      throw ConfigError(p.problem(key, std::to_string(channels) + " per node make " +
                                           std::to_string(topology.network_ports() + most_slots * channels) +
                                           " ports on a router of the " + topology.describe() + " (allowed: at most " +
                                           std::to_string((64 - topology.network_ports()) / std::max(1, most_slots)) +
                                           ")"));
  }
  if (!topology.is_direct() && p.text("deadlock.recovery") == "software")
    throw ConfigError(p.problem("deadlock.recovery", "software recovery re-injects at the node of the router that "
                                                     "absorbed the packet, and a " + topology.describe() +
                                                     " has routers without nodes (allowed: none, disha)"));
  if (!topology.is_direct() && p.text("network_interface.injection_dispatch") == "by_direction")
    throw ConfigError(p.problem("network_interface.injection_dispatch",
                                "by_direction needs a direct network (allowed here: any)"));
  if (c.network_interface.packets_in_progress > c.router.virtual_channels)
    throw ConfigError(p.problem("network_interface.packets_in_progress",
                                std::to_string(c.network_interface.packets_in_progress) +
                                    " packets cannot be in progress on one channel of " +
                                    std::to_string(c.router.virtual_channels) +
                                    " lanes (allowed: at most router.virtual_channels)"));
  c.network_interface.source_queue_limit = std::uint64_t(p.integer("network_interface.source_queue_limit"));
  c.network_interface.drop_when_full = p.text("network_interface.source_queue_full") == "drop";
  c.network_interface.dispatch_by_direction = p.text("network_interface.injection_dispatch") == "by_direction";
  if (c.network_interface.dispatch_by_direction &&
      c.network_interface.injection_channels != topology.network_ports())
    throw ConfigError(p.problem("network_interface.injection_dispatch",
        "by_direction needs one injection channel per direction (allowed: network_interface.injection_channels = " +
        std::to_string(topology.network_ports()) + ")"));
  c.congestion_control = selected(p, "congestion_control", "type");
  // What the controller declares it needs (congestion/congestion_controller.h, ControllerNeeds).
  const ControllerNeeds& needs = ControllerRegistry::get(c.congestion_control.type).traits;
  if (needs.own_lane) {
    // Its messages travel on a router lane of their own (self-tuned sec. 5.3) round the rows of a torus.
    const ControllerNeeds::OwnLane lane = needs.own_lane(c.congestion_control.parameters);
    c.router.metapacket_lane = lane.needed;
    c.router.metapacket_link_priority = lane.link_priority;
    const auto* cube = dynamic_cast<const KaryNCube*>(&topology);
    if (lane.needed && (!cube || !cube->all_tori()))
      throw ConfigError(c.congestion_control.parameters.problem(
          needs.own_lane_key, c.congestion_control.parameters.text(needs.own_lane_key) +
                                  " go round the rows of a torus, and this network is a " + topology.describe() +
                                  " (allowed here: " + needs.own_lane_alternative + ")"));
  }
  if (needs.bubble_escape_routing &&
      (!RoutingRegistry::get(c.routing.type).traits.bubble_escape || !c.router.virtual_cut_through)) {
    std::string routings;
    for (const std::string& name : RoutingRegistry::names())
      if (RoutingRegistry::get(name).traits.bubble_escape) routings += (routings.empty() ? "" : " or ") + name;
    throw ConfigError(c.congestion_control.origin + ": congestion_control.type: " + c.congestion_control.type +
                      " restricts injection into the adaptive VCs beside bubble-flow-control escape VCs, under "
                      "virtual cut-through (allowed with it: routing.type: " + routings +
                      " and router.switching: virtual_cut_through)");
  }
  // The router keeps a port's lanes in 32-bit masks: Disha's recovery lane and the metapackets'
  // lane come on top of the V lanes routing uses.
  const int extra_lanes = lanes_per_port(c.router, c.deadlock) - c.router.virtual_channels;
  if (c.router.virtual_channels + extra_lanes > 32)
    throw ConfigError(p.problem("router.virtual_channels",
                                "Disha's recovery lane and the metapacket lane come on top of V, and a port has at most 32 "
                                "lanes (allowed: at most " + std::to_string(32 - extra_lanes) + " virtual channels here)"));
  c.tlm.flit_bytes = int(p.integer("tlm.flit_bytes"));
  c.tlm.queue_depth = int(p.integer("tlm.queue_depth"));
  c.sideband.hop_delay = int(p.integer("sideband.hop_delay"));
  c.sideband.width_bits = int(p.integer("sideband.width_bits"));

  c.simulation.cycles = Cycle(p.integer("simulation.cycles"));
  c.simulation.warmup = Cycle(p.integer("simulation.warmup"));
  c.simulation.sample_interval = Cycle(p.integer("simulation.sample_interval"));
  c.simulation.seed = std::uint64_t(p.integer("simulation.seed"));
  c.simulation.clock_period_ns = p.real("simulation.clock_period_ns");
  c.simulation.histogram_bin_width = int(p.integer("simulation.histogram_bin_width"));
  c.simulation.progress = p.boolean("simulation.progress");
  c.simulation.watchdog.cycles = Cycle(p.integer("simulation.watchdog_cycles"));
  c.simulation.watchdog.deadlock_stops = p.text("simulation.deadlock_action") == "stop";
  c.simulation.watchdog.starvation_stops = p.text("simulation.starvation_action") == "stop";
  c.simulation.wall_limit = p.real("simulation.wall_limit");
  c.simulation.vcd = p.text("simulation.vcd");
  if (p.text("simulation.vcd_routers") != "all") {
    std::istringstream list(p.text("simulation.vcd_routers"));
    for (std::string item; std::getline(list, item, ',');) {
      long long router = -1;
      item.erase(0, item.find_first_not_of(' '));
      item.erase(item.find_last_not_of(' ') + 1);
      if (!parse_integer_text(item, router) || router < 0 || router >= (long long)topology.router_count())
        throw ConfigError(p.problem("simulation.vcd_routers",
                                    "'" + item + "' is not a router of this network (allowed: all, or numbers 0.." +
                                        std::to_string(topology.router_count() - 1) + " separated by commas)"));
      c.simulation.vcd_routers.push_back(NodeId(router));
    }
  }
  if (c.simulation.warmup >= c.simulation.cycles)
    throw ConfigError(p.origin("simulation.warmup") + ": simulation.warmup: " +
                      std::to_string(c.simulation.warmup) + " leaves no measurement window (allowed: less than simulation.cycles = " +
                      std::to_string(c.simulation.cycles) + ")");

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
  // A scheme that keeps room for several packets in one VC buffer (bubble flow control) needs a
  // VC to take the next packet behind the previous one; when_empty allows one packet per buffer,
  // the entry rule then never holds a bubble back, and rings deadlock (found by scripts/stress).
  if (packets_per_buffer > 1 && c.router.reallocate_when_empty)
    throw ConfigError(p.problem("router.vc_reallocation",
                                "when_empty holds one packet per VC buffer, but " + c.routing.type + " routing keeps room for " +
                                    std::to_string(packets_per_buffer) + " there (allowed with it: on_tail)"));
  c.resolved = p;
  return c;
}

// The traffic keys of `p` (a stimulus' top level or one phase), validated against the platform.
PhaseConfig build_traffic(const ParameterSet& p, const PlatformConfig& platform, bool attempts) {
  PhaseConfig s;
  std::vector<int> lengths;
  for (long long l : p.integers("packet_length")) lengths.push_back(int(l));
  const std::vector<double> weights = p.reals("packet_length_weights");
  if (weights.size() != 1 && weights.size() != lengths.size())
    throw ConfigError(p.problem("packet_length_weights", "has " + std::to_string(weights.size()) + " weights for " +
                                                             std::to_string(lengths.size()) +
                                                             " lengths (allowed: one value, or one per length)"));
  double weight_sum = 0;
  for (double w : weights) weight_sum += w;
  if (weight_sum <= 0) throw ConfigError(p.problem("packet_length_weights", "the weights add up to 0 (allowed: a positive sum)"));
  s.packets = PacketMix::with(lengths, weights, p.real("high_priority_fraction"));
  s.pattern = selected(p, "pattern", "type");
  s.injection.process = selected(p, "injection", "process");
  s.injection.rate = p.real("injection.rate");
  s.injection.unit = p.text("injection.unit") == "flits" ? RateUnit::FlitsPerNodeCycle : RateUnit::PacketsPerNodeCycle;
  s.injection.packets_per_unit = s.injection.unit == RateUnit::FlitsPerNodeCycle ? 1.0 / s.packets.mean_length() : 1.0;
  s.injection.packets_per_cycle =
      s.injection.unit == RateUnit::FlitsPerNodeCycle ? s.injection.rate / s.packets.mean_length() : s.injection.rate;
  // A queueing source may not offer more than a node can inject (its queue would grow without
  // bound); attempts beyond that simply fail.
  if (!attempts && s.offered_flits_per_cycle() > 1.0 + 1e-12)
    throw ConfigError(p.problem("injection.rate", std::to_string(s.injection.rate) + " " + p.text("injection.unit") +
                                                      " with packets of " + std::to_string(s.packets.mean_length()) +
                                                      " flits on average offers " +
                                                      std::to_string(s.offered_flits_per_cycle()) +
                                                      " flits/node/cycle (allowed: at most 1 flit/node/cycle, "
                                                      "or more with source.model: attempts)"));
  const Topology& topology = platform.network.topology();
  try {
    PatternRegistry::get(s.pattern.type).create(PatternContext{topology, s.pattern.parameters, platform.simulation.seed});
  } catch (const std::invalid_argument& e) {
    throw ConfigError(s.pattern.origin + ": pattern.type: " + s.pattern.type + " cannot apply to the " +
                      topology.describe() + " (" + std::to_string(topology.node_count()) + " nodes): " + e.what());
  }
  // The process judges whether its parameters can give the rate (on/off: the on-state rate).
  ProcessRegistry::get(s.injection.process.type)
      .create(ProcessContext{s.injection.packets_per_cycle, s.injection.process.parameters, s.injection.packets_per_unit});
  return s;
}

PhaseEnd build_end(const ParameterSet& p) {
  PhaseEnd end;
  int given = 0;
  if (p.integer("end.cycles") > 0) { end = {PhaseEnd::Kind::Cycles, std::uint64_t(p.integer("end.cycles"))}; ++given; }
  if (p.integer("end.packets") > 0) { end = {PhaseEnd::Kind::Packets, std::uint64_t(p.integer("end.packets"))}; ++given; }
  if (p.integer("end.packets_per_node") > 0) {
    end = {PhaseEnd::Kind::PacketsPerNode, std::uint64_t(p.integer("end.packets_per_node"))};
    ++given;
  }
  if (p.boolean("end.drain")) { end = {PhaseEnd::Kind::Drain, 0}; ++given; }
  if (given > 1)
    throw ConfigError(p.problem("end.cycles", "a phase has one end (allowed: one of end.cycles, end.packets, "
                                              "end.packets_per_node, end.drain)"));
  return end;
}

StimulusConfig build_stimulus(const FlatEntries& entries, const FlatEntries& overrides, const std::string& source,
                              const PlatformConfig& platform) {
  // Split the document: top-level keys, and the keys of each phase ("phases.<i>.<key>").
  FlatEntries top, top_overrides;
  std::map<std::size_t, std::pair<FlatEntries, FlatEntries>> phase_entries;
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
      auto& slot = phase_entries[index];
      (is_override ? slot.second : slot.first).emplace_back(rest.substr(dot + 1), value);
    }
  };
  split(entries, top, false);
  split(overrides, top_overrides, true);

  StimulusConfig s;
  s.source = source;
  const ParameterSet p = stimulus_schema().resolve(top, top_overrides, source);
  s.name = p.text("name");
  s.description = p.text("description");
  s.repeat = int(p.integer("repeat"));
  s.attempts = p.text("source.model") == "attempts";
  s.waiting_limit = std::uint64_t(p.integer("source.waiting_limit"));
  s.resolved = p;
  if (!s.attempts)
    for (const auto* list : {&top, &top_overrides})
      for (const auto& [key, value] : *list)
        if (key == "source.waiting_limit")
          throw ConfigError(value.origin + ": source.waiting_limit: applies to attempt sources only (allowed with "
                                           "source.model: attempts)");
  if (!p.text("trace").empty()) {
    for (const auto* list : {&top, &top_overrides})
      for (const auto& [key, value] : *list)
        if (is_traffic_key(key) || key == "repeat")
          throw ConfigError(value.origin + ": " + key + ": a trace stimulus takes its traffic from the trace (allowed with trace: name, description)");
    if (!phase_entries.empty()) throw ConfigError(p.problem("trace", "a trace stimulus has no phases"));
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
    PhaseConfig phase = build_traffic(p, platform, false);
    phase.injection.rate = 0;
    phase.injection.packets_per_cycle = 0;
    phase.name = "trace";
    s.phases.push_back(phase);
    return s;
  }
  if (phase_entries.empty()) {
    s.phases.push_back(build_traffic(p, platform, s.attempts));
    s.phases.back().name = s.name;
    return s;
  }
  s.phased = true;
  // Each phase starts from the traffic keys written at the top level, then its own.
  FlatEntries inherited;
  for (const auto* list : {&top, &top_overrides})
    for (const auto& entry : *list)
      if (is_traffic_key(entry.first)) inherited.push_back(entry);
  std::size_t expected = 0;
  std::vector<std::string> where;  // "file:line" of each phase's first key, for its messages
  for (auto& [index, own] : phase_entries) {
    const std::string origin = !own.first.empty() ? own.first.front().second.origin : own.second.front().second.origin;
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
    PhaseConfig phase = build_traffic(q, platform, s.attempts);
    phase.name = q.text("name").empty() ? "phase " + std::to_string(index) : q.text("name");
    phase.end = build_end(q);
    s.phases.push_back(std::move(phase));
    s.resolved_phases.push_back(q);
  }
  for (std::size_t i = 0; i + 1 < s.phases.size(); ++i)
    if (s.phases[i].end.kind == PhaseEnd::Kind::Never)
      throw ConfigError(where[i] + ": phases." + std::to_string(i) +
                        ": has no end (allowed: end.cycles, end.packets, end.packets_per_node or end.drain; only the last phase may run to the end of the simulation)");
  if (s.repeat > 1 && s.phases.back().end.kind == PhaseEnd::Kind::Never)
    throw ConfigError(p.problem("repeat", std::to_string(s.repeat) + " repeats need an end on the last phase too"));
  return s;
}

// "--set a.b=value": the value is YAML, so lists ("[torus, mesh]") work as in a file.
void split_overrides(const std::vector<std::string>& overrides, FlatEntries& platform, FlatEntries& stimulus) {
  for (const auto& text : overrides) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ConfigError("--set " + text + ": expected key.path=value");
    std::string key = text.substr(0, eq);
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
    if (r.size == 0) throw ConfigError(p.problem("size", "0 bytes is no range (allowed: at least 1)"));
    if (r.node >= c.network.topology().node_count())
      throw ConfigError(p.problem("node", "this network has " + std::to_string(c.network.topology().node_count()) +
                                              " nodes (allowed: 0.." +
                                              std::to_string(c.network.topology().node_count() - 1) + ")"));
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
                    const std::string& stimulus_name, std::optional<std::uint64_t> seed) {
  FlatEntries platform_overrides, stimulus_overrides;
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
  c.platform = build_platform(platform_schema().resolve(entries, platform_overrides, platform_name), platform_name);
  build_address_map(ranges, platform_name, c.platform);
  c.stimulus = build_stimulus(stimulus_entries, stimulus_overrides, stimulus_name, c.platform);
  if (c.platform.router.virtual_cut_through) {  // whole packets must fit in one VC buffer
    std::uint64_t longest = 0;
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
      const std::string length = std::to_string(longest) + "-flit packets";
      throw ConfigError(c.platform.resolved.problem(
          "router.buffer_depth",
          std::to_string(c.platform.router.buffer_depth) + " flits cannot hold " +
              (packets == 1 ? "the stimulus' " + length + " under virtual cut-through"
                            : std::to_string(packets) + " of the stimulus' " + length + ", which " +
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
  PlatformConfig c = build_platform(platform_schema().resolve(platform, platform_overrides, name), name);
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

Configuration load_configuration(const std::string& platform_path, const std::string& stimulus_path,
                                 const std::vector<std::string>& overrides, std::optional<std::uint64_t> seed) {
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
    if (stimulus.empty())
      throw ConfigError(platform_path + ": has no stimulus: section and no stimulus file is given (allowed: icnsim "
                                        "PLATFORM.yaml STIMULUS.yaml, or one file with a stimulus: section)");
    return build(platform, stimulus, overrides, platform_path, platform_path, seed);
  }
  if (!stimulus.empty())
    throw ConfigError(stimulus.front().second.origin + ": stimulus: this file holds a stimulus and " + stimulus_path +
                      " is given too (allowed: one of them)");
  return build(platform, read_yaml_file(stimulus_path), overrides, platform_path, stimulus_path, seed);
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
  os << "# stimulus: " << c.stimulus.source << " (override with --set stimulus.KEY=VALUE)\n";
  os << "stimulus:\n";
  const bool trace = !c.stimulus.resolved.text("trace").empty();
  // The waiting limit exists only for attempt sources (given otherwise, it is refused).
  const bool attempts = c.stimulus.attempts;
  stimulus_schema().print(os, c.stimulus.resolved, 2, [trace, attempts](const std::string& key) {
    if (key == "source.waiting_limit" && !attempts) return false;
    return !trace || key == "name" || key == "description" || key == "trace";
  });
  if (!c.stimulus.resolved_phases.empty()) os << "  phases:\n";
  for (const auto& phase : c.stimulus.resolved_phases) {
    std::ostringstream text;
    phase_schema().print(text, phase, 6);
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
