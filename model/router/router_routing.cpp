// The routing stage: the candidates a header may take (routing/routing_function.h), a special VC's
// own route (router/special_vc.h) and delivery at the destination.
#include "router/router.h"

#include "common/cycle_clock.h"
#include "router/router_failure.h"
#include "topology/topology.h"

namespace icn {

using router_internal::fail;

int Router::queued_for(int port) const {
  if (port < 0 || port >= network_ports_) return 0;
  const OutputUnit& out = outputs_[std::size_t(port)];
  int queued = 0;
  for (int v = 0; v < out.vcs(); ++v) {
    queued += out.capacity() - out.credits(v);
    const OutputVc& vc = out.vc(v);
    if (vc.allocated) queued += inputs_[vc.owner_port].vc(vc.owner_vc).count;
  }
  return queued;
}

int Router::waiting_for(int port) const {
  if (port < 0 || port >= network_ports_) return 0;
  int waiting = queued_for(port);
  // A header routed to this port alone (one with a choice of ports is counted at none of them).
  const std::uint64_t only = std::uint64_t(1) << port;
  for (int index = 0; index < input_ports_ * vcs_; ++index) {
    const InputVc& l = input_vc(index);
    if (l.state == VcState::Routing && routes_.ports(index) == only) waiting += l.count;
  }
  return waiting;
}

int Router::delivery_port(NodeId destination) const {
  if (direct_) return destination == id_ ? network_ports_ : -1;
  const Topology::Attachment at = topology_.delivery_point(destination);
  return at.router == id_ ? network_ports_ + at.slot * delivery_channels_ : -1;
}

void Router::compute_route(int index, const Flit& header) {
  ++counted_.route_computations;
  route_candidates(index, header, route_scratch_);
  if (!routes_.store(index, route_scratch_))
    fail(id_, clock_.cycle(), "the routing function gave " + std::to_string(route_scratch_.count) +
                                  " candidates, more than a route here can have, for", header);
}

void Router::route_candidates(int index, const Flit& header, RouteResult& route) {
  const int vc = index % vcs_;
  if (const SpecialVc* special = special_vcs_[std::size_t(vc)].get()) {
    route.clear();
    route.add(special->route(special_header(index, header)), 1u << vc);
    return;
  }
  if (const int delivery = delivery_port(header.destination); delivery >= 0) {
    route.clear();
    for (int port = delivery; port < delivery + delivery_channels_; ++port) route.add(port, routing_vc_mask_);
    return;
  }
  if (uses_waypoints_) {
    // A non-minimal route: the packet draws its waypoint where it enters the network (PAR may draw
    // again a hop later); the router keeps it with the packet.
    Packet& packet = packets_[header.packet];
    if (index / vcs_ >= network_ports_) packet.waypoint = kNoNode;
    packet.waypoint = routing_.choose_waypoint(id_, index / vcs_, index % vcs_, header.destination, packet.waypoint,
                                               waypoints_, OutputOccupancy(*this));
    routing_.route_via(id_, index / vcs_, index % vcs_, header.destination, packet.waypoint, route);
  } else {
    routing_.route(id_, index / vcs_, index % vcs_, header.destination, route);
  }
  if (pre_routed_injection_ && index / vcs_ >= network_ports_) {  // keep only the channel's direction
    const int direction = index / vcs_ - network_ports_;
    int kept = 0;
    for (int c = 0; c < route.count; ++c)
      if (route.candidates[c].port == direction) route.candidates[kept++] = route.candidates[c];
    route.count = kept;
    if (kept == 0) fail(id_, clock_.cycle(), "a packet pre-routed to direction " + std::to_string(direction) +
                                             " has no route that way:", header);
  }
  for (int c = 0; c < route.count; ++c) {
    const int port = route.candidates[c].port;
    if (port >= network_ports_ || !outputs_[std::size_t(port)].connected())
      fail(id_, clock_.cycle(), "the routing function chose missing port " + std::to_string(port) + " for", header);
  }
}

}  // namespace icn
