// At-Least-One (ALO; self-tuned paper sec. 5.1, Trans-t paper's ref. [2]): a packet may enter if
// at least one VC is free on every useful physical channel (those on a minimal path to its
// destination), or if at least one useful channel has all its VCs free; otherwise it waits.
// Which VCs count is left open by the paper: every VC of the channel (`vcs: all`), or only those a
// packet may take on any useful channel (`vcs: adaptive`: Duato's and the bubble router's escape
// VCs, which follow a fixed route, do not count). So is what makes a VC "free": not allocated to a
// packet (`free_vc: unallocated`), or with room for a flit in its buffer (`free_vc: room`), which
// counts a VC that a blocked packet holds as free as long as its buffer is not full.
#include "congestion/alo_rule.h"
#include "congestion/congestion_controller.h"
#include "common/packet_pool.h"
#include "router/router_view.h"
#include "routing/routing_function.h"  // first_vcs

namespace icn {
namespace {

class AtLeastOneController final : public CongestionController {
 public:
  AtLeastOneController(sc_core::sc_module_name name, const ControllerContext& c)
      : CongestionController(name),
        router_(c.router),
        counted_(c.parameters.text("vcs") == "adaptive" ? c.router.adaptive_vcs() : first_vcs(c.router.routing_vcs())),
        free_with_room_(c.parameters.text("free_vc") == "room") {}

  bool may_inject(const Packet& packet, Cycle now) override {
    if (admits(router_, packet.destination, counted_, free_with_room_)) return true;
    count_throttled_cycle(now);
    return false;
  }
  bool throttling(Cycle now) const override { return refused_lately(now); }

  static bool admits(const RouterView& router, NodeId destination, std::uint32_t counted, bool free_with_room) {
    int ports[16], free[16];
    const int count = router.useful_channels(destination, ports);
    for (int i = 0; i < count; ++i)
      free[i] = free_with_room ? router.vcs_with_room(ports[i], counted) : router.free_vcs(ports[i], counted);
    return alo_admits(free, count, __builtin_popcount(counted));
  }

 private:
  const RouterView& router_;
  const std::uint32_t counted_;  // the VCs of a channel that count
  const bool free_with_room_;    // a VC is free when its buffer has room, not when it is unallocated
};

const Registration<ControllerRegistry> registration{{
    "alo", "At-Least-One: inject if every useful channel has a free VC, or one has all its VCs free",
    {ParameterSpec::choice("vcs", "all", {"all", "adaptive"},
                           "which VCs of a channel count: all, or only the routing function's adaptive ones (not "
                           "Duato's or the bubble router's escape VCs)"),
     ParameterSpec::choice("free_vc", "unallocated", {"unallocated", "room"},
                           "what makes a VC free: not allocated to a packet, or room for a flit in its buffer (a "
                           "credit); the paper leaves it open")},
    [](sc_core::sc_module_name name, const ControllerContext& c) { return std::make_unique<AtLeastOneController>(name, c); }}};

}  // namespace
}  // namespace icn
