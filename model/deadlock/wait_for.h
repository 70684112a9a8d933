#pragma once
// The wait-for relation between input VCs, as the watchdog reads it from the routers. A VC holding
// flits is either able to move without anyone else's help (its front flit is in flight, being
// routed, has a credit, or goes to the node's interface, which always drains), or it waits for
// other VCs. A routed header that may take any of several output VCs waits on an OR of them: it
// proceeds as soon as any one becomes available. So a deadlock is a knot — a set of waiting VCs
// whose every alternative is held inside the set — not merely a cycle through one alternative.
#include <cstdint>
#include <vector>

#include "common/types.h"

namespace icn {

struct VcRef {
  NodeId node = 0;
  int port = 0;  // input port of the router at `node`
  int vc = 0;
  bool operator==(const VcRef& o) const { return node == o.node && port == o.port && vc == o.vc; }
};

struct VcWait {
  enum class State : std::uint8_t {
    Empty,    // no flit here (a held VC whose flits are still upstream, which has its credits)
    Movable,  // can advance without another VC's help
    Waiting,  // advances only once one of `waits_on` moves
  };
  State state = State::Empty;
  PacketId packet = 0;    // at the front, if not Empty
  Cycle since = 0;        // its last movement
  bool holds_output = false;
  int out_port = -1, out_vc = -1;  // with holds_output
  // Waiting: proceeds as soon as any of these moves. A holder of a wanted output VC at the same
  // router, or the downstream VC whose buffer must drain (no credit, no room for a packet).
  std::vector<VcRef> waits_on;
};

// What the watchdog asks of the routers; implemented by the network.
class WaitForQuery {
 public:
  virtual ~WaitForQuery() = default;
  virtual VcWait wait_of(const VcRef& vc, Cycle now) const = 0;
};

}  // namespace icn
