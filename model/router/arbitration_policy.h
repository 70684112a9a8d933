#pragma once
// Arbitration of a physical output channel among the flits that want it this cycle (Dally sec.
// III-C: the channel's bandwidth is allocated flit by flit among the VCs). One policy object per
// output port, so stateful policies (round-robin) keep their own pointer.
#include <cstdint>
#include <functional>
#include <memory>

#include "common/random_stream.h"
#include "common/registry.h"
#include "common/types.h"

namespace icn {

struct ArbitrationRequest {
  std::uint16_t requester;  // crossbar input: the router's input port (per_vc: port · V + VC)
  std::uint8_t input_vc;
  std::uint8_t priority;    // traffic class of the packet, higher wins under priority policies
  Cycle age;                // creation cycle of the packet, smaller is older
};

class ArbitrationPolicy {
 public:
  virtual ~ArbitrationPolicy() = default;
  // Requests come ordered by requester; returns the index of the winner (count >= 2: a lone
  // request is granted without asking).
  virtual int choose(const ArbitrationRequest* requests, int count) = 0;
  // Whether requests must carry the packet's age (costs a packet lookup per request).
  virtual bool uses_age() const { return false; }
  // A lone request was granted without asking choose(). BookSim's arbiters move their pointer on
  // every grant, so its allocator (router.switch_allocation: separable) tells the policy.
  virtual void granted_alone(int requester) { (void)requester; }
};

struct ArbitrationContext {
  int requesters;        // number of crossbar inputs that may request
  RandomStream random;   // this port's own stream
};

// What a policy declares about itself: that it serves every waiting requester in turn, so a ready
// flit waits at most P·(V² − V + 1) switch cycles (docs/routing.md, "Fairness"; the result's
// switch_wait_bound_cycles is that bound where a policy declares it).
struct ArbitrationTraits {
  bool bounded_wait = false;
};

using ArbitrationFactory = std::function<std::unique_ptr<ArbitrationPolicy>(ArbitrationContext)>;
struct ArbitrationTag { static constexpr const char* kind = "arbitration policy"; };
using ArbitrationRegistry = Registry<ArbitrationTag, ArbitrationFactory, ArbitrationTraits>;

}  // namespace icn
