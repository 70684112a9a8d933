#include "traffic/traffic_schedule.h"

#include "common/cycle_clock.h"
#include "traffic/stimulus_config.h"
#include "topology/topology.h"

namespace icn {

TrafficSchedule::TrafficSchedule(sc_core::sc_module_name name, const StimulusConfig& stimulus, const Topology& topology,
                                 std::uint64_t seed, CycleClock& clock, std::function<bool()> drained)
    : sc_core::sc_module(name), stimulus_(stimulus), clock_(clock), drained_(std::move(drained)),
      nodes_(topology.node_count()) {
  for (const auto& phase : stimulus.phases)
    patterns_.push_back(PatternRegistry::get(phase.pattern.type)
                            .create(PatternContext{topology, phase.pattern.parameters, seed}));
  begin(0, 0, 0);
  SC_HAS_PROCESS(TrafficSchedule);
  SC_METHOD(decide);  // first run at initialisation arms the first phase's end
}

TrafficSchedule::~TrafficSchedule() = default;

const PhaseConfig& TrafficSchedule::phase() const { return stimulus_.phases[index_]; }

void TrafficSchedule::begin(std::size_t index, int round, Cycle start) {
  index_ = index;
  round_ = round;
  ++epoch_;
  quota_reached_ = false;
  nodes_done_ = 0;
  PhaseRecord record;
  record.name = stimulus_.phases[index].name;
  record.index = index;
  record.round = round;
  record.start = start;
  history_.push_back(record);
}

void TrafficSchedule::packet_created() {
  PhaseRecord& current = history_.back();
  ++current.packets_created;
  const PhaseEnd& end = phase().end;
  if (end.kind == PhaseEnd::Kind::Packets && !quota_reached_ && current.packets_created >= end.amount) {
    quota_reached_ = true;  // packets created later in this same cycle still belong to the phase
    quota_event_.notify(sc_core::SC_ZERO_TIME);
  }
}

std::uint64_t TrafficSchedule::node_quota() const {
  return phase().end.kind == PhaseEnd::Kind::PacketsPerNode ? phase().end.amount : 0;
}

void TrafficSchedule::node_quota_reached() {
  if (++nodes_done_ == nodes_ && !quota_reached_) {
    quota_reached_ = true;
    quota_event_.notify(sc_core::SC_ZERO_TIME);
  }
}

bool TrafficSchedule::end_reached(Cycle now) const {
  const PhaseEnd& end = phase().end;
  switch (end.kind) {
    case PhaseEnd::Kind::Cycles: return now + 1 >= phase_start() + end.amount;
    case PhaseEnd::Kind::Packets:
    case PhaseEnd::Kind::PacketsPerNode: return quota_reached_;
    case PhaseEnd::Kind::Drain: return drained_();
    case PhaseEnd::Kind::Never: return false;
  }
  return false;
}

void TrafficSchedule::arm() {
  const PhaseEnd& end = phase().end;
  switch (end.kind) {
    case PhaseEnd::Kind::Cycles: {
      const Cycle last = phase_start() + end.amount - 1;
      next_trigger(clock_.time_of(last) - sc_core::sc_time_stamp());
      break;
    }
    case PhaseEnd::Kind::Packets:
    case PhaseEnd::Kind::PacketsPerNode: next_trigger(quota_event_); break;
    case PhaseEnd::Kind::Drain:  // looks every cycle, so the clock must tick however idle the network is
      if (!holding_clock_) clock_.keep_awake();
      holding_clock_ = true;
      next_trigger(clock_.tick());
      break;
    case PhaseEnd::Kind::Never: break;  // never runs again
  }
}

void TrafficSchedule::decide() {
  if (!started_) {
    started_ = true;
    arm();
    return;
  }
  if (end_of_cycle_.defer()) return;
  const Cycle now = clock_.cycle();
  if (!end_reached(now)) {
    arm();
    return;
  }
  if (holding_clock_) clock_.let_sleep();
  holding_clock_ = false;
  history_.back().end = now;
  history_.back().ended = true;
  std::size_t next = index_ + 1;
  int round = round_;
  if (next == stimulus_.phases.size()) {
    next = 0;
    ++round;
  }
  if (round == stimulus_.repeat) {
    completed_ = now;
    ++epoch_;
    announce_phase_change();  // generators stop
    if (stop_when_complete_) sc_core::sc_stop();
    return;
  }
  begin(next, round, now + 1);
  announce_phase_change();
  arm();
}

}  // namespace icn
