// Valiant routing on a dragonfly (Kim, Dally, Scott, Abts, ISCA 2008, sec. 4.1): a packet first goes
// minimally to a randomly chosen intermediate group, then minimally to its destination, so any
// traffic pattern spreads over all global channels — about half the network's global bandwidth,
// whatever the pattern. The waypoint is drawn uniformly among all groups where the packet enters the
// network. The route and its VC classes: dragonfly_valiant_routing.h.
#include "routing/dragonfly_valiant_routing.h"

#include <algorithm>
#include <stdexcept>

namespace icn {

DragonflyNonMinimalRouting::DragonflyNonMinimalRouting(const Dragonfly& topology, int virtual_channels,
                                                       const std::string& name, int classes)
    : topology_(topology), classes_(classes) {
  if (virtual_channels < classes)
    throw std::invalid_argument(name + " on a dragonfly needs at least " + std::to_string(classes) +
                                " virtual channels (one per class: " +
                                (classes == 3 ? "to the intermediate group, to the destination's group, within it)"
                                              : "two local hops in the source group, then to the intermediate "
                                                "group, to the destination's group, within it)"));
  for (int c = 0; c < classes; ++c)
    class_[c] = first_vcs(virtual_channels * (c + 1) / classes) & ~first_vcs(virtual_channels * c / classes);
}

int DragonflyNonMinimalRouting::class_of(int vc) const {
  for (int c = 0; c < classes_; ++c)
    if ((class_[c] >> vc) & 1u) return c;
  return classes_ - 1;
}

int DragonflyNonMinimalRouting::hops_via(NodeId node, NodeId destination, int intermediate, int& first_port) const {
  const int here = topology_.group(node);
  if (minimal_through(node, destination, intermediate)) {
    first_port = topology_.deterministic_port(node, destination);
    return topology_.distance(node, destination);
  }
  first_port = topology_.port_to_group(node, intermediate);
  int port = 0;
  const NodeId exit = topology_.gateway(here, intermediate, port);
  const NodeId landing = topology_.link(exit, port).router;
  return int(exit != node) + 1 + topology_.distance(landing, destination);
}

void DragonflyNonMinimalRouting::route_via(NodeId node, int input_port, int input_vc, NodeId destination,
                                           NodeId waypoint, RouteResult& out) const {
  out.clear();
  const bool entered = injected(topology_, input_port);
  const bool came_global = !entered && topology_.is_global(input_port);
  // Towards the waypoint group until the packet is in it or has crossed a global channel.
  const bool to_waypoint = topology_.group(node) != int(waypoint) && !came_global;
  const int port = to_waypoint ? topology_.port_to_group(node, int(waypoint))
                               : topology_.deterministic_port(node, destination);
  int next = 0;
  // A minimal route (the waypoint is this group or the destination's) starts in the second class, as
  // a minimal packet's phase does in the simulator of Kim et al. (BookSim's dragonfly, `ugal`): minimal
  // packets queued for a congested global channel never hold the VCs detoured packets leave their
  // group by. With PAR's four classes every packet starts in the first (it may still leave the route).
  if (entered && classes_ == 3 && minimal_through(node, destination, int(waypoint))) next = 1;
  if (!entered) {
    const bool local_after_local = !came_global && !topology_.is_global(port);
    next = std::min(classes_ - 1, class_of(input_vc) + int(came_global) + int(local_after_local));
  }
  out.add(port, class_[next]);
}

namespace {

class DragonflyValiantRouting final : public DragonflyNonMinimalRouting {
 public:
  DragonflyValiantRouting(const Dragonfly& topology, int virtual_channels)
      : DragonflyNonMinimalRouting(topology, virtual_channels, "Valiant routing") {}
  NodeId choose_waypoint(NodeId, int input_port, int, NodeId, NodeId waypoint, RandomStream& random,
                         const PortOccupancy&) const override {
    return injected(topology_, input_port) ? NodeId(random.below(std::uint64_t(topology_.groups()))) : waypoint;
  }
  std::string describe() const override {
    return "dragonfly Valiant: through a random group; VCs in thirds by phase";
  }
};

const RoutingVariantRegistration<Dragonfly> registration{
    "valiant", "minimally to a random intermediate group, then minimally to the destination (Valiant), three VC classes",
    {},
    [](const RoutingContext& c) {
      return std::make_unique<DragonflyValiantRouting>(dynamic_cast<const Dragonfly&>(c.topology), c.virtual_channels);
    }};

}  // namespace
}  // namespace icn
