#pragma once
// What a router did, counted event by event: the activity an energy model multiplies by its
// per-event energies, and what tells an architect where the work of a run went. Counts run from
// the start of the run; the result reports them over the measurement window (snapshot subtracted).
#include <cstdint>

namespace icn {

struct RouterEvents {
  std::uint64_t buffer_writes = 0;  // flits written into an input VC buffer (network and injection inputs)
  std::uint64_t buffer_reads = 0;   // flits read out of one: each crosses the crossbar
  std::uint64_t crossbar_traversals = 0;
  std::uint64_t route_computations = 0;  // headers routed (a header that asks again is not re-routed)
  // A routed header asks the VC allocator when it is routed and again whenever an output VC may
  // have become free for it (a release, a returned credit), not every cycle: the model's requests.
  std::uint64_t vc_allocation_requests = 0;
  std::uint64_t vc_allocation_grants = 0;
  // Offers to an output's arbiter (one per crossbar input per cycle, per VC with per-VC inputs),
  // and the matching pass's grants; every grant moves one flit.
  std::uint64_t switch_allocation_requests = 0;
  std::uint64_t switch_allocation_grants = 0;
  std::uint64_t link_traversals = 0;  // flits sent onto a network link (not a delivery channel)
  std::uint64_t credits_sent = 0;     // credit transfers upstream (VCs that move together send one)
  std::uint64_t active_cycles = 0;    // cycles holding at least one flit; the others are idle
  std::uint64_t recovery_vc_flits = 0;    // flits switched on Disha's recovery VC
  std::uint64_t metapacket_vc_flits = 0;  // flits switched on the metapackets' VC
  std::uint64_t absorbed_flits = 0;  // flits software deadlock recovery ejected here into node memory

  // Every count with its name, in the order the result lists them.
  template <typename F>
  static void for_each_field(F&& f) {
    f("buffer_writes", &RouterEvents::buffer_writes);
    f("buffer_reads", &RouterEvents::buffer_reads);
    f("crossbar_traversals", &RouterEvents::crossbar_traversals);
    f("route_computations", &RouterEvents::route_computations);
    f("vc_allocation_requests", &RouterEvents::vc_allocation_requests);
    f("vc_allocation_grants", &RouterEvents::vc_allocation_grants);
    f("switch_allocation_requests", &RouterEvents::switch_allocation_requests);
    f("switch_allocation_grants", &RouterEvents::switch_allocation_grants);
    f("link_traversals", &RouterEvents::link_traversals);
    f("credits_sent", &RouterEvents::credits_sent);
    f("active_cycles", &RouterEvents::active_cycles);
    f("recovery_vc_flits", &RouterEvents::recovery_vc_flits);
    f("metapacket_vc_flits", &RouterEvents::metapacket_vc_flits);
    f("absorbed_flits", &RouterEvents::absorbed_flits);
  }
  RouterEvents& operator-=(const RouterEvents& earlier) {
    for_each_field([&](const char*, std::uint64_t RouterEvents::*field) { this->*field -= earlier.*field; });
    return *this;
  }
};

}  // namespace icn
