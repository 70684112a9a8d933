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
                                                       const std::string& name)
    : topology_(topology) {
  if (virtual_channels < 3)
    throw std::invalid_argument(name + " on a dragonfly needs at least 3 virtual channels (one per class: to the "
                                       "intermediate group, to the destination's group, within it)");
  for (int c = 0; c < 3; ++c) class_[c] = first_vcs(virtual_channels * (c + 1) / 3) & ~first_vcs(virtual_channels * c / 3);
}

int DragonflyNonMinimalRouting::class_of(int vc) const {
  for (int c = 0; c < 3; ++c)
    if ((class_[c] >> vc) & 1u) return c;
  return 2;
}

int DragonflyNonMinimalRouting::hops_via(NodeId node, NodeId destination, int intermediate, int& first_port) const {
  const int here = topology_.group(node);
  if (intermediate == here || intermediate == topology_.group_of_node(destination)) {
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
  const int here = topology_.group(node);
  // The class of the hop that brought the packet here, and whether it was a global one.
  const bool injected = input_port >= topology_.network_ports();
  const int came_on = injected ? -1 : class_of(input_vc);
  const bool came_global = !injected && topology_.is_global(input_port);
  // The next hop's class: 0 until the packet is in the intermediate group, 1 from there until it has
  // crossed into the destination's group, 2 for the local hop there. A global hop moves a packet on
  // by one class, a local hop keeps it.
  const int next = injected ? (here == int(waypoint) ? 1 : 0) : std::min(2, came_on + (came_global ? 1 : 0));
  out.add(next == 0 ? topology_.port_to_group(node, int(waypoint)) : topology_.deterministic_port(node, destination),
          class_[next]);
}

namespace {

class DragonflyValiantRouting final : public DragonflyNonMinimalRouting {
 public:
  DragonflyValiantRouting(const Dragonfly& topology, int virtual_channels)
      : DragonflyNonMinimalRouting(topology, virtual_channels, "Valiant routing") {}
  NodeId choose_waypoint(NodeId, NodeId, RandomStream& random, const PortOccupancy&) const override {
    return NodeId(random.below(std::uint64_t(topology_.groups())));
  }
  std::string describe() const override {
    return "dragonfly Valiant: through a random group; VCs in thirds by phase";
  }
};

const Registration<RoutingRegistry> registration{{
    "valiant",
    "dragonfly: minimally to a random intermediate group, then minimally to the destination (Valiant), three VC classes",
    {},
    [](const RoutingContext& c) {
      return std::make_unique<DragonflyValiantRouting>(require<Dragonfly>(c.topology, "Valiant routing"),
                                                       c.virtual_channels);
    }}};

}  // namespace
}  // namespace icn
