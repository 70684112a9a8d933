// UGAL on a HyperX (Ahn et al., SC 2009, sec. 4.2, after Singh): where a packet enters the network its
// router weighs the minimal route against a Valiant route through a random switch by the queue each
// starts on (the flits queued for its first output port, Router::queued_for) times its hops, and takes
// the minimal one unless it costs more. Two settings give BookSim 2's flattened-butterfly `ugal`
// instead, for like-for-like comparisons: `threshold` flits added to the Valiant route's cost (BookSim:
// 2), and `intermediate: differing_dimensions`, the switch drawn only in the dimensions where source and
// destination differ (it keeps their shared coordinates). The route and its VC classes:
// hyperx_valiant_routing.h.
#include "routing/hyperx_valiant_routing.h"

namespace icn {
namespace {

class HyperXUgalRouting final : public HyperXNonMinimalRouting {
 public:
  HyperXUgalRouting(const HyperX& topology, int virtual_channels, int threshold, bool differing_only)
      : HyperXNonMinimalRouting(topology, virtual_channels, "UGAL routing"),
        threshold_(threshold),
        differing_only_(differing_only) {}

  NodeId choose_waypoint(NodeId node, int input_port, int, NodeId destination, NodeId waypoint, RandomStream& random,
                         const PortOccupancy& load) const override {
    if (!injected(input_port)) return waypoint;
    const NodeId candidate = draw(node, destination, random);
    const int minimal_hops = topology_.distance(node, destination);
    const int other_hops = hops_via(node, destination, candidate);
    const int minimal_port = topology_.deterministic_port(node, destination);
    const int other_port = candidate == node ? minimal_port : topology_.port_towards(node, candidate);
    const long long minimal_cost = (long long)load.occupied(minimal_port) * minimal_hops;
    const long long other_cost = (long long)load.occupied(other_port) * other_hops + threshold_;
    return minimal_cost <= other_cost ? node : candidate;
  }
  std::string describe() const override {
    return std::string("HyperX UGAL: minimal or through a random switch") +
           (differing_only_ ? " (in the differing dimensions)" : "") + " by queue x hops" +
           (threshold_ ? " + " + std::to_string(threshold_) : std::string()) + "; VCs in halves by phase";
  }

 private:
  // A random switch: any, or one that keeps the coordinates source and destination share.
  NodeId draw(NodeId node, NodeId destination, RandomStream& random) const {
    if (!differing_only_) return NodeId(random.below(std::uint64_t(topology_.router_count())));
    const NodeId target = topology_.injection_point(destination).router;
    NodeId switch_id = 0, place = 1;
    for (int d = 0; d < topology_.dimensions(); ++d, place *= NodeId(topology_.switches())) {
      const int own = topology_.coordinate(node, d);
      const int value = own == topology_.coordinate(target, d) ? own : int(random.below(std::uint64_t(topology_.switches())));
      switch_id += NodeId(value) * place;
    }
    return switch_id;
  }

  int threshold_;
  bool differing_only_;
};

const Registration<RoutingRegistry> registration{{
    "ugal",
    "HyperX: minimal, or Valiant through a random switch when its first queue times its hops is smaller (UGAL)",
    {ParameterSpec::integer("threshold", 0, 0, 1000000,
                            "flits added to the Valiant route's cost before the two are compared (Ahn et al.: 0; "
                            "BookSim 2's flattened butterfly: 2)"),
     ParameterSpec::choice("intermediate", "any", {"any", "differing_dimensions"},
                           "the switch a Valiant route passes: any, drawn uniformly (Ahn et al., Valiant); "
                           "differing_dimensions: random only where source and destination differ (BookSim 2)")},
    [](const RoutingContext& c) {
      return std::make_unique<HyperXUgalRouting>(require<HyperX>(c.topology, "UGAL routing"), c.virtual_channels,
                                                 int(c.parameters.integer("threshold")),
                                                 c.parameters.text("intermediate") == "differing_dimensions");
    }}};

}  // namespace
}  // namespace icn
