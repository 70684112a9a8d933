#pragma once
// An experiment (docs/design.md, "Fabric and experiment"): a stimulus run on a fabric for the
// configured cycles. It attaches to the fabric a traffic generator per node (or a trace replay) by
// the stimulus' schedule, samples the time series, checks flit conservation at every sample, runs
// the watchdog, and runs the simulation (`run()` calls sc_start). The icnsim command is one
// experiment on a fabric of its own; a virtual platform that brings its own sc_main builds only
// the Fabric.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "energy/activity.h"
#include "common/end_of_cycle.h"
#include "deadlock/watchdog.h"
#include "fabric.h"
#include "cores/software_run.h"
#include "platform/configuration.h"
#include "traffic/trace_replay.h"
#include "traffic/traffic_generator.h"
#include "traffic/traffic_schedule.h"

namespace icn {

class Experiment : public sc_core::sc_module {
 public:
  // Builds a fabric of its own from the configuration's platform, its network interfaces set up
  // for the stimulus' source model (effective_network_interface).
  Experiment(sc_core::sc_module_name name, const Configuration& configuration);
  // Attaches to a fabric built elsewhere (one TLM-2.0 IP also uses): generators on `nodes` (all if
  // empty), sampling, checks and run() over the fabric's platform. Throws ConfigError for a
  // stimulus that needs what the fabric was built without (attempt sources).
  // In the background (Role::Background: traffic beside a virtual platform's own IP), the stimulus'
  // completion ends only its traffic, not the simulation, and nothing is printed while it runs.
  enum class Role { Drives, Background };
  Experiment(sc_core::sc_module_name name, Fabric& fabric, const StimulusConfig& stimulus,
             const std::vector<NodeId>& nodes = {}, Role role = Role::Drives);
  // Observes a fabric built elsewhere without traffic of its own (a virtual platform's network that
  // carries only its IP's transactions): the time series, its conservation check and the window's
  // activity, with no watchdog and no spatial samples. Its samples sleep while the network does, so
  // a platform whose IP has finished still runs out of events.
  struct Observe {};
  Experiment(sc_core::sc_module_name name, Fabric& fabric, Observe);
  ~Experiment() override;

  const Configuration& configuration() const { return configuration_; }
  Fabric& fabric() { return *fabric_; }
  const Fabric& fabric() const { return *fabric_; }
  // The fabric's, for the common questions a harness asks.
  const NetworkStatistics& statistics() const { return fabric_->statistics(); }
  Node& node(NodeId id) { return fabric_->node(id); }
  NodeId node_count() const { return fabric_->node_count(); }
  CycleClock& clock() { return fabric_->clock(); }
  const Topology& topology() const { return fabric_->topology(); }

  const TrafficSchedule& schedule() const { return *schedule_; }
  bool has_schedule() const { return schedule_ != nullptr; }  // not when observing (Observe)
  const TraceReplay* trace_replay() const { return trace_replay_.get(); }
  // The program the cores run (processor.type: core), or null.
  const SoftwareRun* software() const { return software_.get(); }
  // The last cycle of a stimulus that completes (a phase schedule or a trace), once it has.
  std::optional<Cycle> completed_at() const;
  // Cycles actually simulated: all configured ones, or up to the cycle the schedule completed; on a
  // fabric without an end (a virtual platform's), those simulated so far.
  Cycle cycles_run() const;
  // Whether the run has an end of its own (simulation.cycles), unlike a virtual platform's network.
  bool has_end() const { return configuration_.platform.simulation.cycles != kNoEnd; }

  // How a run ended. Anything but Completed stopped early; the statistics hold what was measured
  // up to `last_cycle`.
  struct RunStatus {
    enum class State { Completed, Deadlock, Frozen, ModelError, Interrupted, WallLimit, ProgramError };
    State state = State::Completed;
    std::string reason;  // one line; empty when completed
    std::string detail;  // the full diagnostic (a deadlock's whole knot), when longer than reason
    Cycle last_cycle = 0;  // the last cycle simulated
  };
  static const char* state_name(RunStatus::State state);

