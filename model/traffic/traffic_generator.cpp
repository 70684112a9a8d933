#include "traffic/traffic_generator.h"

#include "core/cycle_clock.h"
#include "ni/network_interface.h"

namespace icn {

TrafficGenerator::TrafficGenerator(sc_core::sc_module_name name, NodeId id, int packet_length,
                                   const DestinationPattern& pattern, std::unique_ptr<InjectionProcess> process,
                                   CycleClock& clock, NetworkInterface& ni, std::uint64_t seed, Cycle stop)
    : sc_core::sc_module(name),
      id_(id),
      packet_length_(packet_length),
      pattern_(pattern),
      process_(std::move(process)),
      clock_(clock),
      ni_(ni),
      timing_(make_stream(seed, RandomPurpose::TrafficTiming, id)),
      destinations_(make_stream(seed, RandomPurpose::TrafficDestination, id)),
      stop_(stop) {
  SC_HAS_PROCESS(TrafficGenerator);
  SC_METHOD(create);  // first run at initialisation, before cycle 0, to schedule the first packet
}

void TrafficGenerator::create() {
  if (!started_) {
    started_ = true;
    next_ = process_->gap(timing_) - 1;
  } else {
    const NodeId destination = pattern_.destination(id_, destinations_);
    if (destination != id_) ni_.submit(destination, packet_length_);
    next_ += process_->gap(timing_);
  }
  if (next_ < stop_) next_trigger(clock_.time_of(next_) - sc_core::sc_time_stamp());
}

}  // namespace icn
