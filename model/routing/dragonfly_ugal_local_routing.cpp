// UGAL-L on a dragonfly (Kim, Dally, Scott, Abts, ISCA 2008, sec. 4.1, after Singh's UGAL): where a
// packet enters the network its router compares the minimal route with a Valiant route through a
// random intermediate group by the local queue each starts on, weighted by its length in hops, and
// takes the minimal one if q_min · H_min <= q_nm · H_nm. The queue is the flits queued for the
// route's first output port (Router::queued_for). Only the source router's queues are seen: the
// paper's point that UGAL-L misjudges a congested global channel behind another router of the group
// holds here too. The route and its VC classes: dragonfly_valiant_routing.h.
#include "routing/dragonfly_valiant_routing.h"

namespace icn {
namespace {

class DragonflyUgalLocalRouting final : public DragonflyNonMinimalRouting {
 public:
  DragonflyUgalLocalRouting(const Dragonfly& topology, int virtual_channels)
      : DragonflyNonMinimalRouting(topology, virtual_channels, "UGAL-L routing") {}

  NodeId choose_waypoint(NodeId node, int input_port, int, NodeId destination, NodeId waypoint, RandomStream& random,
                         const PortOccupancy& load) const override {
    if (!injected(topology_, input_port)) return waypoint;
    return minimal_or_random(node, destination, random, [&](int, int first_port) { return load.occupied(first_port); });
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
