#pragma once
// A VC beside the V that routing functions use, carrying one mechanism's own packets on a route of
// its own: Disha's recovery VC (self-tuned paper sec. 2, 5.1) and the metapackets' VC (sec. 5.3).
// The router gives every special VC the same treatment — served first in VC allocation and by the
// central arbiter, never counted as a full buffer, never waiting in the wait-for view, never taken
// for recovery — and asks the VC itself for what differs: its route, what happens when a header
// arrives on it, whether what it delivers is the network's traffic, and whether it wins the links.
#include <cstdint>

#include "common/types.h"

namespace icn {

class SpecialVc {
 public:
  // A header on the VC, at a router.
  struct Header {
    NodeId router;
    int in_port;          // where it arrived (network ports first, then injection channels)
    NodeId destination;
    std::uint32_t tag;    // the packet's tag (a metapacket's row and counter)
    int delivery_port;    // the output that delivers it here, or -1 when its destination is elsewhere
  };
  virtual ~SpecialVc() = default;
  // The one output port it takes, on the same VC.
  virtual int route(const Header& header) const = 0;
  // The header is ready at the router in cycle `ready`: the cycle from which it may be routed on
  // (kHeld: until the router is told to release it).
  virtual Cycle header_arrived(const Header&, Cycle ready) { return ready; }
  static constexpr Cycle kHeld = ~Cycle(0);
  // Whether its packets delivered at their destination count as the network's delivered traffic.
  virtual bool delivers_traffic() const = 0;
  // Whether its flits also win every link they cross, ahead of the data VCs' (which otherwise
  // take turns with them flit by flit).
  virtual bool wins_links() const = 0;
};

}  // namespace icn
