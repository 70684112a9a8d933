#pragma once
// The processor side of a node in synthetic runs: creates packets by its injection process, sends
// them to destinations from the pattern, and hands them to the network interface. It sleeps from
// one creation to the next, so a lightly loaded node costs one activation per packet.
#include <memory>
#include <systemc>

#include "core/random_stream.h"
#include "core/types.h"
#include "traffic/destination_pattern.h"
#include "traffic/injection_process.h"
#include "traffic/packet_mix.h"

namespace icn {

class CycleClock;
class NetworkInterface;

class TrafficGenerator : public sc_core::sc_module {
 public:
  TrafficGenerator(sc_core::sc_module_name name, NodeId id, const PacketMix& packets, const DestinationPattern& pattern,
                   std::unique_ptr<InjectionProcess> process, CycleClock& clock, NetworkInterface& ni,
                   std::uint64_t seed, Cycle stop);

 private:
  void create();

  const NodeId id_;
  const PacketMix& packets_;
  const DestinationPattern& pattern_;
  std::unique_ptr<InjectionProcess> process_;
  CycleClock& clock_;
  NetworkInterface& ni_;
  RandomStream timing_;
  RandomStream destinations_;
  RandomStream lengths_;
  RandomStream priorities_;
  const Cycle stop_;  // no packets are created from this cycle on
  Cycle next_ = 0;
  bool started_ = false;
};

}  // namespace icn
