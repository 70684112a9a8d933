#include "run_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "experiment.h"
#include "power/energy_account.h"
#include "result_document.h"
#include "stats/critical_load.h"
#include "traffic/injection_process.h"
#include "traffic/traffic_schedule.h"

#ifndef ICNSIM_VERSION
#define ICNSIM_VERSION "unknown"
#endif

namespace icn {

using Json = ResultDocument::Json;

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

std::string number(double v, const char* format = "%.4f") {
  char text[64];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

// The experiment's own part of the result, up to the fabric's parts: the run, its load, throughput
// and latencies, its packets and nodes as the network interfaces counted them, the window's
// activity, the time series and the schedule; and the summary's rows for them.
void report_experiment(const RunReport& r, ResultDocument& doc) {
  doc.section("model") = "icnsim";
  doc.section("model_version") = r.model_version;
  doc.section("status") = {{"state", r.status}, {"reason", r.status_reason}, {"detail", r.status_detail},
                           {"last_cycle", r.last_cycle}};
  doc.section("platform") = {{"name", r.platform_name}, {"source", r.platform_source}};
  doc.section("stimulus") = {{"name", r.stimulus_name}, {"source", r.stimulus_source}};
  doc.section("seed") = r.seed;
  doc.section("network") = {{"topology", r.topology},
                            {"nodes", r.nodes},
                            {"routing", r.routing},
                            {"congestion_control", r.controller},
                            {"uniform_capacity_flits_per_node_cycle", r.capacity}};
  doc.section("window") = {{"cycles", r.cycles}, {"warmup", r.warmup}, {"measured_cycles", r.measured_cycles()}};
  doc.section("load") = {{"configured_flits_per_node_cycle", r.configured_load},
                         {"offered_flits_per_node_cycle", r.offered},
                         {"attempted_flits_per_node_cycle", r.attempted},
                         {"offered_normalised", r.offered / r.capacity}};
  doc.section("throughput") = {{"accepted_flits_per_node_cycle", r.accepted},
                               {"accepted_normalised", r.accepted / r.capacity},
                               {"fairness_jain", r.fairness}};
  if (r.ramp)
    doc.section("ramp") = {{"critical_load_found", r.critical_found},
                           {"critical_load_flits_per_node_cycle", maybe(r.critical_found, r.critical_load)},
                           {"critical_load_ratio", maybe(r.critical_found, r.critical_load_ratio)},
                           {"critical_cycle", maybe(r.critical_found, r.critical_cycle)}};
  doc.section("latency") = latency_json(r.latency);
  // tlm.timing: approximate (a virtual platform's): packets estimated, not simulated, apart.
  if (r.estimated_packets > 0)
    doc.section("estimated") = {{"packets", r.estimated_packets}, {"latency", latency_json(r.estimated_latency)}};
  doc.section("network_latency") = latency_json(r.network_latency);
  doc.section("mean_hops") = maybe(r.latency.count > 0, r.mean_hops);
  doc.section("latency_histogram") = {{"bin_width", r.histogram_bin_width}, {"counts", r.histogram}};
  doc.section("high_priority") = {
      {"latency", latency_json(r.high_priority_latency)},
      {"latency_histogram", {{"bin_width", r.histogram_bin_width}, {"counts", r.high_priority_histogram}}}};
  doc.section("packets") = {{"created", r.packets_created},
                            {"injected", r.packets_injected},
                            {"delivered", r.packets_delivered},
                            {"dropped_at_full_source_queue", r.packets_dropped},
                            {"in_network_at_end", r.packets_in_network_at_end},
                            {"queued_at_end", r.packets_queued_at_end}};
  doc.section("per_node") = {{"created_packets", r.created_packets},
                             {"injected_flits", r.injected_flits},
                             {"delivered_flits", r.delivered_flits},
                             {"accepted_flits_by_source", r.accepted_flits_by_source}};
  if (!r.layout.empty())
    doc.section("layout") = {{"kind", r.layout}, {"positions", r.positions}, {"port_names", r.port_names}};
  doc.section("activity") = activity_json(r);
  if (r.spatial.interval > 0) doc.section("spatial") = spatial_json(r.spatial);
  Json& series = doc.section("time_series") = Json::object();
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
  doc.section("schedule") = {{"phased", r.phased},
                             {"trace", r.trace},
                             {"trace_messages", r.trace_messages},
                             {"completion_cycles", maybe(r.completed, std::uint64_t(r.completion_cycle + 1))},
                             {"phases", std::move(phases)},
                             {"phase_durations", std::move(durations)}};

  if (r.status != "completed")
    doc.row("STOPPED EARLY", r.status + " at cycle " + std::to_string(r.last_cycle) + ": " + r.status_reason.substr(0, 200));
  doc.row("network", r.topology + ", " + std::to_string(r.nodes) + " nodes");
  doc.row("routing", r.routing);
  doc.row("congestion control", r.controller);
  doc.row("cycles (warm-up)", std::to_string(r.cycles) + " (" + std::to_string(r.warmup) + ")");
  doc.row("capacity [flits/node/cycle]", number(r.capacity));
  if (r.packets_dropped > 0)
    doc.row("attempted load [flits/node/cycle]",
            number(r.attempted) + "  (" + number(100 * r.attempted / r.capacity, "%.1f") + " % of capacity)");
  doc.row("offered load [flits/node/cycle]", number(r.offered) + "  (" + number(100 * r.offered / r.capacity, "%.1f") + " % of capacity)");
  doc.row("accepted [flits/node/cycle]", number(r.accepted) + "  (" + number(100 * r.accepted / r.capacity, "%.1f") + " % of capacity)");
  if (r.latency.count) {
    doc.row("latency mean / p50 / p99 / max", number(r.latency.mean, "%.1f") + " / " + number(r.latency.p50, "%.0f") +
                                                  " / " + number(r.latency.p99, "%.0f") + " / " +
                                                  number(r.latency.max, "%.0f") + " cycles");
    doc.row("network latency mean / p99",
            number(r.network_latency.mean, "%.1f") + " / " + number(r.network_latency.p99, "%.0f") + " cycles");
    doc.row("mean hops", number(r.mean_hops, "%.2f"));
    if (r.high_priority_latency.count)
      doc.row("high-priority latency mean / p50 / p99",
              number(r.high_priority_latency.mean, "%.1f") + " / " + number(r.high_priority_latency.p50, "%.0f") + " / " +
                  number(r.high_priority_latency.p99, "%.0f") + " cycles (" +
                  std::to_string(r.high_priority_latency.count) + " packets)");
  } else {
    doc.row("latency", "none measured: no packet created in the window was delivered");
  }
  doc.row("packets measured", std::to_string(r.latency.count));
  if (r.packets_dropped > 0) doc.row("dropped (full source queue, failed attempts)", std::to_string(r.packets_dropped));
  doc.row("in network / queued at end",
          std::to_string(r.packets_in_network_at_end) + " / " + std::to_string(r.packets_queued_at_end));
  doc.row("fairness (Jain, per source)", number(r.fairness, "%.3f"));
}

// What follows the fabric's parts in the sections they share (the watchdog after the routers'
// recoveries, drops after the controllers' throttled cycles), and the schedule's rows.
void report_experiment_end(const RunReport& r, ResultDocument& doc) {
  doc.put("packets.watchdog_deadlock_reports", r.deadlock_reports);
  doc.put("packets.watchdog_starvation_reports", r.starvation_reports);
  doc.put("packets.watchdog_first_finding", r.watchdog_first_finding);
  doc.put("per_node.dropped_packets", r.dropped_packets);
  if (r.deadlock_reports + r.starvation_reports > 0)
    doc.row("watchdog", std::to_string(r.deadlock_reports) + " deadlock and " + std::to_string(r.starvation_reports) +
                            " starvation reports (packets unmoved for simulation.watchdog_cycles)");
  if (r.ramp)
    doc.row("critical load (ramp)", r.critical_found ? number(r.critical_load) + " flits/node/cycle = " +
                                                           number(r.critical_load_ratio, "%.3f") + " of capacity (cycle " +
                                                           std::to_string(r.critical_cycle) + ")"
                                                     : std::string("not reached"));
  if (!r.trace.empty())
    doc.row("trace", r.trace + ", " + std::to_string(r.trace_messages) + " messages, " +
                         (r.completed ? "completed in " + std::to_string(r.completion_cycle + 1) + " cycles"
                                      : "not complete when the simulation ended"));
  if (r.phased) {
    doc.row("schedule", r.completed ? "completed in " + std::to_string(r.completion_cycle + 1) + " cycles"
                                    : "not complete when the simulation ended");
    if (r.phases.size() <= 12) {
      for (const auto& p : r.phases)
        doc.row("  " + p.name, "cycles " + std::to_string(p.start) + "–" + (p.ended ? std::to_string(p.end) : "") +
                                   ", " + std::to_string(p.packets_created) + " packets created");
    }
    for (const auto& d : r.phase_durations)
      if (d.rounds > 1)
        doc.row("  " + d.name + " duration", number(d.mean, "%.1f") + " cycles mean (" + number(d.min, "%.0f") + "–" +
                                                 number(d.max, "%.0f") + ") over " + std::to_string(d.rounds) + " rounds");
  }
}

// power.model: events: the window's activity priced (docs/energy.md).
EnergyInputs energy_inputs(const RunReport& r, const Experiment& experiment) {
  const Configuration& c = experiment.configuration();
  const Fabric& network = experiment.fabric();
  const Topology& topology = network.topology();
  EnergyInputs in;
  in.power = c.platform.power;
  in.clock_period_ns = c.platform.simulation.clock_period_ns;
  in.cycles = r.measured_cycles();
  for (NodeId id = 0; id < topology.router_count(); ++id) {
    const Router& router = network.router(id);
    EnergyInputs::Router entry;
    entry.events = r.activity.routers[id];
    entry.buffer_slots =
        std::uint64_t(router.input_ports()) * std::uint64_t(router.virtual_channels()) * std::uint64_t(router.buffer_depth());
    for (int p = 0; p < topology.network_ports(); ++p) entry.links += topology.has_link(id, p);
    in.routers.push_back(entry);
  }
  in.interfaces = r.activity.interfaces;
  in.sideband_bits = r.activity.sideband_bit_transfers;
  in.entropy_transfers = r.activity.entropy_register_transfers;
  in.entropy_changes = r.activity.entropy_register_changes;
  for (auto v : r.delivered_flits) in.delivered_flits += v;
  in.delivered_packets = network.statistics().packets_delivered_window();
  in.mean_latency = r.latency.mean;
  in.latency_packets = r.latency.count;
  in.per_component = r.per_component_activity;
  return in;
}

// The result: the experiment's part, then each part of the fabric (Fabric::result_sources), then
// the energy account.
std::shared_ptr<const ResultDocument> report_parts(const RunReport& r, const Experiment& experiment) {
  auto doc = std::make_shared<ResultDocument>();
  report_experiment(r, *doc);
  for (const ResultSource* source : experiment.fabric().result_sources()) source->report(*doc);
  if (experiment.software()) experiment.software()->report(*doc);
  report_experiment_end(r, *doc);
  if (experiment.configuration().platform.power.enabled) EnergyAccount(energy_inputs(r, experiment)).report(*doc);
  return doc;
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
  r.deadlock_reports = experiment.deadlock_reports();
  r.starvation_reports = experiment.starvation_reports();
  r.fairness = jain_index(st.accepted_flits_by_source());
  r.created_packets = st.created_packets();
  r.dropped_packets = st.dropped_packets();
  r.injected_flits = st.injected_flits();
  r.delivered_flits = st.delivered_flits();
  r.accepted_flits_by_source = st.accepted_flits_by_source();
  r.series = st.series();
  r.phased = c.stimulus.phased;
  if (experiment.has_schedule())
    for (const auto& h : experiment.schedule().history())
      r.phases.push_back(RunReport::Phase{h.name, h.index, std::uint64_t(h.round), h.start, h.end, h.packets_created, h.ended});
  if (experiment.completed_at()) {
    r.completed = true;
    r.completion_cycle = *experiment.completed_at();
  }
  r.activity = experiment.window_activity();
  r.per_component_activity = c.platform.simulation.per_component_activity;
  r.spatial = experiment.spatial_samples();
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
  r.document = report_parts(r, experiment);
  return r;
}

const ResultReader& RunReport::result() const {
  if (!document) throw std::logic_error("a RunReport not made by make_report has no result document");
  return *document;
}

void write_json(std::ostream& os, const RunReport& r) {
  // Escaping is the library's; text that is not UTF-8 (never expected: inputs are checked) is
  // replaced rather than written as an invalid document. NaN and infinities are written as null.
  os << r.document->json().dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

void print_summary(std::ostream& os, const RunReport& r, double wall_seconds, std::uint64_t peak_memory_bytes) {
  // A name padded to 34 columns (bytes, as printf pads), then the value whole, however long.
  auto row = [&](const std::string& name, const std::string& value) {
    os << "  " << name << std::string(name.size() < 34 ? 34 - name.size() : 0, ' ') << " " << value << "\n";
  };
  os << "icnsim " << r.model_version << ": " << r.platform_name << " × " << r.stimulus_name << " (seed " << r.seed << ")\n";
  for (const auto& [name, value] : r.document->rows()) row(name, value);
  row("wall time", number(wall_seconds, "%.2f s") + "  (" +
                       number(double(r.nodes) * double(r.cycles) / wall_seconds / 1e6, "%.1f") + " M node-cycles/s)");
  if (peak_memory_bytes) row("peak memory", number(double(peak_memory_bytes) / 1e6, "%.2f MB"));
}

}  // namespace icn
