// Progressive adaptive routing (PAR) on a dragonfly (Jiang, Kim, Dally, "Indirect Adaptive Routing on
// Large Scale Interconnection Networks", ISCA 2009, sec. 3): UGAL-L's choice where the packet enters
// the network and, if it went minimally, once more at the next router of its source group, by that
// router's queues — which see the global channel a congested minimal route leaves by when that
// router holds it. A packet that changes its mind there takes a second local hop in the source
// group, which costs a fourth VC class (dragonfly_valiant_routing.h); a non-minimal choice is final.
#include "routing/dragonfly_valiant_routing.h"

namespace icn {
namespace {

class DragonflyParRouting final : public DragonflyNonMinimalRouting {
 public:
  DragonflyParRouting(const Dragonfly& topology, int virtual_channels)
      : DragonflyNonMinimalRouting(topology, virtual_channels, "PAR routing", 4) {}

  NodeId choose_waypoint(NodeId node, int input_port, int, NodeId destination, NodeId waypoint, RandomStream& random,
                         const PortOccupancy& load) const override {
    const auto by_first_queue = [&](int, int first_port) { return load.occupied(first_port); };
    if (injected(topology_, input_port)) return minimal_or_random(node, destination, random, by_first_queue);
    // Still minimal after a local hop in the source group: the one place to decide again. (In any
    // other group the packet has crossed a global channel; within its own group a minimal route
    // ends at the first local hop.)
    const int target = topology_.group_of_node(destination);
    const bool reconsider = int(waypoint) == target && topology_.group(node) != target &&
                            !topology_.is_global(input_port);
    return reconsider ? minimal_or_random(node, destination, random, by_first_queue) : waypoint;
  }
  std::string describe() const override {
    return "dragonfly PAR: UGAL-L at the source and again at the next router of its group; VCs in quarters";
  }
};

const Registration<RoutingRegistry> registration{{
    "par",
    "dragonfly: UGAL-L where a packet enters, reconsidered at the next router of the source group (PAR, Jiang et "
    "al. 2009), four VC classes",
    {},
    [](const RoutingContext& c) {
      return std::make_unique<DragonflyParRouting>(require<Dragonfly>(c.topology, "PAR routing"), c.virtual_channels);
    }}};

}  // namespace
}  // namespace icn