  // Runs the configured cycles, or until the stimulus completes, the model stops it (a violated
  // invariant, a deadlock), interrupt() is called or simulation.wall_limit passes; never throws
  // for those. Returns wall seconds; status() says how it ended.
  double run();
  const RunStatus& status() const { return status_; }
  // Asks a running simulation to stop at the end of the current cycle, keeping its results.
  // Async-signal-safe: a SIGINT / SIGTERM handler may call it.
  static void interrupt(int signal_number);
  // Watchdog findings the run went on after (deadlocks with deadlock_action: report, starvation
  // with starvation_action: report); the first of each kind is also printed.
  std::uint64_t deadlock_reports() const { return watchdog_ ? watchdog_->deadlock_reports() : 0; }
  std::uint64_t starvation_reports() const { return watchdog_ ? watchdog_->starvation_reports() : 0; }
  const Watchdog* watchdog() const { return watchdog_.get(); }
  // What the fabric did (activity.h) over the measurement window: from the end of the warm-up to
  // the last cycle run (empty if the run ended in the warm-up).
  Activity window_activity() const;
  // A virtual platform's start_measurement() and stop_measurement(): the window's activity counts
  // from now, and until now.
  void restart_activity_window();
  void stop_activity_window();
  // With simulation.spatial_sample_interval: the samples taken (activity.h); else empty.
  const SpatialSamples& spatial_samples() const { return spatial_; }
  // Before a platform reads the series while the network rests (common/cycle_clock.h): the samples
  // due in the cycles slept through, and one closing the cycles since the last.
  void bring_series_up_to_date();

 private:
  void attach_stimulus(const std::vector<NodeId>& nodes, Role role);  // generators on these (all if empty)
  void attach_cores();     // processor.type: core — a core per node runs software.program
  void attach_watchdog();
  void attach_observers(bool drives);  // progress, sampling, spatial samples and watchdog, for either of the two above
  void attach_sampling(bool supervised);  // the time series and the window's activity (and run()'s supervision)
  void sample();
  void take_sample(Cycle now);
  void take_samples_due_before(Cycle cycle);  // after a rest: the grid's sample in it, if any
  void open_window();  // reads the fabric's activity at the end of the warm-up
  void spatial_sample();  // simulation.spatial_sample_interval
  std::string port_name(int port) const;  // +x, -y, injection 0, … for diagnostics
  void supervise();  // interrupts, the wall-clock limit and the progress line
  void stop_early(RunStatus::State state, const std::string& reason);

  Configuration configuration_;
  std::unique_ptr<Fabric> own_fabric_;  // built by the experiment itself, or null
  Fabric* fabric_;
  std::unique_ptr<TrafficSchedule> schedule_;
  std::vector<std::unique_ptr<TrafficGenerator>> generators_;  // one per generating node
  std::unique_ptr<TraceReplay> trace_replay_;
  std::unique_ptr<SoftwareRun> software_;
  Cycle next_sample_ = 0;
  bool sleeping_ = false;  // sample(): waiting for the network's clock to start again
  sc_core::sc_event sample_due_;  // the next sample's time, cancelled when the network rests
  std::unique_ptr<Watchdog> watchdog_;
  EndOfCycle sample_step_;
  std::optional<Activity> window_start_, window_end_;
  bool window_moved_ = false;  // by restart_activity_window(), before the warm-up's end
  EndOfCycle window_step_;
  SpatialSamples spatial_;
  std::vector<std::uint64_t> spatial_last_flits_;  // each link's count at the previous sample
  EndOfCycle spatial_step_;
  bool show_progress_ = false;
  std::chrono::steady_clock::time_point started_, last_progress_;
  EndOfCycle supervise_step_;
  RunStatus status_;
  std::optional<Cycle> stopped_at_;  // last cycle of a run stopped early
};

}  // namespace icn
