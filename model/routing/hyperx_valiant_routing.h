#pragma once
// Non-minimal routing on a HyperX through an intermediate switch (Ahn et al., SC 2009, sec. 4;
// Valiant): Valiant (hyperx_valiant_routing.cpp) draws the switch at random where a packet enters
// the network; UGAL (hyperx_ugal_routing.cpp) takes it or the minimal route by the source router's
// queues. The packet goes in dimension order to its waypoint on VC class 0, then in dimension order
// to its destination on class 1 — each phase acyclic by itself, and class 0 only ever waits on class
// 1. A waypoint equal to the source switch is the minimal route (class 1 from the start). The classes
// split the VCs in halves (V >= 2).
#include <string>

#include "routing/routing_function.h"
#include "topology/hyperx.h"

namespace icn {

class HyperXNonMinimalRouting : public RoutingFunction {
 public:
  HyperXNonMinimalRouting(const HyperX& topology, int virtual_channels, const std::string& name);

  bool uses_waypoints() const override { return true; }
  void route(NodeId node, int input_port, int input_vc, NodeId destination, RouteResult& out) const override {
    route_via(node, input_port, input_vc, destination, node, out);
  }
  void route_via(NodeId node, int input_port, int input_vc, NodeId destination, NodeId waypoint,
                 RouteResult& out) const override;

 protected:
  // Router-to-router hops from `node` to node `destination` through switch `intermediate`.
  int hops_via(NodeId node, NodeId destination, NodeId intermediate) const;
  bool injected(int input_port) const { return input_port >= topology_.network_ports(); }

  const HyperX& topology_;

 private:
  std::uint32_t to_waypoint_ = 0, to_destination_ = 0;
};

}  // namespace icn
