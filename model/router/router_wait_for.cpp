// What the watchdog sees of this router (deadlock/wait_for.h): what each input VC waits for, and
// the first VC unmoved for a while.
#include "router/router.h"

#include "router/router_admission.inl"
#include "topology/topology.h"

namespace icn {

VcWait Router::wait_of(int port, int vc, Cycle now) const {
  const int index = vc_index(port, vc);
  const InputVc& v = input_vc(index);
  VcWait w;
  w.since = v.last_move;
  if (v.count == 0) return w;  // Empty: a held VC's flits are upstream, which has its credits
  const BufferedFlit& header = front(index);
  w.packet = header.flit.packet;
  w.state = VcWait::State::Movable;
  if (v.state == VcState::Active) {
    w.holds_output = true;
    w.out_port = v.out_port;
    w.out_vc = v.out_vc;
  }
  if (header.ready() > now || ((priority_vcs_ >> vc) & 1u)) return w;  // in flight; priority VCs never wait
  if (v.state == VcState::Active) {
    if (v.out_port >= network_ports_ || output_vc(v.out_port, v.out_vc).credits > 0) return w;
    w.state = VcWait::State::Waiting;
    const Topology::Link to = topology_.link(id_, v.out_port);
    w.waits_on.push_back(VcRef{to.router, to.input_port, v.out_vc});
    return w;
  }
  if (v.state != VcState::Routing || v.route_ready > now) return w;  // still to be routed
  // A routed header waits on an OR of its candidates: each one's holder, or, for one free but
  // without room (Duato's empty buffer, cut-through, bubble), the downstream buffer.
  const int room = room_needed(index);
  const RouteView route = routes_[index];
  for (int c = 0; c < route.count; ++c) {
    const RouteCandidate& candidate = route.candidates[c];
    for (std::uint32_t mask = candidate.vc_mask & vc_mask_; mask; mask &= mask - 1) {
      const int ov = __builtin_ctz(mask);
      if (admits(index, candidate, ov, room)) {
        w.waits_on.clear();
        return w;  // an output VC is available: it loses, if at all, only to older headers
      }
      const OutputVc& o = output_vc(candidate.port, ov);
      if (o.allocated) {
        w.waits_on.push_back(VcRef{id_, o.owner_port, o.owner_vc});
      } else if (candidate.port < network_ports_) {
        const Topology::Link to = topology_.link(id_, candidate.port);
        w.waits_on.push_back(VcRef{to.router, to.input_port, ov});
      } else {
        w.waits_on.clear();
        return w;  // a delivery VC: the interface drains it
      }
    }
  }
  w.state = VcWait::State::Waiting;
  return w;
}

bool Router::find_stuck(Cycle now, Cycle limit, int& port, int& vc) const {
  for (int p = 0; p < input_ports_; ++p)
    for (int v = 0; v < vcs_; ++v) {
      const InputVc& l = inputs_[std::size_t(p)].vc(v);
      if (l.count > 0 && now >= l.last_move + limit) {
        port = p;
        vc = v;
        return true;
      }
    }
  return false;
}

}  // namespace icn
