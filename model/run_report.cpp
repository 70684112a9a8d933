#include "run_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "congestion/metapacket_gather.h"
#include "deadlock/deadlock_audit.h"
#include "experiment.h"
#include "router/arbitration_policy.h"
#include "router/switch_allocator.h"
#include "stats/critical_load.h"
#include "traffic/injection_process.h"
#include "traffic/traffic_schedule.h"

#ifndef ICNSIM_VERSION
#define ICNSIM_VERSION "unknown"
#endif

namespace icn {

using Json = nlohmann::ordered_json;  // keys in the order written, for a result a person can read

namespace {

LatencySummary summarise(const LatencyDistribution& latencies) {
  LatencySummary s;
  s.count = latencies.count();
  if (latencies.empty()) return s;
  // Over the packets in increasing order of latency, one addition each: the same sums, to the last
  // bit, as over the sorted list of every packet's latency.
  double sum = 0, sum_squares = 0;
  latencies.for_each([&](std::uint32_t v, std::uint64_t packets) {
    for (std::uint64_t i = 0; i < packets; ++i) {
      sum += v;
      sum_squares += double(v) * v;
    }
  });
  s.mean = sum / double(s.count);
  s.stddev = std::sqrt(std::max(0.0, sum_squares / double(s.count) - s.mean * s.mean));
  s.p50 = latencies.percentile(0.50);  // nearest rank
  s.p99 = latencies.percentile(0.99);
  s.max = latencies.max();
  return s;
}

double jain_index(const std::vector<std::uint64_t>& x) {
  double sum = 0, squares = 0;
  for (auto v : x) {
    sum += double(v);
    squares += double(v) * double(v);
  }
  return squares == 0 ? 1.0 : sum * sum / (double(x.size()) * squares);
}

// No packet measured: the statistics are absent (null), never a 0 that looks like a measurement.
Json latency_json(const LatencySummary& s) {
  Json j = {{"count", s.count}};
  for (const auto& [name, value] : {std::pair<const char*, double>{"mean", s.mean}, {"stddev", s.stddev},
                                    {"p50", s.p50}, {"p99", s.p99}, {"max", s.max}})
    j[name] = s.count ? Json(value) : Json(nullptr);
  return j;
}

// A value, or null where it does not exist (nothing measured, not reached).
template <typename T>
Json maybe(bool exists, T value) {
  return exists ? Json(value) : Json(nullptr);
}

// The links as columns: which router and port each leaves, which it enters, and its flits.
Json links_json(const std::vector<Activity::Link>& links, bool with_counts) {
  Json j = Json::object();
  auto column = [&](const char* name, auto member) {
    Json& values = j[name] = Json::array();
    for (const Activity::Link& l : links) values.push_back(l.*member);
  };
  column("from", &Activity::Link::from);
  column("port", &Activity::Link::port);
  column("to", &Activity::Link::to);
  if (!with_counts) return j;
  column("input_port", &Activity::Link::input_port);
  column("flits", &Activity::Link::flits);
  return j;
}

// The window's event counts (docs/energy.md): totals, and per component on request.
Json activity_json(const RunReport& r) {
  const Activity& a = r.activity;
  const std::uint64_t measured = r.measured_cycles();
  Json j = {{"cycles", measured}, {"scope", r.per_component_activity ? "per_component" : "totals"}};
  const RouterEvents routers = a.router_total();
  Json& router_totals = j["routers"] = Json::object();
  RouterEvents::for_each_field([&](const char* name, std::uint64_t RouterEvents::*field) { router_totals[name] = routers.*field; });
  router_totals["idle_cycles"] = std::uint64_t(a.routers.size()) * measured - routers.active_cycles;
  const NetworkInterfaceEvents interfaces = a.interface_total();
  Json& interface_totals = j["network_interfaces"] = Json::object();
  NetworkInterfaceEvents::for_each_field(
      [&](const char* name, std::uint64_t NetworkInterfaceEvents::*field) { interface_totals[name] = interfaces.*field; });
  j["sideband"] = {{"value_transfers", a.sideband_value_transfers}, {"bit_transfers", a.sideband_bit_transfers}};
  j["entropy_circuit"] = {{"register_transfers", a.entropy_register_transfers},
                          {"register_changes", a.entropy_register_changes}};
  if (!r.per_component_activity) return j;
  Json& per_router = j["per_router"] = Json::object();
  RouterEvents::for_each_field([&](const char* name, std::uint64_t RouterEvents::*field) {
    Json& column = per_router[name] = Json::array();
    for (const RouterEvents& e : a.routers) column.push_back(e.*field);
  });
  Json& per_node = j["per_node"] = Json::object();
  NetworkInterfaceEvents::for_each_field([&](const char* name, std::uint64_t NetworkInterfaceEvents::*field) {
    Json& column = per_node[name] = Json::array();
    for (const NetworkInterfaceEvents& e : a.interfaces) column.push_back(e.*field);
  });
  j["links"] = links_json(a.links, true);
  return j;
}

Json spatial_json(const SpatialSamples& s) {
  Json j = {{"interval", s.interval}, {"ports_per_router", s.ports}};
  j["links"] = links_json(s.links, false);
  j["cycles"] = s.cycles;
  j["link_flits"] = s.link_flits;
  j["input_occupancy"] = s.input_occupancy;
  j["throttled"] = s.throttled;
  return j;
}

// The window's energy (docs/energy.md), with everything it was computed from but the counts.
Json energy_json(const RunReport& r) {
  const std::uint64_t measured = r.measured_cycles();
  const EnergyBreakdown& e = r.energy;
  Json coefficients = Json::object();
  r.power.for_each_coefficient([&](const char* name, double value) { coefficients[name] = value; });
  Json breakdown = Json::object();
  EnergyBreakdown::for_each_part([&](const char* name, double EnergyBreakdown::*part) { breakdown[name] = e.*part; });
  const double per_flit = e.total() / double(r.delivered_flits_window);
  const double per_packet = e.total() / double(r.delivered_packets_window);
  const bool measured_latency = r.latency.count > 0;
  Json j = {{"model", "events"},
            {"source", r.power.source},
            {"flit_bits", r.power.flit_bits},
            {"clock_period_ns", r.clock_period_ns},
            {"clock_gating", r.power.clock_gating},
            {"coefficients", std::move(coefficients)},
            {"cycles", measured},
            {"routers", r.routers},
            {"buffer_slots", r.buffer_slots},
            {"links", r.links},
            {"total_pj", e.total()},
            {"dynamic_pj", e.dynamic()},
            {"clock_pj", e.clock},
            {"leakage_pj", e.leakage},
            {"average_power_mw", maybe(measured > 0, e.total() / (double(measured) * r.clock_period_ns))},
            {"delivered_flits", r.delivered_flits_window},
            {"delivered_packets", r.delivered_packets_window},
            {"per_delivered_flit_pj", maybe(r.delivered_flits_window > 0, per_flit)},
            {"per_delivered_packet_pj", maybe(r.delivered_packets_window > 0, per_packet)},
            {"energy_delay_product_pj_cycles",
             maybe(r.delivered_packets_window > 0 && measured_latency, per_packet * r.latency.mean)},
            {"breakdown_pj", std::move(breakdown)}};
  if (r.per_component_activity) {
    j["per_router_pj"] = r.router_energy;
    j["per_interface_pj"] = r.interface_energy;
  }
  return j;
}

}  // namespace

RunReport make_report(Experiment& experiment) {
  const Fabric& network = experiment.fabric();
  const Configuration& c = experiment.configuration();
  const NetworkStatistics& st = network.statistics();
  RunReport r;
  r.model_version = ICNSIM_VERSION;
  const Experiment::RunStatus& status = experiment.status();
  r.status = Experiment::state_name(status.state);
  r.status_reason = status.reason;
  r.status_detail = status.detail;
  r.last_cycle = status.last_cycle;
  if (!experiment.has_end() && experiment.cycles_run() > 0) r.last_cycle = experiment.cycles_run() - 1;  // so far
  if (experiment.watchdog()) r.watchdog_first_finding = experiment.watchdog()->first_finding();
  r.platform_name = c.platform.name;
  r.platform_source = c.platform.source;
  r.stimulus_name = c.stimulus.name;
  r.stimulus_source = c.stimulus.source;
  r.seed = c.platform.simulation.seed;
  r.topology = network.topology().describe();
  r.routing = network.routing().describe();
  r.controller = c.platform.congestion_control.type;
  r.nodes = network.node_count();
  r.cycles = experiment.cycles_run();
  r.warmup = c.platform.simulation.warmup;
  if (!experiment.has_end()) {  // a virtual platform's: the window its start and stop set, so far
    r.cycles = std::min(r.cycles, st.window().end());
    r.warmup = st.window().from();
  }
  r.capacity = std::min({network.topology().uniform_capacity(), double(c.platform.network_interface.injection_channels),
                         double(c.platform.network_interface.delivery_channels)});
  r.configured_load = c.stimulus.phases.empty() ? 0.0 : c.stimulus.offered_flits_per_cycle();
  // A run stopped during the warm-up measured nothing: its rates are 0 over an empty window.
  const double node_cycles = std::max(1.0, double(r.nodes) * double(r.measured_cycles()));
  r.offered = double(st.created_flits_window()) / node_cycles;
  r.attempted = double(st.attempted_flits_window()) / node_cycles;
  std::uint64_t delivered = 0;
  for (auto v : st.delivered_flits()) delivered += v;
  r.accepted = double(delivered) / node_cycles;
  r.latency = summarise(st.latency());
  r.estimated_packets = st.estimated_packets_total();
  r.estimated_latency = summarise(st.estimated_latency());
  r.network_latency = summarise(st.network_latency());
  r.mean_hops = r.latency.count ? double(st.hops_sum()) / double(r.latency.count) : 0.0;
  r.histogram_bin_width = c.platform.simulation.histogram_bin_width;
  auto histogram = [&](const LatencyDistribution& latencies, std::vector<std::uint64_t>& counts) {
    latencies.for_each([&](std::uint32_t v, std::uint64_t packets) {
      const std::size_t bin = v / std::uint32_t(r.histogram_bin_width);
      if (bin >= counts.size()) counts.resize(bin + 1, 0);
      counts[bin] += packets;
    });
  };
  histogram(st.latency(), r.histogram);
  r.high_priority_latency = summarise(st.high_priority_latency());
  histogram(st.high_priority_latency(), r.high_priority_histogram);
  r.packets_created = st.packets_created_total();
  r.packets_dropped = st.packets_dropped_total();
  r.packets_injected = st.packets_injected_total();
  r.packets_delivered = st.packets_delivered_total();
  r.packets_in_network_at_end = r.packets_injected - r.packets_delivered - st.packets_absorbed_total();
  r.packets_queued_at_end = r.packets_created + st.packets_absorbed_total() - r.packets_injected;
  if (const DeadlockAudit* audit = network.deadlock_audit()) {
    r.recoveries_in_knot = std::int64_t(audit->recoveries_in_knot());
    r.recoveries_not_in_knot = std::int64_t(audit->recoveries_not_in_knot());
  }
  r.deadlock_reports = experiment.deadlock_reports();
  r.starvation_reports = experiment.starvation_reports();
  r.fairness = jain_index(st.accepted_flits_by_source());
  int most_inputs = 0;  // P of the switch-wait bound: the router with the most input ports
  for (NodeId id = 0; id < network.topology().router_count(); ++id) {
    most_inputs = std::max(most_inputs, network.router(id).input_ports());
    r.longest_vc_wait = std::max(r.longest_vc_wait, network.router(id).longest_vc_wait());
    r.recoveries += network.router(id).recovered_blocked_on_vc() + network.router(id).recovered_blocked_on_credit();
    r.recoveries_blocked_on_credit += network.router(id).recovered_blocked_on_credit();
    r.longest_switch_wait = std::max(r.longest_switch_wait, network.router(id).longest_switch_wait());
    r.passed_over += network.router(id).passed_over();
  }
  // The bound is per flit; a link allocated per packet makes lanes wait for whole packets.
  if (ArbitrationRegistry::get(c.platform.router.arbitration).traits.bounded_wait &&
      !c.platform.router.packet_link_allocation &&
      lanes_per_port(c.platform.router, c.platform.deadlock) == c.platform.router.virtual_channels) {
    r.switch_wait_bound = SwitchAllocator::wait_bound(most_inputs, c.platform.router.virtual_channels,
                                                      c.platform.router.crossbar_input_per_lane);
  }
  r.created_packets = st.created_packets();
  r.dropped_packets = st.dropped_packets();
  r.injected_flits = st.injected_flits();
  r.delivered_flits = st.delivered_flits();
  r.accepted_flits_by_source = st.accepted_flits_by_source();
  for (NodeId id = 0; id < network.node_count(); ++id)
    r.throttled_cycles.push_back(network.node(id).controller().throttled_cycles());
  r.series = st.series();
  r.phased = c.stimulus.phased;
  if (experiment.has_schedule())
    for (const auto& h : experiment.schedule().history())
      r.phases.push_back(RunReport::Phase{h.name, h.index, std::uint64_t(h.round), h.start, h.end, h.packets_created, h.ended});
  if (experiment.completed_at()) {
    r.completed = true;
    r.completion_cycle = *experiment.completed_at();
  }
  if (const MetapacketGather* m = network.metapackets()) {
    const auto& d = m->durations();
    r.metapacket_gathers = d.size();
    if (!d.empty()) {
      r.metapacket_min = double(*std::min_element(d.begin(), d.end()));
      r.metapacket_max = double(*std::max_element(d.begin(), d.end()));
      double sum = 0;
      for (auto v : d) sum += double(v);
      r.metapacket_mean = sum / double(d.size());
    }
  }
  r.activity = experiment.window_activity();
  r.per_component_activity = c.platform.simulation.per_component_activity;
  r.spatial = experiment.spatial_samples();
  if (c.platform.power.enabled) {
    r.energy_modelled = true;
    r.power = c.platform.power;
    r.clock_period_ns = c.platform.simulation.clock_period_ns;
    const std::uint64_t measured = r.measured_cycles();
    const Topology& topology = network.topology();
    r.routers = topology.router_count();
    for (NodeId id = 0; id < topology.router_count(); ++id) {
      const Router& router = network.router(id);
      const std::uint64_t slots =
          std::uint64_t(router.input_ports()) * std::uint64_t(router.virtual_channels()) * std::uint64_t(router.buffer_depth());
      int links = 0;
      for (int p = 0; p < topology.network_ports(); ++p) links += topology.has_link(id, p);
      const EnergyBreakdown e = router_energy(r.power, r.activity.routers[id], measured, r.clock_period_ns, slots, links);
      r.energy += e;
      r.router_energy.push_back(e.total());
      r.buffer_slots += slots;
      r.links += std::uint64_t(links);
    }
    for (const NetworkInterfaceEvents& events : r.activity.interfaces) {
      const EnergyBreakdown e = interface_energy(r.power, events);
      r.energy += e;
      r.interface_energy.push_back(e.total());
    }
    r.energy += mechanism_energy(r.power, r.activity.sideband_bit_transfers, r.activity.entropy_register_transfers,
                                 r.activity.entropy_register_changes);
    r.delivered_flits_window = delivered;
    r.delivered_packets_window = st.packets_delivered_window();
  }
  if (r.per_component_activity || r.spatial.interval > 0) {
    const Topology& topology = network.topology();
    r.layout = topology.layout();
    for (NodeId id = 0; id < topology.router_count(); ++id) r.positions.push_back(topology.position(id));
    for (int p = 0; p < topology.network_ports(); ++p) r.port_names.push_back(topology.port_name(p));
  }
  for (std::size_t i = 0; i < c.stimulus.phases.size() && !r.ramp; ++i) {
    const auto& process = c.stimulus.phases[i].injection.process;
    if (!ProcessRegistry::get(process.type).traits.ramps) continue;
    r.ramp = true;
    if (auto critical = find_critical_load(r.series, i, std::size_t(process.parameters.integer("smoothing")),
                                           process.parameters.real("degradation"),
                                           process.parameters.real("ignore_below"))) {
      r.critical_found = true;
      r.critical_load = critical->offered;
      r.critical_load_ratio = critical->offered / r.capacity;
      r.critical_cycle = critical->cycle;
    }
  }
  if (c.stimulus.trace) {
    r.trace = c.stimulus.trace->path;
    r.trace_messages = c.stimulus.trace->messages;
  }
  for (std::size_t i = 0; i < c.stimulus.phases.size(); ++i) {
    RunReport::PhaseDuration d;
    d.name = c.stimulus.phases[i].name;
    d.index = i;
    double sum = 0;
    for (const auto& p : r.phases) {
      if (p.index != i || !p.ended) continue;
      const double length = double(p.end - p.start + 1);
      d.min = d.rounds == 0 ? length : std::min(d.min, length);
      d.max = std::max(d.max, length);
      sum += length;
      ++d.rounds;
    }
    d.mean = d.rounds ? sum / double(d.rounds) : 0.0;
    r.phase_durations.push_back(d);
  }
  return r;
}

namespace {
bool network_has_metapackets(const RunReport& r) { return r.metapacket_gathers > 0; }
}  // namespace

void write_json(std::ostream& os, const RunReport& r) {
  Json j;
  j["model"] = "icnsim";
  j["model_version"] = r.model_version;
  j["status"] = {{"state", r.status}, {"reason", r.status_reason}, {"detail", r.status_detail},
                 {"last_cycle", r.last_cycle}};
  j["platform"] = {{"name", r.platform_name}, {"source", r.platform_source}};
  j["stimulus"] = {{"name", r.stimulus_name}, {"source", r.stimulus_source}};
  j["seed"] = r.seed;
  j["network"] = {{"topology", r.topology},
                  {"nodes", r.nodes},
                  {"routing", r.routing},
                  {"congestion_control", r.controller},
                  {"uniform_capacity_flits_per_node_cycle", r.capacity}};
  j["window"] = {{"cycles", r.cycles}, {"warmup", r.warmup}, {"measured_cycles", r.measured_cycles()}};
  j["load"] = {{"configured_flits_per_node_cycle", r.configured_load},
               {"offered_flits_per_node_cycle", r.offered},
               {"attempted_flits_per_node_cycle", r.attempted},
               {"offered_normalised", r.offered / r.capacity}};
  j["throughput"] = {{"accepted_flits_per_node_cycle", r.accepted},
                     {"accepted_normalised", r.accepted / r.capacity},
                     {"fairness_jain", r.fairness}};
  if (network_has_metapackets(r))
    j["metapackets"] = {{"gathers", r.metapacket_gathers}, {"min_cycles", r.metapacket_min},
                        {"mean_cycles", r.metapacket_mean}, {"max_cycles", r.metapacket_max}};
  if (r.ramp)
    j["ramp"] = {{"critical_load_found", r.critical_found},
                 {"critical_load_flits_per_node_cycle", maybe(r.critical_found, r.critical_load)},
                 {"critical_load_ratio", maybe(r.critical_found, r.critical_load_ratio)},
                 {"critical_cycle", maybe(r.critical_found, r.critical_cycle)}};
  j["latency"] = latency_json(r.latency);
  // tlm.timing: approximate (a virtual platform's): packets estimated, not simulated, apart.
  if (r.estimated_packets > 0)
    j["estimated"] = {{"packets", r.estimated_packets}, {"latency", latency_json(r.estimated_latency)}};
  j["network_latency"] = latency_json(r.network_latency);
  j["mean_hops"] = maybe(r.latency.count > 0, r.mean_hops);
  j["latency_histogram"] = {{"bin_width", r.histogram_bin_width}, {"counts", r.histogram}};
  j["high_priority"] = {{"latency", latency_json(r.high_priority_latency)},
                        {"latency_histogram", {{"bin_width", r.histogram_bin_width}, {"counts", r.high_priority_histogram}}}};
  j["allocation"] = {{"longest_vc_wait_cycles", r.longest_vc_wait},
                     {"longest_switch_wait_cycles", r.longest_switch_wait},
                     {"vc_passed_over_by_younger", r.passed_over},
                     {"switch_wait_bound_cycles", maybe(r.switch_wait_bound > 0, r.switch_wait_bound)}};
  j["packets"] = {{"created", r.packets_created},
                  {"injected", r.packets_injected},
                  {"delivered", r.packets_delivered},
                  {"dropped_at_full_source_queue", r.packets_dropped},
                  {"in_network_at_end", r.packets_in_network_at_end},
                  {"queued_at_end", r.packets_queued_at_end},
                  {"deadlock_recoveries", r.recoveries},
                  {"deadlock_recoveries_by_kind", {{"blocked_on_output_vc", r.recoveries - r.recoveries_blocked_on_credit},
                                                   {"blocked_on_credit", r.recoveries_blocked_on_credit},
                                                   {"audited_in_a_knot", maybe(r.recoveries_in_knot >= 0, r.recoveries_in_knot)},
                                                   {"audited_not_in_a_knot", maybe(r.recoveries_not_in_knot >= 0, r.recoveries_not_in_knot)}}},
                  {"watchdog_deadlock_reports", r.deadlock_reports},
                  {"watchdog_starvation_reports", r.starvation_reports},
                  {"watchdog_first_finding", r.watchdog_first_finding}};
  j["per_node"] = {{"created_packets", r.created_packets},
                   {"injected_flits", r.injected_flits},
                   {"delivered_flits", r.delivered_flits},
                   {"accepted_flits_by_source", r.accepted_flits_by_source},
                   {"throttled_cycles", r.throttled_cycles},
                   {"dropped_packets", r.dropped_packets}};
  if (!r.layout.empty()) j["layout"] = {{"kind", r.layout}, {"positions", r.positions}, {"port_names", r.port_names}};
  j["activity"] = activity_json(r);
  if (r.energy_modelled) j["energy"] = energy_json(r);
  if (r.spatial.interval > 0) j["spatial"] = spatial_json(r.spatial);
  Json& series = j["time_series"] = Json::object();
  auto column = [&](const char* name, auto member) {
    Json& c = series[name] = Json::array();
    for (const auto& s : r.series) c.push_back(s.*member);
  };
  column("cycle", &TimeSample::cycle);
  column("offered", &TimeSample::offered);
  column("attempted", &TimeSample::attempted);
  column("accepted", &TimeSample::accepted);
  column("packets_in_network", &TimeSample::packets_in_network);
  column("packets_queued", &TimeSample::packets_queued);
  column("full_buffers", &TimeSample::full_buffers);
  column("mean_latency", &TimeSample::mean_latency);
  column("oldest_in_network", &TimeSample::oldest_in_network);
  column("phase", &TimeSample::phase);
  column("throttled_fraction", &TimeSample::throttled_fraction);
  if (!r.series.empty())
    for (std::size_t i = 0; i < r.series.front().controller.size(); ++i) {
      Json& c = series["controller." + r.series.front().controller[i].first] = Json::array();
      for (const auto& s : r.series) c.push_back(i < s.controller.size() ? s.controller[i].second : 0.0);
    }
  Json phases = Json::array(), durations = Json::array();
  for (const auto& p : r.phases)
    phases.push_back({{"name", p.name}, {"index", p.index}, {"round", p.round}, {"start", p.start},
                      {"end", maybe(p.ended, p.end)}, {"packets_created", p.packets_created}});
  for (const auto& d : r.phase_durations)
    durations.push_back({{"name", d.name}, {"index", d.index}, {"rounds", d.rounds}, {"mean_cycles", d.mean},
                         {"min_cycles", d.min}, {"max_cycles", d.max}});
  j["schedule"] = {{"phased", r.phased},
                   {"trace", r.trace},
                   {"trace_messages", r.trace_messages},
                   {"completion_cycles", maybe(r.completed, std::uint64_t(r.completion_cycle + 1))},
                   {"phases", std::move(phases)},
                   {"phase_durations", std::move(durations)}};
  // Escaping is the library's; text that is not UTF-8 (never expected: inputs are checked) is
  // replaced rather than written as an invalid document. NaN and infinities are written as null.
  os << j.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

void print_summary(std::ostream& os, const RunReport& r, double wall_seconds, std::uint64_t peak_memory_bytes) {
  char line[160];
  auto row = [&](const char* name, const std::string& value) {
    std::snprintf(line, sizeof line, "  %-34s %s\n", name, value.c_str());
    os << line;
  };
  auto number = [](double v, const char* format = "%.4f") {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return std::string(buf);
  };
  os << "icnsim " << r.model_version << ": " << r.platform_name << " × " << r.stimulus_name << " (seed " << r.seed << ")\n";
  if (r.status != "completed")
    row("STOPPED EARLY", r.status + " at cycle " + std::to_string(r.last_cycle) + ": " + r.status_reason.substr(0, 200));
  row("network", r.topology + ", " + std::to_string(r.nodes) + " nodes");
  row("routing", r.routing);
  row("congestion control", r.controller);
  row("cycles (warm-up)", std::to_string(r.cycles) + " (" + std::to_string(r.warmup) + ")");
  row("capacity [flits/node/cycle]", number(r.capacity));
  if (r.packets_dropped > 0)
    row("attempted load [flits/node/cycle]", number(r.attempted) + "  (" + number(100 * r.attempted / r.capacity, "%.1f") + " % of capacity)");
  row("offered load [flits/node/cycle]", number(r.offered) + "  (" + number(100 * r.offered / r.capacity, "%.1f") + " % of capacity)");
  row("accepted [flits/node/cycle]", number(r.accepted) + "  (" + number(100 * r.accepted / r.capacity, "%.1f") + " % of capacity)");
  if (r.latency.count) {
    row("latency mean / p50 / p99 / max", number(r.latency.mean, "%.1f") + " / " + number(r.latency.p50, "%.0f") +
                                              " / " + number(r.latency.p99, "%.0f") + " / " +
                                              number(r.latency.max, "%.0f") + " cycles");
    row("network latency mean / p99",
        number(r.network_latency.mean, "%.1f") + " / " + number(r.network_latency.p99, "%.0f") + " cycles");
    row("mean hops", number(r.mean_hops, "%.2f"));
    if (r.high_priority_latency.count)
      row("high-priority latency mean / p50 / p99",
          number(r.high_priority_latency.mean, "%.1f") + " / " + number(r.high_priority_latency.p50, "%.0f") + " / " +
              number(r.high_priority_latency.p99, "%.0f") + " cycles (" +
              std::to_string(r.high_priority_latency.count) + " packets)");
  } else {
    row("latency", "none measured: no packet created in the window was delivered");
  }
  row("packets measured", std::to_string(r.latency.count));
  if (r.packets_dropped > 0)
    row("dropped (full source queue, failed attempts)", std::to_string(r.packets_dropped));
  row("in network / queued at end", std::to_string(r.packets_in_network_at_end) + " / " + std::to_string(r.packets_queued_at_end));
  row("fairness (Jain, per source)", number(r.fairness, "%.3f"));
  if (r.energy_modelled) {
    const double measured = double(r.measured_cycles());
    row("energy in the window (power.model)",
        number(r.energy.total() * 1e-6, "%.4g") + " µJ, " +
            (measured > 0 ? number(r.energy.total() / (measured * r.clock_period_ns), "%.4g") + " mW" : std::string("—")) +
            (r.delivered_flits_window ? ", " + number(r.energy.total() / double(r.delivered_flits_window), "%.4g") +
                                            " pJ per delivered flit"
                                      : std::string()));
  }
  if (r.recoveries > 0)
    row("deadlock recoveries", std::to_string(r.recoveries) +
                                   (r.recoveries_in_knot >= 0 ? " (" + std::to_string(r.recoveries_not_in_knot) +
                                                                    " not in a knot: false detections)"
                                                              : std::string()));
  if (r.deadlock_reports + r.starvation_reports > 0)
    row("watchdog", std::to_string(r.deadlock_reports) + " deadlock and " + std::to_string(r.starvation_reports) +
                        " starvation reports (packets unmoved for simulation.watchdog_cycles)");
  if (r.metapacket_gathers > 0)
    row("metapacket gathers", std::to_string(r.metapacket_gathers) + ", " + number(r.metapacket_min, "%.0f") + " / " +
                                  number(r.metapacket_mean, "%.0f") + " / " + number(r.metapacket_max, "%.0f") +
                                  " cycles min / mean / max");
  if (r.ramp)
    row("critical load (ramp)", r.critical_found ? number(r.critical_load) + " flits/node/cycle = " +
                                                       number(r.critical_load_ratio, "%.3f") + " of capacity (cycle " +
                                                       std::to_string(r.critical_cycle) + ")"
                                                 : std::string("not reached"));
  if (!r.trace.empty())
    row("trace", r.trace + ", " + std::to_string(r.trace_messages) + " messages, " +
                     (r.completed ? "completed in " + std::to_string(r.completion_cycle + 1) + " cycles"
                                  : "not complete when the simulation ended"));
  if (r.phased) {
    row("schedule", r.completed ? "completed in " + std::to_string(r.completion_cycle + 1) + " cycles"
                                : "not complete when the simulation ended");
    if (r.phases.size() <= 12) {
      for (const auto& p : r.phases)
        row(("  " + p.name).c_str(), "cycles " + std::to_string(p.start) + "–" + (p.ended ? std::to_string(p.end) : "") +
                                         ", " + std::to_string(p.packets_created) + " packets created");
    }
    for (const auto& d : r.phase_durations)
      if (d.rounds > 1)
        row(("  " + d.name + " duration").c_str(), number(d.mean, "%.1f") + " cycles mean (" + number(d.min, "%.0f") +
                                                     "–" + number(d.max, "%.0f") + ") over " +
                                                     std::to_string(d.rounds) + " rounds");
  }
  row("wall time", number(wall_seconds, "%.2f s") + "  (" +
                       number(double(r.nodes) * double(r.cycles) / wall_seconds / 1e6, "%.1f") + " M node-cycles/s)");
  if (peak_memory_bytes)
    row("peak memory", number(double(peak_memory_bytes) / 1e6, "%.2f MB"));
}

}  // namespace icn
