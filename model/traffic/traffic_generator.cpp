#include "traffic/traffic_generator.h"

#include <algorithm>

#include "common/cycle_clock.h"
#include "traffic/stimulus_config.h"
#include "traffic/traffic_schedule.h"

namespace icn {

TrafficGenerator::TrafficGenerator(sc_core::sc_module_name name, NodeId id, Endpoint& endpoint,
                                   const GeneratorContext& c)
    : sc_core::sc_module(name),
      id_(id),
      schedule_(c.schedule),
      clock_(c.clock),
      endpoint_(endpoint),
      timing_(make_stream(c.seed, RandomPurpose::TrafficTiming, id)),
      destinations_(make_stream(c.seed, RandomPurpose::TrafficDestination, id)),
      lengths_(make_stream(c.seed, RandomPurpose::PacketLength, id)),
      priorities_(make_stream(c.seed, RandomPurpose::PacketPriority, id)),
      stop_(c.stop) {
  schedule_.notify_on_phase_change(phase_changed_);
  SC_HAS_PROCESS(TrafficGenerator);
  SC_METHOD(create);  // first run at initialisation, before cycle 0, to schedule the first packet
}

void TrafficGenerator::start_phase() {
  epoch_ = schedule_.epoch();
  stalled_ = false;
  endpoint_.feed_from(nullptr);
  budget_ = 0;
  if (schedule_.finished()) {
    next_ = InjectionProcess::kNever;
    return;
  }
  const PhaseConfig& phase = schedule_.phase();
  process_ = ProcessRegistry::get(phase.injection.process.type)
                 .create(ProcessContext{phase.injection.packets_per_cycle, phase.injection.process.parameters,
                                        phase.injection.packets_per_unit});
  phase_start_ = schedule_.phase_start();
  quota_ = schedule_.node_quota();
  // A saturating source wakes once, at the phase's first cycle, to hand itself to the NI.
  next_ = process_->saturating() ? 0 : process_->first(timing_);
}

bool TrafficGenerator::send_one() {
  const PhaseConfig& phase = schedule_.phase();
  const NodeId destination = schedule_.pattern().destination(id_, destinations_);
  const int length = phase.packets.draw_length(lengths_);
  const std::uint8_t priority = phase.packets.draw_priority(priorities_);
  // A per-node quota counts every packet this node's process creates, including those a
  // permutation's fixed point never sends, so that such a node cannot hold the phase open.
  if (quota_ > 0 && --quota_ == 0) {
    schedule_.node_quota_reached();
    next_ = InjectionProcess::kNever;
    budget_ = 0;
  }
  // A permutation's fixed point sends nothing; a pattern that draws the sender sends to it.
  if (destination == id_ && !schedule_.pattern().sends_to_source()) return false;
  endpoint_.send(Message{MessageKind::Data, destination, length, priority});
  schedule_.packet_created();
  return true;
}

bool TrafficGenerator::send_more() {
  if (budget_ == 0 || epoch_ != schedule_.epoch()) return false;
  if (!send_one()) {  // a permutation's fixed point: this node sends nothing in this phase
    if (quota_ > 0) {
      quota_ = 0;
      schedule_.node_quota_reached();
    }
    budget_ = 0;
    return false;
  }
  if (budget_ != InjectionProcess::kUnlimited && budget_ > 0) --budget_;
  return true;
}

void TrafficGenerator::arm() {
  const bool more = next_ != InjectionProcess::kNever && phase_start_ + next_ < stop_;
  if (more)
    next_trigger(clock_.time_of(phase_start_ + next_) - sc_core::sc_time_stamp(), phase_changed_);
  else if (!schedule_.finished())
    next_trigger(phase_changed_);
}

void TrafficGenerator::create() {
  if (epoch_ != schedule_.epoch()) {  // first run, or the schedule moved to another phase
    start_phase();
    arm();
    return;
  }
  if (process_->saturating()) {  // the phase's first cycle: stock the NI, which asks for more
    budget_ = process_->budget();
    next_ = InjectionProcess::kNever;
    endpoint_.feed_from(this);
    send_more();
    arm();
    return;
  }
  if (stalled_) {  // room again in a full source queue: the stalled creation happens now
    stalled_ = false;
    if (clock_.cycle() >= stop_) return;  // too late to create anything: the generator is done
    next_ = clock_.cycle() - phase_start_;
  }
  const Cycle now = next_;
  do {  // a process may create several packets in one cycle
    if (!endpoint_.can_send()) {
      // source_queue_full: block — the processor stalls on its send and its process resumes
      // when the queue has room (or the phase changes); creations it would have made meanwhile
      // are postponed, not lost.
      stalled_ = true;
      next_trigger(endpoint_.can_send_event() | phase_changed_);
      return;
    }
    send_one();
    if (next_ == InjectionProcess::kNever) break;  // the node's quota is done
    next_ = process_->next(next_, timing_);
  } while (next_ == now);
  arm();
}

}  // namespace icn
