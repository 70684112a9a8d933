#include "traffic/traffic_generator.h"

#include "core/cycle_clock.h"
#include "ni/network_interface.h"

namespace icn {

TrafficGenerator::TrafficGenerator(sc_core::sc_module_name name, NodeId id, const PacketMix& packets,
                                   const DestinationPattern& pattern, std::unique_ptr<InjectionProcess> process,
                                   CycleClock& clock, NetworkInterface& ni, std::uint64_t seed, Cycle stop)
    : sc_core::sc_module(name),
      id_(id),
      packets_(packets),
      pattern_(pattern),
      process_(std::move(process)),
      clock_(clock),
      ni_(ni),
      timing_(make_stream(seed, RandomPurpose::TrafficTiming, id)),
      destinations_(make_stream(seed, RandomPurpose::TrafficDestination, id)),
      lengths_(make_stream(seed, RandomPurpose::PacketLength, id)),
      priorities_(make_stream(seed, RandomPurpose::PacketPriority, id)),
      stop_(stop) {
  SC_HAS_PROCESS(TrafficGenerator);
  SC_METHOD(create);  // first run at initialisation, before cycle 0, to schedule the first packet
}

void TrafficGenerator::create() {
  if (!started_) {
    started_ = true;
    next_ = process_->first(timing_);
  } else {
    const Cycle now = next_;
    do {  // a process may create several packets in one cycle
      const NodeId destination = pattern_.destination(id_, destinations_);
      const int length = packets_.draw_length(lengths_);
      const std::uint8_t priority = packets_.draw_priority(priorities_);
      if (destination != id_) ni_.submit(destination, length, priority);  // a permutation's fixed point sends nothing
      next_ = process_->next(next_, timing_);
    } while (next_ == now);
  }
  if (next_ < stop_) next_trigger(clock_.time_of(next_) - sc_core::sc_time_stamp());
}

}  // namespace icn
