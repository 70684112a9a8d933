// Valiant routing on a dragonfly (Kim, Dally, Scott, Abts, ISCA 2008, sec. 4.1): a packet first goes
// minimally to a randomly chosen intermediate group, then minimally to its destination, so any
// traffic pattern spreads over all global channels — at most half the network's global bandwidth,
// whatever the pattern. The waypoint is drawn uniformly among all groups where the packet enters
// the network (its own or the destination's group makes the route minimal).
//
// Deadlock freedom by three VC classes in path order: the hops to the intermediate group on class
// 0, from there to the destination's group on class 1, the local hop in the destination's group on
// class 2. Within a class a packet takes at most one local hop and then one global hop, so every
// channel dependency goes local_c → global_c → local_{c+1}: acyclic. A router tells the phase from
// the input port's kind and the input VC's class. The classes split the VCs in three (V >= 3).
#include <algorithm>
#include <stdexcept>

#include "routing/routing_function.h"
#include "topology/dragonfly.h"

namespace icn {
namespace {

class DragonflyValiantRouting final : public RoutingFunction {
 public:
  DragonflyValiantRouting(const Dragonfly& topology, int virtual_channels)
      : topology_(topology), vcs_(virtual_channels) {
    if (virtual_channels < 3)
      throw std::invalid_argument("Valiant routing on a dragonfly needs at least 3 virtual channels (one per class: to "
                                  "the intermediate group, to the destination's group, within it)");
    for (int c = 0; c < 3; ++c) class_[c] = first_vcs(vcs_ * (c + 1) / 3) & ~first_vcs(vcs_ * c / 3);
  }

  bool uses_waypoints() const override { return true; }
  NodeId choose_waypoint(NodeId, NodeId, RandomStream& random) const override {
    return NodeId(random.below(std::uint64_t(topology_.groups())));
  }

  void route(NodeId node, int input_port, int input_vc, NodeId destination, RouteResult& out) const override {
    route_via(node, input_port, input_vc, destination, NodeId(topology_.group_of_node(destination)), out);
  }

  void route_via(NodeId node, int input_port, int input_vc, NodeId destination, NodeId waypoint,
                 RouteResult& out) const override {
    out.clear();
    const int here = topology_.group(node);
    const int intermediate = int(waypoint);
    // The class of the hop that brought the packet here, and whether it was a global one.
    const bool injected = input_port >= topology_.network_ports();
    const int came_on = injected ? -1 : class_of(input_vc);
    const bool came_global = !injected && topology_.is_global(input_port);
    // The next hop's class: 0 until the packet is in the intermediate group, 1 from there until it has
    // crossed into the destination's group, 2 for the local hop there. A global hop moves a packet on
    // by one class, a local hop keeps it.
    const int next = injected ? (here == intermediate ? 1 : 0) : std::min(2, came_on + (came_global ? 1 : 0));
    out.add(next == 0 ? toward_group(node, intermediate) : topology_.deterministic_port(node, destination), class_[next]);
  }

  std::string describe() const override {
    return "dragonfly Valiant: a random intermediate group, then minimal; VC classes in thirds (to it, to the "
           "destination's group, within it)";
  }

 private:
  int class_of(int vc) const {
    for (int c = 0; c < 3; ++c)
      if ((class_[c] >> vc) & 1u) return c;
    return 2;
  }
  // The port on the minimal route from `node` to any router of `group` (another group than its own).
  int toward_group(NodeId node, int group) const {
    int port = 0;
    const NodeId exit = topology_.gateway(topology_.group(node), group, port);
    if (exit == node) return port;
    const int target = topology_.index(exit), own = topology_.index(node);
    return target < own ? target : target - 1;
  }

  const Dragonfly& topology_;
  const int vcs_;
  std::uint32_t class_[3] = {};
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
