// Deadlock recovery at the router: a header presumed deadlocked (deadlock/deadlock_recovery.h) is
// taken off its path, onto Disha's recovery VC (self-tuned paper sec. 2, 5.1) or into this node's interface to be
// injected again (software recovery). Apart from router.cpp, the per-cycle pipeline: this runs
// only with deadlock.recovery set.
#include "common/cycle_clock.h"
#include "deadlock/deadlock_audit.h"
#include "router/router.h"
#include "topology/topology.h"

namespace icn {

void Router::detect_deadlocks(Cycle now) {
  // Network input VCs only: a header on an injection channel holds no network channel, so it cannot
  // be part of a deadlock, and recovering it would free nothing.
  recovery_.detect(vc_index(network_ports_, 0), now, [&](int index) {
    const InputVc& v = input_vc(index);
    DeadlockRecovery::Header h;
    if (v.count == 0 || v.state == VcState::Idle || v.absorbing || ((priority_vcs_ >> (index % vcs_)) & 1u) ||
        !front(index).flit.is_head())  // else the header has moved on
      return h;
    h.blocked = v.state == VcState::Active ? output_vc(v.out_port, v.out_vc).credits == 0 : v.tried;
    h.blocked_since = v.blocked_since;
    return h;
  }, [&](int index) { return requested_channels_last_active(index); }, deadlocked_);
  for (int index : deadlocked_) recover(index);
}

Cycle Router::requested_channels_last_active(int index) const {
  // A flit that crossed in cycle c was sent as Flit::sent = c (mod 2^32; runs stay below 2^32
  // cycles); a channel that never carried one has been idle since the start.
  auto cycle_of = [](std::uint32_t sent) { return sent == kNeverSent ? Cycle(0) : Cycle(sent); };
  auto channel = [&](int port, int vc) {
    return cycle_of(recovery_.inactivity_per_vc() ? output_vc(port, vc).last_flit
                                                  : outputs_[std::size_t(port)].last_sent());
  };
  const InputVc& v = input_vc(index);
  // Holding its output VC, it waits for that VC's buffer alone: other VCs crossing the link
  // say nothing of it. With on_tail reallocation such headers can close a cycle among themselves
  // (each waits behind the tail of the packet ahead in its VC), a deadlock with no header
  // refused a channel.
  if (v.state == VcState::Active) return cycle_of(output_vc(v.out_port, v.out_vc).last_flit);
  Cycle last = 0;
  const RouteView route = routes_[index];
  for (int c = 0; c < route.count; ++c) {
    const RouteCandidate& candidate = route.candidates[c];
    if (candidate.port >= network_ports_) return clock_.cycle();  // a delivery channel always drains
    for (std::uint32_t mask = candidate.vc_mask & vc_mask_; mask; mask &= mask - 1)
      last = std::max(last, channel(candidate.port, __builtin_ctz(mask)));
  }
  return last;
}

void Router::recover(int index) {
  const InputVc& v = input_vc(index);
  InputUnit& in = input_of(index);
  const Flit& header = front(index).flit;
  if (!recovery_.may_recover(clock_.cycle())) return;  // Disha: the token moved on after a recovery
  // Judged before anything moves; counted only if the packet is recovered.
  const bool in_knot = audit_ && audit_->in_knot(VcRef{id_, index / vcs_, index % vcs_}, clock_.cycle());
  const bool blocked_on_credit = v.state == VcState::Active;
  if (v.state == VcState::Active) {  // give back the VC it holds: none of its flits has crossed yet
    outputs_[v.out_port].release(v.out_vc);
    output_released_ = true;
    clear_active(index / vcs_, index % vcs_);
    in.give_back(index % vcs_);
    waiting_.set(index);  // if it cannot be recovered now, it competes for an output VC again
  }
  if (recovery_.to_recovery_vc()) {
    // Disha: with the token, the packet moves onto the recovery VC, which follows the topology's
    // deterministic route (dimension order on a k-ary n-cube) and has priority on every link, so it
    // always reaches its destination.
    const int next = topology_.deterministic_port(id_, header.destination);
    const int port = next >= 0 ? next : delivery_port(header.destination);
    OutputUnit& out = outputs_[std::size_t(port)];
    if (out.vc(recovery_vc_).allocated) return;  // the previous recovery's tail still holds it (deadlock.token_release: header)
    recovery_.took_recovery_vc(header.packet, clock_.cycle());
    out.allocate(recovery_vc_, index / vcs_, index % vcs_);
    in.grant(index % vcs_, port, recovery_vc_);
  } else {
    // Software recovery: the packet is ejected into this node's interface, which re-injects it.
    int port = -1, ov = -1;
    for (int p = network_ports_; p < output_ports_ && port < 0; ++p)
      for (int c = 0; c < vcs_; ++c)
        if (outputs_[std::size_t(p)].free(c)) {
          port = p, ov = c;
          break;
        }
    if (port < 0) return;
    outputs_[std::size_t(port)].allocate(ov, index / vcs_, index % vcs_);
    in.grant(index % vcs_, port, ov, /*absorbing=*/true);
  }
  ++(blocked_on_credit ? recovered_blocked_on_credit_ : recovered_blocked_on_vc_);
  if (audit_) audit_->count(in_knot);
  waiting_.reset(index);
  blocked_.reset(index);
  if (output_vc(v.out_port, v.out_vc).credits > 0) set_active(index / vcs_, index % vcs_, clock_.cycle());
}

}  // namespace icn
