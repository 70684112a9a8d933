#pragma once
// The result of one run when it ends (or so far): the experiment's own measures, typed, and the
// result document every part of the run reported into (common/result_sink.h) — what the JSON result
// file holds and what the summary table shows. make_report asks the experiment and each part the
// fabric registers (Fabric::result_sources) in turn; write_json and print_summary write what they
// reported.
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "power/activity.h"
#include "common/result_sink.h"
#include "stats/network_statistics.h"

namespace icn {

class Experiment;
class ResultDocument;  // run_report.cpp

struct LatencySummary {
  std::uint64_t count = 0;
  double mean = 0, stddev = 0, p50 = 0, p99 = 0, max = 0;
};

struct RunReport {
  std::string model_version;
  // How the run ended (Experiment::RunStatus): completed, deadlock, model_error, interrupted,
  // wall_limit; the reason in one line, the full diagnostic, and the last cycle simulated.
  std::string status = "completed", status_reason, status_detail;
  Cycle last_cycle = 0;
  std::string watchdog_first_finding;
  std::string platform_name, platform_source, stimulus_name, stimulus_source;
  std::uint64_t seed = 0;
  std::string topology, routing, controller;
  std::uint64_t nodes = 0;
  Cycle cycles = 0, warmup = 0;
  Cycle measured_cycles() const { return cycles - (cycles < warmup ? cycles : warmup); }  // 0 if stopped in the warm-up
  double capacity = 0;          // ideal uniform-traffic throughput, flits/node/cycle
  double configured_load = 0;   // flits/node/cycle the stimulus asks for
  double offered = 0;           // flits/node/cycle actually created in the window
  double attempted = 0;         // the same with those dropped at a full source queue (failed attempts)
  double accepted = 0;          // flits/node/cycle delivered in the window
  LatencySummary latency, network_latency;
  // Packets approximate timing estimated instead of simulating them (all of them), and the latencies
  // estimated for those of the window: never in `latency`.
  std::uint64_t estimated_packets = 0;
  LatencySummary estimated_latency;
  double mean_hops = 0;
  int histogram_bin_width = 0;
  std::vector<std::uint64_t> histogram;  // latency counts per bin
  LatencySummary high_priority_latency;  // the high-priority traffic class alone
  std::vector<std::uint64_t> high_priority_histogram;
  std::uint64_t packets_created = 0, packets_injected = 0, packets_delivered = 0, packets_dropped = 0;
  std::uint64_t packets_in_network_at_end = 0, packets_queued_at_end = 0;
  std::uint64_t deadlock_reports = 0, starvation_reports = 0;
  double fairness = 0;  // Jain's index over the flits each source got delivered
  std::vector<std::uint64_t> created_packets, injected_flits, delivered_flits, accepted_flits_by_source, dropped_packets;
  std::vector<TimeSample> series;

  // The stimulus' schedule: every phase as it ran, and when the whole schedule completed.
  struct Phase {
    std::string name;
    std::uint64_t index = 0, round = 0, start = 0, end = 0, packets_created = 0;
    bool ended = false;
  };
  bool phased = false;
  std::string trace;  // path of a replayed trace, if any
  std::uint64_t trace_messages = 0;
  std::vector<Phase> phases;
  bool completed = false;
  Cycle completion_cycle = 0;  // last cycle of the schedule; completion time = completion_cycle + 1
  // Per phase of the stimulus' list, over the rounds in which it ended (time per burst, …).
  struct PhaseDuration {
    std::string name;
    std::uint64_t index = 0, rounds = 0;
    double mean = 0, min = 0, max = 0;
  };
  std::vector<PhaseDuration> phase_durations;

  // Event counts over the measurement window (activity.h); per router, interface and link only with
  // simulation.activity: per_component.
  Activity activity;
  bool per_component_activity = false;
  SpatialSamples spatial;  // with simulation.spatial_sample_interval (interval 0: none)

  // How to draw the network (Topology::position, layout, port_name), with either of the above.
  std::string layout;
  std::vector<std::vector<int>> positions;  // per router
  std::vector<std::string> port_names;      // per network port

  // Ramp-load runs: the critical load (flits/node/cycle) and its ratio to the uniform capacity.
  bool ramp = false;
  bool critical_found = false;
  double critical_load = 0, critical_load_ratio = 0;
  Cycle critical_cycle = 0;

  // The whole result as the run's parts reported it (the sections above among them): what
  // write_json writes. A field by its path, e.g. number("allocation.switch_wait_bound_cycles")
  // (NaN where it is null or absent).
  std::shared_ptr<const ResultDocument> document;
  const ResultReader& result() const;
  double number(std::string_view path) const { return result().number(path); }
};

RunReport make_report(Experiment& experiment);
void write_json(std::ostream& os, const RunReport& report);
// `peak_memory_bytes`: the process's peak resident memory, printed when known (not 0).
void print_summary(std::ostream& os, const RunReport& report, double wall_seconds, std::uint64_t peak_memory_bytes = 0);

}  // namespace icn
