#include "experiment_report.h"

#include <algorithm>

#include "common/text.h"
#include "experiment.h"
#include "energy/energy_account.h"
#include "stats/critical_load.h"
#include "stats/window_report.h"
#include "traffic/injection_process.h"
#include "traffic/traffic_schedule.h"

#ifndef ICNSIM_VERSION
#define ICNSIM_VERSION "unknown"
#endif

namespace icn {

using Json = ResultDocument::Json;

namespace {

// A value, or null where it does not exist (nothing measured, not reached).
template <typename T>
Json maybe(bool exists, T value) {
  return exists ? Json(value) : Json(nullptr);
}

// What the experiment's own parts and the window's measures are measured against.
struct Run {
  const Experiment& experiment;
  const Configuration& c;
  Cycle cycles, warmup, measured;
  double capacity;
};

Run run_of(const Experiment& experiment) {
  const Configuration& c = experiment.configuration();
  const Fabric& network = experiment.fabric();
  Run r{experiment, c, experiment.cycles_run(), c.platform.simulation.warmup, 0, 0};
  if (!experiment.has_end()) {  // a virtual platform's: the window its start and stop set, so far
    r.cycles = std::min(r.cycles, network.statistics().window().end());
    r.warmup = network.statistics().window().from();
  }
  r.measured = r.cycles - std::min(r.cycles, r.warmup);
  r.capacity = std::min({network.topology().uniform_capacity(), double(c.platform.network_interface.injection_channels),
                         double(c.platform.network_interface.delivery_channels)});
  return r;
}

// The run itself: what ran, how it ended, its window, and their rows.
void report_run(const Run& r, ResultDocument& doc) {
  const Experiment::RunStatus& status = r.experiment.status();
  const std::string state = Experiment::state_name(status.state);
  Cycle last_cycle = status.last_cycle;
  if (!r.experiment.has_end() && r.experiment.cycles_run() > 0) last_cycle = r.experiment.cycles_run() - 1;  // so far
  const Fabric& network = r.experiment.fabric();
  const std::string topology = network.topology().describe(), routing = network.routing().describe();
  const std::string& controller = r.c.platform.congestion_control.type;
  doc.section("model") = "icnsim";
  doc.section("model_version") = ICNSIM_VERSION;
  doc.section("status") = {{"state", state}, {"reason", status.reason}, {"detail", status.detail}, {"last_cycle", last_cycle}};
  doc.section("platform") = {{"name", r.c.platform.name}, {"source", r.c.platform.source}};
  doc.section("stimulus") = {{"name", r.c.stimulus.name}, {"source", r.c.stimulus.source}};
  doc.section("seed") = r.c.platform.simulation.seed;
  doc.section("network") = {{"topology", topology},
                            {"nodes", std::uint64_t(network.node_count())},
                            {"routing", routing},
                            {"congestion_control", controller},
                            {"uniform_capacity_flits_per_node_cycle", r.capacity}};
  doc.section("window") = {{"cycles", r.cycles}, {"warmup", r.warmup}, {"measured_cycles", r.measured}};
  if (state != "completed")
    doc.row("STOPPED EARLY", state + " at cycle " + std::to_string(last_cycle) + ": " + status.reason.substr(0, 200));
  doc.row("network", topology + ", " + std::to_string(network.node_count()) + " nodes");
  doc.row("routing", routing);
  doc.row("congestion control", controller);
  doc.row("cycles (warm-up)", std::to_string(r.cycles) + " (" + std::to_string(r.warmup) + ")");
}

// Ramp-load runs: the critical load the first ramping phase found in the time series.
void report_ramp(const Run& r, ResultDocument& doc) {
  const std::vector<TimeSample>& series = r.experiment.fabric().statistics().series();
  for (std::size_t i = 0; i < r.c.stimulus.phases.size(); ++i) {
    const auto& process = r.c.stimulus.phases[i].injection.process;
    if (!ProcessRegistry::get(process.type).traits.ramps) continue;
    const auto critical = find_critical_load(series, i, std::size_t(process.parameters.integer("smoothing")),
                                             process.parameters.real("degradation"), process.parameters.real("ignore_below"));
    const bool found = critical.has_value();
    doc.section("ramp") = {{"critical_load_found", found},
                           {"critical_load_flits_per_node_cycle", maybe(found, found ? critical->offered : 0.0)},
                           {"critical_load_ratio", maybe(found, found ? critical->offered / r.capacity : 0.0)},
                           {"critical_cycle", maybe(found, found ? critical->cycle : Cycle(0))}};
    return;
  }
}

// How to draw the network (Topology::position, layout, port_name), and where it was busy.
void report_layout(const Run& r, ResultDocument& doc) {
  const SpatialSamples& spatial = r.experiment.spatial_samples();
  if (r.c.platform.simulation.per_component_activity || spatial.interval > 0) {
    const Topology& topology = r.experiment.fabric().topology();
    std::vector<std::vector<int>> positions;
    std::vector<std::string> port_names;
    for (NodeId id = 0; id < topology.router_count(); ++id) positions.push_back(topology.position(id));
    for (int p = 0; p < topology.network_ports(); ++p) port_names.push_back(topology.port_name(p));
    doc.section("layout") = {{"kind", topology.layout()}, {"positions", positions}, {"port_names", port_names}};
  }
  report_activity(r.experiment.window_activity(), r.measured, r.c.platform.simulation.per_component_activity, doc);
  if (spatial.interval == 0) return;
  doc.section("spatial") = {{"interval", spatial.interval}, {"ports_per_router", spatial.ports}};
  report_links(spatial.links, false, "spatial.links", doc);
  Json& j = doc.section("spatial");
  j["cycles"] = spatial.cycles;
  j["link_flits"] = spatial.link_flits;
  j["input_occupancy"] = spatial.input_occupancy;
  j["throttled"] = spatial.throttled;
}

// The time series as columns, a controller's telemetry one column per value (named with a dot).
void report_series(const Run& r, ResultDocument& doc) {
  const std::vector<TimeSample>& samples = r.experiment.fabric().statistics().series();
  Json& series = doc.section("time_series") = Json::object();
  TimeSample::for_each_column([&](const char* name, auto member) {
    Json& c = series[name] = Json::array();
    for (const auto& s : samples) c.push_back(s.*member);
  });
  if (!samples.empty())
    for (std::size_t i = 0; i < samples.front().controller.size(); ++i) {
      Json& c = series["controller." + samples.front().controller[i].first] = Json::array();
      for (const auto& s : samples) c.push_back(i < s.controller.size() ? s.controller[i].second : 0.0);
    }
}

// The stimulus' schedule: every phase as it ran, each phase's duration over its rounds, completion.
void report_schedule(const Run& r, ResultDocument& doc) {
  const Experiment& e = r.experiment;
  const std::optional<Cycle> completed = e.completed_at();
  Json phases = Json::array(), durations = Json::array();
  std::vector<TrafficSchedule::PhaseRecord> history;
  if (e.has_schedule()) history = e.schedule().history();
  for (const auto& p : history)
    phases.push_back({{"name", p.name}, {"index", p.index}, {"round", std::uint64_t(p.round)}, {"start", p.start},
                      {"end", maybe(p.ended, p.end)}, {"packets_created", p.packets_created}});
  for (std::size_t i = 0; i < r.c.stimulus.phases.size(); ++i) {
    std::uint64_t rounds = 0;
    double sum = 0, min = 0, max = 0;
    for (const auto& p : history) {
      if (p.index != i || !p.ended) continue;
      const double length = double(p.end - p.start + 1);
      min = rounds == 0 ? length : std::min(min, length);
      max = std::max(max, length);
      sum += length;
      ++rounds;
    }
    const double mean = rounds ? sum / double(rounds) : 0.0;
    const std::string& name = r.c.stimulus.phases[i].name;
    durations.push_back({{"name", name}, {"index", i}, {"rounds", rounds}, {"mean_cycles", mean},
                         {"min_cycles", min}, {"max_cycles", max}});
  }
  const auto& trace = r.c.stimulus.trace;
  doc.section("schedule") = {{"phased", r.c.stimulus.phased},
                             {"trace", trace ? trace->path : std::string()},
                             {"trace_messages", trace ? std::uint64_t(trace->messages) : std::uint64_t(0)},
                             {"completion_cycles", maybe(completed.has_value(), std::uint64_t(completed.value_or(0) + 1))},
                             {"phases", std::move(phases)},
                             {"phase_durations", std::move(durations)}};
}

// What follows the fabric's parts in the sections they share (the watchdog after the routers'
// recoveries, drops after the controllers' throttled cycles), and the rows of the ramp and the
// schedule, read from what the experiment reported.
void report_end(const Run& r, ResultDocument& doc) {
  const Experiment& e = r.experiment;
  const std::uint64_t deadlocks = e.deadlock_reports(), starvations = e.starvation_reports();
  doc.put("packets.watchdog_deadlock_reports", deadlocks);
  doc.put("packets.watchdog_starvation_reports", starvations);
  doc.put("packets.watchdog_first_finding", e.watchdog() ? e.watchdog()->first_finding() : std::string());
  doc.put("per_node.dropped_packets", e.fabric().statistics().dropped_packets());
  if (deadlocks + starvations > 0)
    doc.row("watchdog", std::to_string(deadlocks) + " deadlock and " + std::to_string(starvations) +
                            " starvation reports (packets unmoved for simulation.watchdog_cycles)");
  if (doc.has("ramp"))
    doc.row("critical load (ramp)", doc.find("ramp.critical_load_found")->get<bool>()
                                        ? formatted(doc.number("ramp.critical_load_flits_per_node_cycle")) +
                                              " flits/node/cycle = " + formatted(doc.number("ramp.critical_load_ratio"), "%.3f") +
                                              " of capacity (cycle " + std::to_string(doc.count("ramp.critical_cycle")) + ")"
                                        : std::string("not reached"));
  const Json& schedule = doc.section("schedule");
  const std::string completion = schedule["completion_cycles"].is_null()
                                     ? "not complete when the simulation ended"
                                     : "completed in " + std::to_string(schedule["completion_cycles"].get<std::uint64_t>()) + " cycles";
  if (const std::string trace = schedule["trace"]; !trace.empty())
    doc.row("trace", trace + ", " + std::to_string(schedule["trace_messages"].get<std::uint64_t>()) + " messages, " + completion);
  if (!schedule["phased"].get<bool>()) return;
  doc.row("schedule", completion);
  if (schedule["phases"].size() <= 12)
    for (const Json& p : schedule["phases"])
      doc.row("  " + p["name"].get<std::string>(),
              "cycles " + std::to_string(p["start"].get<std::uint64_t>()) + "–" +
                  (p["end"].is_null() ? std::string() : std::to_string(p["end"].get<std::uint64_t>())) + ", " +
                  std::to_string(p["packets_created"].get<std::uint64_t>()) + " packets created");
  for (const Json& d : schedule["phase_durations"])
    if (d["rounds"].get<std::uint64_t>() > 1)
      doc.row("  " + d["name"].get<std::string>() + " duration",
              formatted(d["mean_cycles"].get<double>(), "%.1f") + " cycles mean (" + formatted(d["min_cycles"].get<double>(), "%.0f") +
                  "–" + formatted(d["max_cycles"].get<double>(), "%.0f") + ") over " +
                  std::to_string(d["rounds"].get<std::uint64_t>()) + " rounds");
}

// energy.model: events: the window's activity priced (docs/energy.md).
EnergyInputs energy_inputs(const Run& r) {
  const Fabric& network = r.experiment.fabric();
  const Topology& topology = network.topology();
  const Activity activity = r.experiment.window_activity();
  EnergyInputs in;
  in.energy = r.c.platform.energy;
  in.clock_period_ns = r.c.platform.simulation.clock_period_ns;
  in.cycles = r.measured;
  for (NodeId id = 0; id < topology.router_count(); ++id) {
    const Router& router = network.router(id);
    EnergyInputs::Router entry;
    entry.events = activity.routers[id];
    entry.buffer_slots =
        std::uint64_t(router.input_ports()) * std::uint64_t(router.virtual_channels()) * std::uint64_t(router.buffer_depth());
    for (int p = 0; p < topology.network_ports(); ++p) entry.links += topology.has_link(id, p);
    in.routers.push_back(entry);
  }
  in.interfaces = activity.interfaces;
  in.sideband_bits = activity.sideband_bit_transfers;
  in.entropy_transfers = activity.entropy_register_transfers;
  in.entropy_changes = activity.entropy_register_changes;
  for (auto v : network.statistics().delivered_flits()) in.delivered_flits += v;
  in.delivered_packets = network.statistics().packets_delivered_window();
  const LatencySummary latency = summarise(network.statistics().latency());
  in.mean_latency = latency.mean;
  in.latency_packets = latency.count;
  in.per_component = r.c.platform.simulation.per_component_activity;
  return in;
}

}  // namespace

// The result: the experiment's part (the run, the window's measures, the activity, the time series
// and the schedule), then each part of the fabric (Fabric::result_sources), then the end of the
// shared sections and the energy account.
std::shared_ptr<ResultDocument> report_experiment(const Experiment& experiment) {
  auto doc = std::make_shared<ResultDocument>();
  const Run r = run_of(experiment);
  const Fabric& network = experiment.fabric();
  report_run(r, *doc);
  const double configured = r.c.stimulus.phases.empty() ? 0.0 : r.c.stimulus.offered_flits_per_cycle();
  WindowReport(network.statistics(), WindowFrame{network.node_count(), r.measured, r.capacity, configured,
                                                 r.c.platform.simulation.histogram_bin_width})
      .report(*doc);
  report_ramp(r, *doc);
  report_layout(r, *doc);
  report_series(r, *doc);
  report_schedule(r, *doc);
  for (const ResultSource* source : network.result_sources()) source->report(*doc);
  if (experiment.software()) experiment.software()->report(*doc);
  report_end(r, *doc);
  if (r.c.platform.energy.enabled) EnergyAccount(energy_inputs(r)).report(*doc);
  return doc;
}

}  // namespace icn
