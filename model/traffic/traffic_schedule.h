#pragma once
// Runs a stimulus' phases: which phase is current, when it ends (after a number of cycles, when
// the network has created a number of packets, or when everything created so far is delivered),
// and when the whole schedule (all phases, `repeat` times) is complete — which stops the run.
//
// Decisions are taken after all clocked work of a cycle (a delta later): a phase that ends in
// cycle e is recorded as ending there, and the next phase starts in cycle e + 1. Generators learn
// of the change through phase_changed() before cycle e + 1 runs.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "common/end_of_cycle.h"

#include "common/types.h"
#include "traffic/destination_pattern.h"

namespace icn {

class CycleClock;
class Topology;
struct PhaseConfig;
struct StimulusConfig;

class TrafficSchedule : public sc_core::sc_module {
 public:
  struct PhaseRecord {
    std::string name;
    std::size_t index = 0;  // in the stimulus' list
    int round = 0;          // repetition, from 0
    Cycle start = 0;
    Cycle end = 0;  // last cycle of the phase (valid once ended)
    bool ended = false;
    std::uint64_t packets_created = 0;
  };

  // `drained` answers whether the network holds no traffic any more (the fabric's
  // carries_traffic), asked every cycle of a drain phase.
  TrafficSchedule(sc_core::sc_module_name name, const StimulusConfig& stimulus, const Topology& topology,
                  std::uint64_t seed, CycleClock& clock, std::function<bool()> drained);
  ~TrafficSchedule() override;

  const PhaseConfig& phase() const;
  const DestinationPattern& pattern() const { return *patterns_[index_]; }
  std::size_t phase_index() const { return index_; }
  std::uint64_t epoch() const { return epoch_; }  // changes with every phase change
  Cycle phase_start() const { return history_.back().start; }
  bool finished() const { return completed_.has_value(); }
  std::optional<Cycle> completed_at() const { return completed_; }
  const std::vector<PhaseRecord>& history() const { return history_; }
  // `changed` is notified with every phase change. Each generator waits on an event of its own: a
  // method's timed wake-up removes it from every event it also waited on, and one event shared by
  // every generator made that a scan of all of them per wake-up — quadratic in the nodes.
  void notify_on_phase_change(sc_core::sc_event& changed) { listeners_.push_back(&changed); }
  // Whether completing the schedule ends the simulation (sc_stop: the icnsim command), or only its
  // traffic (beside other IP in a virtual platform).
  void stop_simulation_when_complete(bool stop) { stop_when_complete_ = stop; }

  // Generators report each packet they create, and when they have created their per-node quota.
  void packet_created();
  void node_quota_reached();
  // The per-node quota of the current phase (0: none).
  std::uint64_t node_quota() const;

 private:
  void decide();
  void begin(std::size_t index, int round, Cycle start);
  void arm();
  bool end_reached(Cycle now) const;
  void announce_phase_change() {
    for (sc_core::sc_event* e : listeners_) e->notify(sc_core::SC_ZERO_TIME);
  }

  const StimulusConfig& stimulus_;
  CycleClock& clock_;
  std::function<bool()> drained_;
  std::vector<std::unique_ptr<DestinationPattern>> patterns_;  // one per phase
  std::vector<PhaseRecord> history_;
  std::size_t index_ = 0;
  int round_ = 0;
  std::uint64_t epoch_ = 0;
  std::optional<Cycle> completed_;
  bool started_ = false;
  bool holding_clock_ = false;  // a drain phase keeps the clock ticking
  EndOfCycle end_of_cycle_;
  bool quota_reached_ = false;
  NodeId nodes_ = 0;
  NodeId nodes_done_ = 0;  // nodes that created their per-node quota in this phase
  std::vector<sc_core::sc_event*> listeners_;  // notify_on_phase_change
  sc_core::sc_event quota_event_;
  bool stop_when_complete_ = true;
};

}  // namespace icn
