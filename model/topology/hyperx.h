#pragma once
// HyperX (Ahn, Binkert, Davis, McLaren, Schreiber, "HyperX: Topology, Routing, and Packaging of
// Efficient Large-Scale Networks", SC 2009), the regular case with one link per pair: L dimensions of
// S switches each, every dimension fully connected — a switch links to the S − 1 others that differ
// from it in that one coordinate — and T terminals per switch. With T = S it is Kim, Dally and Abts's
// flattened butterfly (ISCA 2007). Router r has base-S coordinates (dimension 0 least significant);
// node t is terminal t mod T of router ⌊t/T⌋.
//
// Ports: dimension d's are d·(S − 1) … d·(S − 1) + S − 2; port d·(S − 1) + j leads to the switch whose
// coordinate d is j (j below the router's own coordinate) or j + 1 (above it), entering there on the
// port of dimension d that leads back. A minimal route corrects each differing coordinate in one hop:
// the distance is the number of coordinates that differ.
#include <vector>

#include "topology/topology.h"

namespace icn {

class HyperX final : public Topology {
 public:
  static constexpr const char* kFamily = "HyperX";

  HyperX(int dimensions, int switches, int terminals);

  std::string describe() const override;  // "HyperX L=2 S=4 T=2"
  NodeId node_count() const override { return routers_ * NodeId(t_); }
  NodeId router_count() const override { return routers_; }
  bool is_direct() const override { return t_ == 1; }
  int terminal_slots(NodeId) const override { return t_; }
  Attachment injection_point(NodeId node) const override { return Attachment{node / NodeId(t_), int(node % NodeId(t_))}; }
  Attachment delivery_point(NodeId node) const override { return injection_point(node); }
  int network_ports() const override { return l_ * (s_ - 1); }
  Link link(NodeId router, int output_port) const override;
  int distance(NodeId from, NodeId to) const override;
  int minimal_ports(NodeId from, NodeId to, int* out) const override;
  int deterministic_port(NodeId from, NodeId to) const override;  // dimension order, lowest first
  // Uniform traffic: each of a dimension's S^(L−1) parallel links between two coordinate values carries
  // T/S of a node's flits, so min(1, S/T) flits/node/cycle.
  double uniform_capacity() const override { return std::min(1.0, double(s_) / double(t_)); }
  std::string port_name(int port) const override;
  std::vector<int> position(NodeId router) const override;
  std::string layout() const override { return "rows"; }

  int dimensions() const { return l_; }
  int switches() const { return s_; }
  int terminals() const { return t_; }
  int coordinate(NodeId router, int dimension) const {
    return int(router / power_[std::size_t(dimension)] % NodeId(s_));
  }
  int dimension_of(int port) const { return port / (s_ - 1); }
  // The port of `router` that leads along `dimension` to the switch with coordinate `value` there.
  int port_to(NodeId router, int dimension, int value) const {
    const int own = coordinate(router, dimension);
    return dimension * (s_ - 1) + (value < own ? value : value - 1);
  }
  // The lowest dimension in which router `from` and router `to` differ, or −1.
  int first_difference(NodeId from, NodeId to) const;
  // Router to router: the coordinates that differ (the hops), and the dimension-order port (−1 there).
  int hops_between(NodeId from, NodeId to) const;
  int port_towards(NodeId from, NodeId to) const;

 private:
  int l_, s_, t_;
  NodeId routers_;
  std::vector<NodeId> power_;  // S^0 … S^L
};

}  // namespace icn
