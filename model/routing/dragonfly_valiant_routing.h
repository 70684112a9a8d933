#pragma once
// Non-minimal routing on a dragonfly through an intermediate group (Kim, Dally, Scott, Abts, ISCA 2008,
// sec. 4.1; Jiang, Kim, Dally, ISCA 2009, sec. 3): Valiant (dragonfly_valiant_routing.cpp) draws the
// group at random; UGAL-L and UGAL-G (dragonfly_ugal_*_routing.cpp) take it or the minimal route by
// queues the source router sees or all of them; PAR (dragonfly_par_routing.cpp) may still leave the
// minimal route at the next router of the source group. Either way the packet goes minimally to its
// waypoint group — its own or the destination's group makes the whole route minimal — and then
// minimally to the destination. Where it is on that route follows from where it is: it heads for
// its waypoint until it is in the waypoint group or has crossed a global channel (every global hop
// before the waypoint lands in it).
//
// Deadlock freedom by VC classes in path order. A global hop moves a packet on by one class, and so
// does a local hop straight after a local hop (only PAR's changed mind takes one); otherwise a packet
// keeps its class. Every channel dependency then goes local_c → global_c → local_{c+1}, or
// local_c → local_{c+1}: acyclic. Valiant and UGAL need three classes (local, global, local, global,
// local), PAR four. With three, a minimal route starts in the second class (local_1, global_1,
// local_2): the same order, and minimal and detoured packets do not share the VCs out of the source
// group (dragonfly_valiant_routing.cpp). A router tells a packet's class from the input port's kind
// and the input VC's class. The classes split the VCs evenly (V >= classes).
#include <string>

#include "routing/routing_function.h"
#include "topology/dragonfly.h"

namespace icn {

class DragonflyNonMinimalRouting : public RoutingFunction {
 public:
  DragonflyNonMinimalRouting(const Dragonfly& topology, int virtual_channels, const std::string& name,
                             int classes = 3);

  bool uses_waypoints() const override { return true; }
  // Without a waypoint: the destination's group, a minimal route.
  void route(NodeId node, int input_port, int input_vc, NodeId destination, RouteResult& out) const override {
    route_via(node, input_port, input_vc, destination, NodeId(topology_.group_of_node(destination)), out);
  }
  void route_via(NodeId node, int input_port, int input_vc, NodeId destination, NodeId waypoint,
                 RouteResult& out) const override;

 protected:
  // A route through `group` is minimal when that is this router's group or the destination's.
  bool minimal_through(NodeId node, NodeId destination, int group) const {
    return group == topology_.group(node) || group == topology_.group_of_node(destination);
  }
  // Router-to-router hops from `node` to node `destination` through group `intermediate`, and the
  // first port of that route.
  int hops_via(NodeId node, NodeId destination, int intermediate, int& first_port) const;
  // UGAL's rule (sec. 4.1, after Singh): the minimal route unless its queue times its hops exceeds
  // a route's through a random group; `queue(intermediate, first_port)` is the queue each is judged by.
  template <typename Queue>
  NodeId minimal_or_random(NodeId node, NodeId destination, RandomStream& random, Queue queue) const {
    const int minimal_group = topology_.group_of_node(destination);
    const int candidate = int(random.below(std::uint64_t(topology_.groups())));
    int minimal_port = 0, other_port = 0;
    const int minimal_hops = hops_via(node, destination, minimal_group, minimal_port);
    const int other_hops = hops_via(node, destination, candidate, other_port);
    const long long minimal_cost = (long long)queue(minimal_group, minimal_port) * minimal_hops;
    const long long other_cost = (long long)queue(candidate, other_port) * other_hops;
    return NodeId(minimal_cost <= other_cost ? minimal_group : candidate);
  }
  static bool injected(const Dragonfly& t, int input_port) { return input_port >= t.network_ports(); }

  const Dragonfly& topology_;

 private:
  int class_of(int vc) const;

  int classes_;
  std::uint32_t class_[4] = {};
};

}  // namespace icn
