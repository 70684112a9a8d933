#pragma once
// The dragonfly (Kim, Dally, Scott, Abts, ISCA 2008, sec. 3): g groups of a routers; each router has
// p terminals, a − 1 local channels (every router of its group, all to all) and h global channels.
// Node t is terminal t mod p of router ⌊t/p⌋; router r is router r mod a of group ⌊r/a⌋.
//
// Ports: 0 … a − 2 local (port j leads to router j of the group if j is below the router's own
// index, else to router j + 1), then a − 1 … a + h − 2 global. Global wiring (the paper's groups
// connected all to all, one channel per pair at g = a·h + 1, the most): group G's global channel
// k = i·h + m (router i, its m-th global port) leads to group (G + k + 1) mod g, where it is channel
// g − 2 − k; channels k ≥ g − 1 of a smaller network are left unconnected. Every pair of groups is
// then joined by exactly one channel, so a minimal route — the paper's: at most one global hop — is
// unique: at most one local hop to the router holding the channel to the destination's group, the
// global hop, and one local hop there. (Two global hops through a third group can be fewer hops;
// that is a non-minimal route, Valiant's.) distance() and minimal_ports() are the minimal route's.
#include <vector>

#include "topology/topology.h"

namespace icn {

class Dragonfly final : public Topology {
 public:
  static constexpr const char* kFamily = "dragonfly";

  // `global_link_delay`: cycles a flit takes on a global channel (0: router.link_delay, as locally).
  Dragonfly(int terminals, int routers_per_group, int global_per_router, int groups, int global_link_delay = 0);

  std::string describe() const override;  // "dragonfly p=2 a=4 h=2 g=9"
  NodeId node_count() const override { return NodeId(routers_) * NodeId(p_); }
  NodeId router_count() const override { return NodeId(routers_); }
  bool is_direct() const override { return p_ == 1; }
  int terminal_slots(NodeId) const override { return p_; }
  Attachment injection_point(NodeId node) const override { return Attachment{node / NodeId(p_), int(node % NodeId(p_))}; }
  Attachment delivery_point(NodeId node) const override { return injection_point(node); }
  int network_ports() const override { return a_ - 1 + h_; }
  Link link(NodeId router, int output_port) const override;
  int distance(NodeId from, NodeId to) const override;
  int minimal_ports(NodeId from, NodeId to, int* out) const override;
  int deterministic_port(NodeId from, NodeId to) const override;
  // Uniform traffic under minimal routing: the most loaded local or global channel (computed
  // exactly over every pair of routers, by the wiring's symmetry under rotating the groups).
  double uniform_capacity() const override { return capacity_; }
  std::string port_name(int port) const override;
  int link_delay(NodeId, int output_port, int local_delay) const override {
    return is_global(output_port) && global_delay_ > 0 ? global_delay_ : local_delay;
  }
  std::vector<int> position(NodeId router) const override { return {group(router), index(router)}; }
  std::string layout() const override { return "groups"; }

  int terminals() const { return p_; }
  int routers_per_group() const { return a_; }
  int global_per_router() const { return h_; }
  int groups() const { return g_; }
  int group(NodeId router) const { return int(router / NodeId(a_)); }
  int index(NodeId router) const { return int(router % NodeId(a_)); }
  int group_of_node(NodeId node) const { return group(node / NodeId(p_)); }
  bool is_global(int port) const { return port >= a_ - 1; }
  // The router of group `from_group` that holds the global channel to `to_group`, and its port.
  NodeId gateway(int from_group, int to_group, int& port) const;
  // The port of `router` on the minimal route to any router of `group` (not its own): the global
  // channel there, or the local hop to the router that holds it.
  int port_to_group(NodeId router, int group) const;

 private:
  double compute_capacity() const;

  int p_, a_, h_, g_, routers_, global_delay_;
  double capacity_;
};

}  // namespace icn
