#pragma once
// The result of one run when it ends (or so far): the document every part of the run reported into
// (common/result_sink.h) — what the JSON result file holds and what the summary table shows — and
// typed accessors over it. make_report asks the experiment (its own part in run_report.cpp, the
// window's measures in stats/window_report.h, the activity in energy/activity.h) and each part the
// fabric registers (Fabric::result_sources) in turn: every measure is written once, where it is
// reported, and read back here by its path.
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "common/result_sink.h"
#include "stats/network_statistics.h"
#include "stats/window_report.h"

namespace icn {

class Experiment;
class ResultDocument;

class RunReport {
 public:
  explicit RunReport(std::shared_ptr<const ResultDocument> document);
  // A result file's text read back (write_json's), e.g. from a run in another process.
  static RunReport from_json(const std::string& text);

  // The whole result, a field by its path, e.g. number("allocation.switch_wait_bound_cycles") (NaN
  // where it is null or absent).
  const ResultReader& result() const;
  double number(std::string_view path) const;
  std::string text(std::string_view path) const;
  std::uint64_t count(std::string_view path) const;  // 0 where null or absent
  bool flag(std::string_view path) const;            // false where null or absent
  std::vector<std::uint64_t> counts(std::string_view path) const;
  const ResultDocument& document() const { return *document_; }

  // How the run ended (Experiment::RunStatus): completed, deadlock, model_error, interrupted,
  // wall_limit; the reason in one line, the full diagnostic, and the last cycle simulated.
  std::string status() const { return text("status.state"); }
  std::string status_reason() const { return text("status.reason"); }
  std::string status_detail() const { return text("status.detail"); }
  Cycle last_cycle() const { return count("status.last_cycle"); }
  std::string model_version() const { return text("model_version"); }
  std::string platform_name() const { return text("platform.name"); }
  std::string stimulus_name() const { return text("stimulus.name"); }
  std::uint64_t seed() const { return count("seed"); }
  std::string topology() const { return text("network.topology"); }
  std::string routing() const { return text("network.routing"); }
  std::string controller() const { return text("network.congestion_control"); }
  std::uint64_t nodes() const { return count("network.nodes"); }
  Cycle cycles() const { return count("window.cycles"); }
  Cycle warmup() const { return count("window.warmup"); }
  Cycle measured_cycles() const { return count("window.measured_cycles"); }  // 0 if stopped in the warm-up

  double capacity() const { return number("network.uniform_capacity_flits_per_node_cycle"); }
  double offered() const { return number("load.offered_flits_per_node_cycle"); }  // created in the window
  double attempted() const { return number("load.attempted_flits_per_node_cycle"); }  // with those dropped
  double accepted() const { return number("throughput.accepted_flits_per_node_cycle"); }  // delivered in it
  double fairness() const { return number("throughput.fairness_jain"); }  // Jain's index over the sources
  // Count 0: nothing measured, every other figure 0.
  LatencySummary latency() const { return latency_at("latency"); }
  LatencySummary network_latency() const { return latency_at("network_latency"); }
  // BookSim's convention: the packets whose head entered the network in the window (README, "Outputs").
  LatencySummary latency_by_injection() const { return latency_at("latency_by_injection"); }
  LatencySummary high_priority_latency() const { return latency_at("high_priority.latency"); }
  // Packets approximate timing estimated instead of simulating them, and the window's estimates.
  std::uint64_t estimated_packets() const { return count("estimated.packets"); }
  LatencySummary estimated_latency() const { return latency_at("estimated.latency"); }
  double mean_hops() const { return has("mean_hops") ? number("mean_hops") : 0.0; }
  std::vector<std::uint64_t> histogram() const { return counts("latency_histogram.counts"); }

  std::uint64_t packets_created() const { return count("packets.created"); }
  std::uint64_t packets_injected() const { return count("packets.injected"); }
  std::uint64_t packets_delivered() const { return count("packets.delivered"); }
  std::uint64_t packets_dropped() const { return count("packets.dropped_at_full_source_queue"); }
  std::uint64_t packets_in_network_at_end() const { return count("packets.in_network_at_end"); }
  std::uint64_t packets_queued_at_end() const { return count("packets.queued_at_end"); }
  std::uint64_t deadlock_reports() const { return count("packets.watchdog_deadlock_reports"); }
  std::uint64_t starvation_reports() const { return count("packets.watchdog_starvation_reports"); }
  std::vector<std::uint64_t> created_packets() const { return counts("per_node.created_packets"); }
  std::vector<std::uint64_t> injected_flits() const { return counts("per_node.injected_flits"); }
  std::vector<std::uint64_t> delivered_flits() const { return counts("per_node.delivered_flits"); }
  std::vector<std::uint64_t> accepted_flits_by_source() const { return counts("per_node.accepted_flits_by_source"); }
  std::vector<std::uint64_t> dropped_packets() const { return counts("per_node.dropped_packets"); }
  std::vector<TimeSample> series() const;  // the time series, controller telemetry included

  // The stimulus' schedule: every phase as it ran, and when the whole schedule completed.
  struct Phase {
    std::string name;
    std::uint64_t index = 0, round = 0, start = 0, end = 0, packets_created = 0;
    bool ended = false;
  };
  // Per phase of the stimulus' list, over the rounds in which it ended (time per burst, …).
  struct PhaseDuration {
    std::string name;
    std::uint64_t index = 0, rounds = 0;
    double mean = 0, min = 0, max = 0;
  };
  bool phased() const { return flag("schedule.phased"); }
  std::string trace() const { return text("schedule.trace"); }  // path of a replayed trace, if any
  std::uint64_t trace_messages() const { return count("schedule.trace_messages"); }
  std::vector<Phase> phases() const;
  std::vector<PhaseDuration> phase_durations() const;
  bool completed() const { return has("schedule.completion_cycles"); }
  Cycle completion_cycle() const { return completed() ? count("schedule.completion_cycles") - 1 : 0; }  // its last cycle

  // Ramp-load runs: the critical load (flits/node/cycle) and its ratio to the uniform capacity.
  bool ramp() const { return has("ramp"); }
  bool critical_found() const { return flag("ramp.critical_load_found"); }
  double critical_load() const { return number("ramp.critical_load_flits_per_node_cycle"); }
  double critical_load_ratio() const { return number("ramp.critical_load_ratio"); }
  Cycle critical_cycle() const { return count("ramp.critical_cycle"); }

 private:
  bool has(std::string_view path) const { return result().has(path); }
  LatencySummary latency_at(const std::string& path) const;

  std::shared_ptr<const ResultDocument> document_;
};

RunReport make_report(Experiment& experiment);
void write_json(std::ostream& os, const RunReport& report);
// `peak_memory_bytes`: the process's peak resident memory, printed when known (not 0).
void print_summary(std::ostream& os, const RunReport& report, double wall_seconds, std::uint64_t peak_memory_bytes = 0);

}  // namespace icn
