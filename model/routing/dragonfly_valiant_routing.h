#pragma once
// Non-minimal routing on a dragonfly through an intermediate group (Kim, Dally, Scott, Abts, ISCA 2008,
// sec. 4.1): Valiant (dragonfly_valiant_routing.cpp) draws the group at random; UGAL-L
// (dragonfly_ugal_local_routing.cpp) takes it or the minimal route by the source router's queues.
// Either way the packet goes minimally to its waypoint group — its own or the destination's group
// makes the whole route minimal — and then minimally to the destination.
//
// Deadlock freedom by three VC classes in path order: the hops to the intermediate group on class
// 0, from there to the destination's group on class 1, the local hop in the destination's group on
// class 2. Within a class a packet takes at most one local hop and then one global hop, so every
// channel dependency goes local_c → global_c → local_{c+1}: acyclic. A router tells the class from
// the input port's kind and the input VC's class. The classes split the VCs in three (V >= 3).
#include <string>

#include "routing/routing_function.h"
#include "topology/dragonfly.h"

namespace icn {

class DragonflyNonMinimalRouting : public RoutingFunction {
 public:
  DragonflyNonMinimalRouting(const Dragonfly& topology, int virtual_channels, const std::string& name);

  bool uses_waypoints() const override { return true; }
  // Without a waypoint: the destination's group, a minimal route.
  void route(NodeId node, int input_port, int input_vc, NodeId destination, RouteResult& out) const override {
    route_via(node, input_port, input_vc, destination, NodeId(topology_.group_of_node(destination)), out);
  }
  void route_via(NodeId node, int input_port, int input_vc, NodeId destination, NodeId waypoint,
                 RouteResult& out) const override;

 protected:
  // Router-to-router hops from `node` to node `destination` through group `intermediate`, and the
  // first port of that route.
  int hops_via(NodeId node, NodeId destination, int intermediate, int& first_port) const;

  const Dragonfly& topology_;

 private:
  int class_of(int vc) const;

  std::uint32_t class_[3] = {};
};

}  // namespace icn
