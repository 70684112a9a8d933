// UGAL-L on a dragonfly (Kim, Dally, Scott, Abts, ISCA 2008, sec. 4.1, after Singh's UGAL): where a
// packet enters the network its router compares the minimal route with a Valiant route through a
// random intermediate group by the local queue each starts on, weighted by its length in hops, and
// takes the minimal one if q_min · H_min <= q_nm · H_nm. The queue is the flits held downstream of
// the route's first output port (its lanes' used credits). Only the source router's queues are
// seen: the paper's point that UGAL-L misjudges a congested global channel behind another router of
// the group holds here too. The route and its VC classes: dragonfly_valiant_routing.h.
#include "routing/dragonfly_valiant_routing.h"

namespace icn {
namespace {

class DragonflyUgalLocalRouting final : public DragonflyNonMinimalRouting {
 public:
  DragonflyUgalLocalRouting(const Dragonfly& topology, int virtual_channels)
      : DragonflyNonMinimalRouting(topology, virtual_channels, "UGAL-L routing") {}

  NodeId choose_waypoint(NodeId node, NodeId destination, RandomStream& random, const PortOccupancy& load) const override {
    const int minimal_group = topology_.group_of_node(destination);
    const int candidate = int(random.below(std::uint64_t(topology_.groups())));
    int minimal_port = 0, other_port = 0;
    const int minimal_hops = hops_via(node, destination, minimal_group, minimal_port);
    const int other_hops = hops_via(node, destination, candidate, other_port);
    const long long minimal_cost = (long long)load.occupied(minimal_port) * minimal_hops;
    const long long other_cost = (long long)load.occupied(other_port) * other_hops;
    return NodeId(minimal_cost <= other_cost ? minimal_group : candidate);
  }
  std::string describe() const override {
    return "dragonfly UGAL-L: minimal or through a random group by queue x hops; VCs in thirds";
  }
};

const Registration<RoutingRegistry> registration{{
    "ugal_local",
    "dragonfly: minimal, or Valiant through a random group when its first queue times its hops is smaller (UGAL-L)",
    {},
    [](const RoutingContext& c) {
      return std::make_unique<DragonflyUgalLocalRouting>(require<Dragonfly>(c.topology, "UGAL-L routing"),
                                                         c.virtual_channels);
    }}};

}  // namespace
}  // namespace icn
