#include "stats/run_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "network.h"
#include "router/switch_allocator.h"
#include "stats/critical_load.h"
#include "stats/json_writer.h"
#include "traffic/traffic_schedule.h"

#ifndef ICNSIM_VERSION
#define ICNSIM_VERSION "unknown"
#endif

namespace icn {

namespace {

LatencySummary summarise(std::vector<std::uint32_t> values) {
  LatencySummary s;
  s.count = values.size();
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  double sum = 0, sum_squares = 0;
  for (auto v : values) {
    sum += v;
    sum_squares += double(v) * v;
  }
  s.mean = sum / double(s.count);
  s.stddev = std::sqrt(std::max(0.0, sum_squares / double(s.count) - s.mean * s.mean));
  // Nearest-rank percentiles.
  auto percentile = [&](double q) { return double(values[std::size_t(std::ceil(q * double(s.count))) - 1]); };
  s.p50 = percentile(0.50);
  s.p99 = percentile(0.99);
  s.max = values.back();
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

void write_latency(JsonWriter& j, const LatencySummary& s) {
  // No packet measured: the statistics are absent (null), never a 0 that looks like a measurement.
  j.begin_object().field("count", s.count);
  for (const auto& [name, value] : {std::pair<const char*, double>{"mean", s.mean}, {"stddev", s.stddev},
                                    {"p50", s.p50}, {"p99", s.p99}, {"max", s.max}}) {
    j.key(name);
    s.count ? j.value(value) : j.null();
  }
  j.end_object();
}

}  // namespace

RunReport make_report(Network& network) {
  const Configuration& c = network.configuration();
  const NetworkStatistics& st = network.statistics();
  RunReport r;
  r.model_version = ICNSIM_VERSION;
  const Network::RunStatus& status = network.status();
  r.status = Network::state_name(status.state);
  r.status_reason = status.reason;
  r.status_detail = status.detail;
  r.last_cycle = status.last_cycle;
  if (network.watchdog()) r.watchdog_first_finding = network.watchdog()->first_finding();
  r.platform_name = c.platform.name;
  r.platform_source = c.platform.source;
  r.stimulus_name = c.stimulus.name;
  r.stimulus_source = c.stimulus.source;
  r.seed = c.platform.simulation.seed;
  r.topology = network.topology().describe();
  r.routing = network.routing().describe();
  r.controller = c.platform.congestion_control.type;
  r.nodes = network.node_count();
  r.cycles = network.cycles_run();
  r.warmup = c.platform.simulation.warmup;
  r.capacity = std::min({network.topology().uniform_capacity(), double(c.platform.network_interface.injection_channels),
                         double(c.platform.network_interface.delivery_channels)});
  r.configured_load = c.stimulus.offered_flits_per_cycle();
  // A run stopped during the warm-up measured nothing: its rates are 0 over an empty window.
  const double node_cycles = std::max(1.0, double(r.nodes) * (double(r.cycles) - double(std::min(r.cycles, r.warmup))));
  r.offered = double(st.created_flits_window()) / node_cycles;
  std::uint64_t delivered = 0;
  for (auto v : st.delivered_flits()) delivered += v;
  r.accepted = double(delivered) / node_cycles;
  r.latency = summarise(st.latencies());
  r.network_latency = summarise(st.network_latencies());
  r.mean_hops = r.latency.count ? double(st.hops_sum()) / double(r.latency.count) : 0.0;
  r.histogram_bin_width = c.platform.simulation.histogram_bin_width;
  for (auto v : st.latencies()) {
    const std::size_t bin = v / std::uint32_t(r.histogram_bin_width);
    if (bin >= r.histogram.size()) r.histogram.resize(bin + 1, 0);
    ++r.histogram[bin];
  }
  r.packets_created = st.packets_created_total();
  r.packets_injected = st.packets_injected_total();
  r.packets_delivered = st.packets_delivered_total();
  r.packets_in_network_at_end = r.packets_injected - r.packets_delivered - st.packets_absorbed_total();
  r.packets_queued_at_end = r.packets_created + st.packets_absorbed_total() - r.packets_injected;
  r.recoveries = network.deadlock_recoveries();
  r.deadlock_reports = network.deadlock_reports();
  r.starvation_reports = network.starvation_reports();
  r.fairness = jain_index(st.accepted_flits_by_source());
  for (NodeId id = 0; id < network.node_count(); ++id) {
    r.longest_vc_wait = std::max(r.longest_vc_wait, network.node(id).router().longest_vc_wait());
    r.longest_switch_wait = std::max(r.longest_switch_wait, network.node(id).router().longest_switch_wait());
    r.passed_over += network.node(id).router().passed_over();
  }
  if (c.platform.router.arbitration == "round_robin" && lanes_per_port(c.platform.router, c.platform.deadlock) ==
                                                            c.platform.router.virtual_channels) {
    r.switch_wait_bound = SwitchAllocator::wait_bound(
        network.topology().network_ports() + c.platform.network_interface.injection_channels,
        c.platform.router.virtual_channels);
  }
  r.created_packets = st.created_packets();
  r.injected_flits = st.injected_flits();
  r.delivered_flits = st.delivered_flits();
  r.accepted_flits_by_source = st.accepted_flits_by_source();
  for (NodeId id = 0; id < network.node_count(); ++id)
    r.throttled_cycles.push_back(network.node(id).controller().throttled_cycles());
  r.series = st.series();
  const TrafficSchedule& schedule = network.schedule();
  r.phased = c.stimulus.phased;
  for (const auto& h : schedule.history())
    r.phases.push_back(RunReport::Phase{h.name, h.index, std::uint64_t(h.round), h.start, h.end, h.packets_created, h.ended});
  if (network.completed_at()) {
    r.completed = true;
    r.completion_cycle = *network.completed_at();
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
  for (std::size_t i = 0; i < c.stimulus.phases.size() && !r.ramp; ++i) {
    const auto& process = c.stimulus.phases[i].injection.process;
    if (process.type != "ramp") continue;
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
  JsonWriter j(os);
  j.begin_object();
  j.field("model", "icnsim").field("model_version", r.model_version);
  j.key("status").begin_object()
      .field("state", r.status)
      .field("reason", r.status_reason)
      .field("detail", r.status_detail)
      .field("last_cycle", r.last_cycle)
      .end_object();
  j.key("platform").begin_object().field("name", r.platform_name).field("source", r.platform_source).end_object();
  j.key("stimulus").begin_object().field("name", r.stimulus_name).field("source", r.stimulus_source).end_object();
  j.field("seed", r.seed);
  j.key("network").begin_object()
      .field("topology", r.topology)
      .field("nodes", r.nodes)
      .field("routing", r.routing)
      .field("congestion_control", r.controller)
      .field("uniform_capacity_flits_per_node_cycle", r.capacity)
      .end_object();
  j.key("window").begin_object().field("cycles", r.cycles).field("warmup", r.warmup)
      .field("measured_cycles", r.cycles - std::min(r.cycles, r.warmup)).end_object();
  j.key("load").begin_object()
      .field("configured_flits_per_node_cycle", r.configured_load)
      .field("offered_flits_per_node_cycle", r.offered)
      .field("offered_normalised", r.offered / r.capacity)
      .end_object();
  j.key("throughput").begin_object()
      .field("accepted_flits_per_node_cycle", r.accepted)
      .field("accepted_normalised", r.accepted / r.capacity)
      .field("fairness_jain", r.fairness)
      .end_object();
  if (network_has_metapackets(r)) {
    j.key("metapackets").begin_object().field("gathers", r.metapacket_gathers)
        .field("min_cycles", r.metapacket_min).field("mean_cycles", r.metapacket_mean)
        .field("max_cycles", r.metapacket_max).end_object();
  }
  if (r.ramp) {
    j.key("ramp").begin_object().field("critical_load_found", r.critical_found);
    j.key("critical_load_flits_per_node_cycle");
    r.critical_found ? j.value(r.critical_load) : j.null();
    j.key("critical_load_ratio");
    r.critical_found ? j.value(r.critical_load_ratio) : j.null();
    j.key("critical_cycle");
    r.critical_found ? j.value(r.critical_cycle) : j.null();
    j.end_object();
  }
  j.key("latency");
  write_latency(j, r.latency);
  j.key("network_latency");
  write_latency(j, r.network_latency);
  j.key("mean_hops");
  r.latency.count ? j.value(r.mean_hops) : j.null();
  j.key("latency_histogram").begin_object().field("bin_width", r.histogram_bin_width);
  j.key("counts").array(r.histogram);
  j.end_object();
  j.key("allocation").begin_object()
      .field("longest_vc_wait_cycles", r.longest_vc_wait)
      .field("longest_switch_wait_cycles", r.longest_switch_wait)
      .field("vc_passed_over_by_younger", r.passed_over);
  j.key("switch_wait_bound_cycles");
  r.switch_wait_bound ? j.value(r.switch_wait_bound) : j.null();
  j.end_object();
  j.key("packets").begin_object()
      .field("created", r.packets_created)
      .field("injected", r.packets_injected)
      .field("delivered", r.packets_delivered)
      .field("in_network_at_end", r.packets_in_network_at_end)
      .field("queued_at_end", r.packets_queued_at_end)
      .field("deadlock_recoveries", r.recoveries)
      .field("watchdog_deadlock_reports", r.deadlock_reports)
      .field("watchdog_starvation_reports", r.starvation_reports)
      .field("watchdog_first_finding", r.watchdog_first_finding)
      .end_object();
  j.key("per_node").begin_object();
  j.key("created_packets").array(r.created_packets);
  j.key("injected_flits").array(r.injected_flits);
  j.key("delivered_flits").array(r.delivered_flits);
  j.key("accepted_flits_by_source").array(r.accepted_flits_by_source);
  j.key("throttled_cycles").array(r.throttled_cycles);
  j.end_object();
  j.key("time_series").begin_object();
  auto column = [&](const char* name, auto member) {
    j.key(name).begin_array();
    for (const auto& s : r.series) j.value(s.*member);
    j.end_array();
  };
  column("cycle", &TimeSample::cycle);
  column("offered", &TimeSample::offered);
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
      j.key("controller." + r.series.front().controller[i].first).begin_array();
      for (const auto& s : r.series) j.value(i < s.controller.size() ? s.controller[i].second : 0.0);
      j.end_array();
    }
  j.end_object();
  j.key("schedule").begin_object().field("phased", r.phased).field("trace", r.trace)
      .field("trace_messages", r.trace_messages);
  j.key("completion_cycles");
  r.completed ? j.value(std::uint64_t(r.completion_cycle + 1)) : j.null();
  j.key("phases").begin_array();
  for (const auto& p : r.phases) {
    j.begin_object().field("name", p.name).field("index", p.index).field("round", p.round).field("start", p.start);
    j.key("end");
    p.ended ? j.value(p.end) : j.null();
    j.field("packets_created", p.packets_created).end_object();
  }
  j.end_array();
  j.key("phase_durations").begin_array();
  for (const auto& d : r.phase_durations)
    j.begin_object().field("name", d.name).field("index", d.index).field("rounds", d.rounds)
        .field("mean_cycles", d.mean).field("min_cycles", d.min).field("max_cycles", d.max).end_object();
  j.end_array();
  j.end_object();
  j.end_object();
}

void print_summary(std::ostream& os, const RunReport& r, double wall_seconds) {
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
  row("offered load [flits/node/cycle]", number(r.offered) + "  (" + number(100 * r.offered / r.capacity, "%.1f") + " % of capacity)");
  row("accepted [flits/node/cycle]", number(r.accepted) + "  (" + number(100 * r.accepted / r.capacity, "%.1f") + " % of capacity)");
  if (r.latency.count) {
    row("latency mean / p50 / p99 / max", number(r.latency.mean, "%.1f") + " / " + number(r.latency.p50, "%.0f") +
                                              " / " + number(r.latency.p99, "%.0f") + " / " +
                                              number(r.latency.max, "%.0f") + " cycles");
    row("network latency mean / p99",
        number(r.network_latency.mean, "%.1f") + " / " + number(r.network_latency.p99, "%.0f") + " cycles");
    row("mean hops", number(r.mean_hops, "%.2f"));
  } else {
    row("latency", "none measured: no packet created in the window was delivered");
  }
  row("packets measured", std::to_string(r.latency.count));
  row("in network / queued at end", std::to_string(r.packets_in_network_at_end) + " / " + std::to_string(r.packets_queued_at_end));
  row("fairness (Jain, per source)", number(r.fairness, "%.3f"));
  if (r.recoveries > 0) row("deadlock recoveries", std::to_string(r.recoveries));
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
}

}  // namespace icn
