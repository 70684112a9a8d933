#pragma once
// The processor side of a node in synthetic runs: creates packets by the current phase's
// injection process, sends them to destinations from its pattern, and hands them to the network
// interface (its endpoint, ni/endpoint.h). It sleeps from one creation to the next (or to a phase change), so a lightly loaded
// node costs one activation per packet. In a saturating phase it has no creation times: from the
// phase's first cycle its network interface asks it for packets whenever its queue runs short.
#include <memory>
#include <systemc>

#include "common/random_stream.h"
#include "common/types.h"
#include "traffic/injection_process.h"
#include "traffic/packet_mix.h"
#include "ni/endpoint.h"

namespace icn {

class CycleClock;
class TrafficSchedule;

// What every generator of a stimulus shares: its schedule, the clock, the run's seed (each node
// draws its own streams from it) and the cycle from which no packet is created.
struct GeneratorContext {
  TrafficSchedule& schedule;
  CycleClock& clock;
  std::uint64_t seed;
  Cycle stop;
};

class TrafficGenerator : public sc_core::sc_module, public EndpointClient {
 public:
  TrafficGenerator(sc_core::sc_module_name name, NodeId id, Endpoint& endpoint, const GeneratorContext& context);

 private:
  void create();
  void start_phase();
  void arm();
  bool send_more() override;  // saturating phases: the endpoint asks for the next packet
  bool send_one();

  const NodeId id_;
  TrafficSchedule& schedule_;
  sc_core::sc_event phase_changed_;  // the schedule's phase changes, this generator's own (TrafficSchedule)
  CycleClock& clock_;
  Endpoint& endpoint_;
  std::unique_ptr<InjectionProcess> process_;  // of the current phase
  RandomStream timing_;
  RandomStream destinations_;
  RandomStream lengths_;
  RandomStream priorities_;
  const Cycle stop_;  // no packets are created from this cycle on
  std::uint64_t epoch_ = 0;  // the schedule's epoch this generator follows
  Cycle phase_start_ = 0;
  Cycle next_ = 0;  // relative to phase_start_; InjectionProcess::kNever for none
  std::uint64_t budget_ = 0;  // packets a saturating phase may still send
  std::uint64_t quota_ = 0;   // packets this node may still create in a per-node-quota phase (0: no quota)
  bool stalled_ = false;      // waiting for room in a full source queue (source_queue_full: block)
};

}  // namespace icn
