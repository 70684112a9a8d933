// Deadlock recovery at the router: a header blocked past deadlock.timeout is taken off its path,
// onto Disha's recovery lane (self-tuned paper sec. 2, 5.1) or into this node's interface to be
// injected again (software recovery). Apart from router.cpp, the per-cycle pipeline: this runs
// only with deadlock.recovery set.
#include "core/cycle_clock.h"
#include "router/router.h"
#include "topology/topology.h"

namespace icn {

void Router::detect_deadlocks(Cycle now) {
  recovery_.detect(int(inputs_.size()), now, [&](int index) {
    const InputVc& v = inputs_[index];
    DeadlockRecovery::Header h;
    h.routed = v.count > 0 && v.state != VcState::Idle && !((priority_lanes_ >> (index % vcs_)) & 1u) &&
               !v.absorbing && slot(index, v.head).flit.is_head();  // else the header has moved on
    h.routed_at = v.route_ready;
    h.blocked = v.state == VcState::Routing ? v.tried : output_vc(v.out_port, v.out_vc).credits == 0;
    return h;
  }, deadlocked_);
  for (int index : deadlocked_) recover(index);
}

void Router::recover(int index) {
  InputVc& v = inputs_[index];
  const Flit& header = slot(index, v.head).flit;
  if (!recovery_.may_recover(clock_.cycle())) return;  // Disha: the token moved on after a recovery
  if (v.state == VcState::Active) {  // give back the VC it holds: none of its flits has crossed yet
    OutputVc& held = output_vc(v.out_port, v.out_vc);
    held.allocated = false;
    held.owner = -1;
    output_released_ = true;
    clear_active(index);
    v.state = VcState::Routing;
    v.tried = false;
    waiting_.set(index);  // if it cannot be recovered now, it competes for an output VC again
  }
  if (recovery_.to_recovery_lane()) {
    // Disha: with the token, the packet moves onto the recovery lane, which follows the topology's
    // deterministic route (dimension order on a k-ary n-cube) and has priority on every link, so it
    // always reaches its destination.
    const int next = topology_.deterministic_port(id_, header.destination);
    const int port = next >= 0 ? next : delivery_port(header.destination);
    OutputVc& o = output_vc(port, recovery_vc_);
    if (o.allocated) return;  // the previous recovery's tail still holds it (deadlock.token_release: header)
    recovery_.took_recovery_lane(header.packet, clock_.cycle());
    o.allocated = true;
    o.owner = index;
    v.out_port = std::uint8_t(port);
    v.out_vc = std::uint8_t(recovery_vc_);
  } else {
    // Software recovery: the packet is ejected into this node's interface, which re-injects it.
    int port = -1, ov = -1;
    for (int p = network_ports_; p < output_ports_ && port < 0; ++p)
      for (int c = 0; c < vcs_; ++c)
        if (output_vc_free(p, c)) {
          port = p, ov = c;
          break;
        }
    if (port < 0) return;
    OutputVc& o = output_vc(port, ov);
    o.allocated = true;
    o.owner = index;
    v.out_port = std::uint8_t(port);
    v.out_vc = std::uint8_t(ov);
    v.absorbing = true;
  }
  v.state = VcState::Active;
  v.tried = false;
  waiting_.reset(index);
  blocked_.reset(index);
  if (output_vc(v.out_port, v.out_vc).credits > 0) set_active(index, clock_.cycle());
}

}  // namespace icn
