#pragma once
// The result of one run, computed from the network's statistics when it ends: what the JSON
// result file holds and what the summary table shows.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "activity.h"
#include "power/energy_model.h"
#include "stats/network_statistics.h"

namespace icn {

class Experiment;

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
  // Allocation fairness (docs/routing.md): the longest waits seen, and the switch bound
  // P·(V² − V + 1) where it applies (round-robin arbitration, no priority lanes; else 0).
  Cycle longest_vc_wait = 0, longest_switch_wait = 0, switch_wait_bound = 0;
  std::uint64_t passed_over = 0;  // Router::passed_over, summed
  // Packets recovered from deadlock (Disha or software), and of them those whose header held an
  // output VC without a credit (the others had been refused an output VC).
  std::uint64_t recoveries = 0, recoveries_blocked_on_credit = 0;
  // With deadlock.audit: recoveries whose header the wait-for analysis found in (or waiting on) a
  // knot, and the others (false detections); -1 without the audit.
  std::int64_t recoveries_in_knot = -1, recoveries_not_in_knot = -1;
  double fairness = 0;  // Jain's index over the flits each source got delivered
  std::vector<std::uint64_t> created_packets, injected_flits, delivered_flits, accepted_flits_by_source, dropped_packets;
  std::vector<std::uint64_t> throttled_cycles;
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

  // Metapacket gathers (self-tuned sec. 5.3, Fig. 11): how many completed, and their durations.
  std::uint64_t metapacket_gathers = 0;
  double metapacket_min = 0, metapacket_mean = 0, metapacket_max = 0;
  // Event counts over the measurement window (activity.h); per router, interface and link only with
  // simulation.activity: per_component.
  Activity activity;
  bool per_component_activity = false;
  SpatialSamples spatial;  // with simulation.spatial_sample_interval (interval 0: none)
  // With power.model: events (docs/energy.md): the window's energy by component, and per router and
  // interface with per-component activity; what it was computed from, for an independent check.
  bool energy_modelled = false;
  PowerConfig power;
  double clock_period_ns = 0;
  EnergyBreakdown energy;
  std::vector<double> router_energy, interface_energy;  // total pJ each
  std::uint64_t routers = 0, buffer_slots = 0, links = 0;  // totals over the network
  std::uint64_t delivered_flits_window = 0, delivered_packets_window = 0;

  // How to draw the network (Topology::position, layout, port_name), with either of the above.
  std::string layout;
  std::vector<std::vector<int>> positions;  // per router
  std::vector<std::string> port_names;      // per network port

  // Ramp-load runs: the critical load (flits/node/cycle) and its ratio to the uniform capacity.
  bool ramp = false;
  bool critical_found = false;
  double critical_load = 0, critical_load_ratio = 0;
  Cycle critical_cycle = 0;
};

RunReport make_report(Experiment& experiment);
void write_json(std::ostream& os, const RunReport& report);
// `peak_memory_bytes`: the process's peak resident memory, printed when known (not 0).
void print_summary(std::ostream& os, const RunReport& report, double wall_seconds, std::uint64_t peak_memory_bytes = 0);

}  // namespace icn
