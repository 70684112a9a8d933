// Routing on a k-ary n-tree (Petrini & Vanneschi, IPPS 1997, sec. 4): up to a nearest common
// ancestor of source and destination, then down the one way there is. The up port is the choice,
// by `up_port`:
//   least_loaded  every up port is a candidate and the router's selection function takes the VC with
//                 the most credits (the adaptive routing of the paper);
//   random        the ports of a random top-level switch, drawn where the packet enters (its waypoint:
//                 at level l the up port is digit l of it), spreading packets obliviously;
//   destination   digit l of the destination at level l (d-mod-k): deterministic, one path per pair;
//   two_random    at each router on the way up, the less loaded of two random up ports, kept once
//                 chosen (BookSim 2's adaptive nearest common ancestor, `anca`: its like for like).
// Up before down is acyclic, so any VC may carry any hop.
#include <stdexcept>

#include "routing/routing_function.h"
#include "topology/kary_ntree.h"

namespace icn {
namespace {

enum class UpPort { kLeastLoaded, kRandom, kDestination, kTwoRandom };

class NearestCommonAncestorRouting final : public RoutingFunction {
 public:
  NearestCommonAncestorRouting(const KaryNTree& topology, int virtual_channels, UpPort up)
      : topology_(topology), vcs_(first_vcs(virtual_channels)), up_(up) {}

  bool uses_waypoints() const override { return up_ == UpPort::kRandom || up_ == UpPort::kTwoRandom; }
  NodeId choose_waypoint(NodeId node, int input_port, int, NodeId destination, NodeId waypoint, RandomStream& random,
                         const PortOccupancy& load) const override {
    if (up_ == UpPort::kTwoRandom) {  // the waypoint is the up port chosen at this router
      const int k = topology_.radix();
      if (topology_.ancestor_level(node, destination) == topology_.level(node)) return waypoint;  // going down
      const int first = int(random.below(std::uint64_t(k))), second = int(random.below(std::uint64_t(k)));
      return NodeId(load.occupied(k + second) < load.occupied(k + first) ? second : first);
    }
    if (input_port < topology_.network_ports())
      return waypoint;
    return NodeId(random.below(std::uint64_t(topology_.router_count() / NodeId(topology_.levels()))));
  }
  void route(NodeId node, int input_port, int input_vc, NodeId destination, RouteResult& out) const override {
    route_via(node, input_port, input_vc, destination, kNoNode, out);
  }
  void route_via(NodeId node, int, int, NodeId destination, NodeId waypoint, RouteResult& out) const override {
    out.clear();
    const int level = topology_.level(node), k = topology_.radix();
    if (topology_.ancestor_level(node, destination) == level) {  // on the way down
      out.add(topology_.deterministic_port(node, destination), vcs_);
      return;
    }
    switch (up_) {
      case UpPort::kLeastLoaded:
        for (int j = 0; j < k; ++j) out.add(k + j, vcs_);
        return;
      case UpPort::kRandom:
        out.add(k + topology_.digit(waypoint == kNoNode ? destination : waypoint, level), vcs_);
        return;
      case UpPort::kDestination:
        out.add(topology_.deterministic_port(node, destination), vcs_);
        return;
      case UpPort::kTwoRandom:
        out.add(k + int(waypoint), vcs_);
        return;
    }
  }
  std::string describe() const override {
    static const char* const kUp[] = {"least loaded", "random per packet", "by destination digit (d-mod-k)",
                                      "the less loaded of two random, kept"};
    return "k-ary n-tree: up to the nearest common ancestor (" + std::string(kUp[int(up_)]) + "), then down; any VC";
  }

 private:
  const KaryNTree& topology_;
  std::uint32_t vcs_;
  UpPort up_;
};

const Registration<RoutingRegistry> registration{{
    "nearest_common_ancestor",
    "k-ary n-tree: up to a nearest common ancestor by up_port, then down by the destination's digits; any VC",
    {ParameterSpec::choice("up_port", "least_loaded", {"least_loaded", "random", "destination", "two_random"},
                           "least_loaded: every up port, the router takes the one with most credits (Petrini & "
                           "Vanneschi); random: a random top switch's ports per packet; destination: digit l of the "
                           "destination (d-mod-k); two_random: at each router the less loaded of two random up ports, "
                           "kept once chosen (BookSim 2's anca)")},
    [](const RoutingContext& c) {
      const std::string up = c.parameters.text("up_port");
      return std::make_unique<NearestCommonAncestorRouting>(
          require<KaryNTree>(c.topology, "nearest-common-ancestor routing"), c.virtual_channels,
          up == "random"        ? UpPort::kRandom
          : up == "destination" ? UpPort::kDestination
          : up == "two_random"  ? UpPort::kTwoRandom
                                : UpPort::kLeastLoaded);
    }}};

}  // namespace
}  // namespace icn
