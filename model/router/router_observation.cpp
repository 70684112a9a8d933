// What a router shows its node's congestion controller (router.h, "Observation"): the useful
// channels and free VCs ALO and Trans-t judge, the transmissions Trans-t times, and the in-transit
// demand IPR gives way to. Apart from router.cpp, which is the per-cycle pipeline.
#include "router/router.h"
#include "topology/topology.h"

namespace icn {

int Router::useful_channels(NodeId destination, int* out) const {
  return topology_.minimal_ports(id_, destination, out);
}

int Router::free_vcs(int port, std::uint32_t vcs) const {
  int free = 0;
  const OutputUnit& out = outputs_[std::size_t(port)];
  for (std::uint32_t mask = vcs & routing_vc_mask_; mask; mask &= mask - 1) free += out.free(__builtin_ctz(mask));
  return free;
}

int Router::vcs_with_room(int port, std::uint32_t vcs) const {
  int with_room = 0;
  const OutputUnit& out = outputs_[std::size_t(port)];
  for (std::uint32_t mask = vcs & routing_vc_mask_; mask; mask &= mask - 1) with_room += out.credits(__builtin_ctz(mask)) > 0;
  return with_room;
}

bool Router::sent_in(int port, Cycle cycle) const { return outputs_[std::size_t(port)].sent_in(cycle); }

bool Router::transmission(int port, int vc, Cycle& header_arrived, int& flits_sent) const {
  const OutputVc& o = output_vc(port, vc);
  if (!o.allocated || ((priority_vcs_ >> vc) & 1u)) return false;
  const InputVc& v = inputs_[o.owner_port].vc(o.owner_vc);
  header_arrived = v.header_arrived;
  flits_sent = v.flits_sent;
  return true;
}

bool Router::header_may_ask(int in_port, int in_vc, int port, int vc) const {
  const InputUnit& in = inputs_[std::size_t(in_port)];
  if (in.vc(in_vc).state == VcState::Routing) {
    const RouteView route = routes_[vc_index(in_port, in_vc)];
    for (int c = 0; c < route.count; ++c)
      if (route.candidates[c].port == port && (vc < 0 || ((route.candidates[c].vc_mask >> vc) & 1u))) return true;
    return false;
  }
  // A header still being routed, or waiting for the central arbiter's turn: every routing
  // function here is minimal, so it asks for one of the minimal ports, on a VC not known yet.
  int ports[16];
  const int count = topology_.minimal_ports(id_, in.front(in_vc).flit.destination, ports);
  for (int i = 0; i < count; ++i)
    if (ports[i] == port) return true;
  return false;
}

bool Router::in_transit_wants(int port) const {
  for (int p = 0; p < network_ports_; ++p)
    for (int l = 0; l < vcs_; ++l) {
      const InputVc& v = inputs_[std::size_t(p)].vc(l);
      if (v.state == VcState::Active) {
        if (v.out_port == port) return true;
        continue;
      }
      if (v.count > 0 && header_may_ask(p, l, port, -1)) return true;
    }
  return false;
}

bool Router::in_transit_requests(int port, int vc) const {
  for (int p = 0; p < network_ports_; ++p)
    for (int l = 0; l < vcs_; ++l) {
      const InputVc& v = inputs_[std::size_t(p)].vc(l);
      // A packet that holds its output VC, or a VC holding no header, asks for nothing.
      if (v.state != VcState::Active && v.count > 0 && header_may_ask(p, l, port, vc)) return true;
    }
  return false;
}

}  // namespace icn
