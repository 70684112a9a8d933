// UGAL-G on a dragonfly (Kim, Dally, Scott, Abts, ISCA 2008, sec. 4.1): UGAL's choice between the
// minimal route and a Valiant route through a random group, judged by the queue of the global
// channel each route leaves the source group by — wherever in the group that channel is — times
// its hops. The paper's ideal: every router knows every global channel's queue at once
// (PortOccupancy::network: Router::queued_for at the channel's router); a real network would learn it late
// and at a cost. A route that stays in the source group is judged by its first local queue. The route
// and its VC classes: dragonfly_valiant_routing.h.
#include <stdexcept>

#include "routing/dragonfly_valiant_routing.h"

namespace icn {
namespace {

class DragonflyUgalGlobalRouting final : public DragonflyNonMinimalRouting {
 public:
  DragonflyUgalGlobalRouting(const Dragonfly& topology, int virtual_channels)
      : DragonflyNonMinimalRouting(topology, virtual_channels, "UGAL-G routing") {}

  NodeId choose_waypoint(NodeId node, int input_port, int, NodeId destination, NodeId waypoint, RandomStream& random,
                         const PortOccupancy& load) const override {
    if (!injected(topology_, input_port)) return waypoint;
    const NetworkOccupancy* network = load.network();
    if (!network) throw std::logic_error("UGAL-G routing was asked where the network's queues cannot be read");
    const int here = topology_.group(node), target = topology_.group_of_node(destination);
    return minimal_or_random(node, destination, random, [&](int group, int first_port) {
      // Through its own or the destination's group a route is minimal: it leaves towards the destination.
      const int leaves_to = group == here ? target : group;
      if (leaves_to == here) return load.occupied(first_port);
      int port = 0;
      const NodeId gateway = topology_.gateway(here, leaves_to, port);
      return network->occupied(gateway, port);
    });
  }
  std::string describe() const override {
    return "dragonfly UGAL-G: minimal or through a random group by global queue x hops; VCs in thirds";
  }
};

const Registration<RoutingRegistry> registration{{
    "ugal_global",
    "dragonfly: minimal, or Valiant through a random group when the global channel it leaves by has the smaller "
    "queue times hops, known everywhere at once (UGAL-G, the paper's ideal)",
    {},
    [](const RoutingContext& c) {
      return std::make_unique<DragonflyUgalGlobalRouting>(require<Dragonfly>(c.topology, "UGAL-G routing"),
                                                          c.virtual_channels);
    }}};

}  // namespace
}  // namespace icn
