// UGAL on a HyperX (Ahn et al., SC 2009, sec. 4.2, after Singh): where a packet enters the network its
// router weighs the minimal route against a Valiant route through a random switch by the queue each
// starts on (the flits queued for its first output port, Router::queued_for) times its hops, and takes
// the minimal one unless it costs more. The route and its VC classes: hyperx_valiant_routing.h.
#include "routing/hyperx_valiant_routing.h"

namespace icn {
namespace {

class HyperXUgalRouting final : public HyperXNonMinimalRouting {
 public:
  HyperXUgalRouting(const HyperX& topology, int virtual_channels)
      : HyperXNonMinimalRouting(topology, virtual_channels, "UGAL routing") {}

  NodeId choose_waypoint(NodeId node, int input_port, int, NodeId destination, NodeId waypoint, RandomStream& random,
                         const PortOccupancy& load) const override {
    if (!injected(input_port)) return waypoint;
    const NodeId candidate = NodeId(random.below(std::uint64_t(topology_.router_count())));
    const int minimal_hops = topology_.distance(node, destination);
    const int other_hops = hops_via(node, destination, candidate);
    const int minimal_port = topology_.deterministic_port(node, destination);
    const int other_port = candidate == node ? minimal_port : topology_.port_towards(node, candidate);
    const long long minimal_cost = (long long)load.occupied(minimal_port) * minimal_hops;
    const long long other_cost = (long long)load.occupied(other_port) * other_hops;
    return minimal_cost <= other_cost ? node : candidate;
  }
  std::string describe() const override {
    return "HyperX UGAL: minimal or through a random switch by queue x hops; VCs in halves by phase";
  }
};

const Registration<RoutingRegistry> registration{{
    "ugal",
    "HyperX: minimal, or Valiant through a random switch when its first queue times its hops is smaller (UGAL)",
    {},
    [](const RoutingContext& c) {
      return std::make_unique<HyperXUgalRouting>(require<HyperX>(c.topology, "UGAL routing"), c.virtual_channels);
    }}};

}  // namespace
}  // namespace icn
