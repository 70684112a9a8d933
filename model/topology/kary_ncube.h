#pragma once
// The k-ary n-cube: each dimension a ring (torus) or a line (mesh); a ring network is n = 1.
// Routers are numbered canonically with dimension 0 varying fastest (router = sum c_d * k^d), which
// is the numbering the papers' bit-permutation patterns are defined on. A router has c terminals
// (`network.terminals_per_router`, 1 in every paper; more for a concentration what-if), numbered
// slot-major: node = slot * k^n + router. With c = 1 a node is its router, and for any c a node's
// coordinates are its router's, so everything that reads a destination's coordinates (dimension
// order, the datelines, minimal ports) takes a node as it is.
//
// Ports: network port 2d goes in the + direction of dimension d, port 2d + 1 in the − direction.
// A link joins output port p of a node to input port p of its neighbour in direction p, so an input
// port's number says which way the arriving flit travels (continuing straight = same port number).
#include <vector>

#include "topology/topology.h"

namespace icn {

enum class DimensionKind { Torus, Mesh };

class KaryNCube final : public Topology {
 public:
  static constexpr const char* kFamily = "k-ary n-cube";

  KaryNCube(int radix, int dimensions, std::vector<DimensionKind> kinds, int terminals = 1);

  std::string describe() const override;  // "16-ary 2-cube torus", "… torus, 4 terminals per router"
  NodeId node_count() const override { return routers_ * NodeId(terminals_); }
  NodeId router_count() const override { return routers_; }
  bool is_direct() const override { return terminals_ == 1; }
  int terminal_slots(NodeId) const override { return terminals_; }
  Attachment injection_point(NodeId node) const override { return Attachment{router_of(node), slot_of(node)}; }
  Attachment delivery_point(NodeId node) const override { return injection_point(node); }
  int network_ports() const override { return 2 * n_; }
  Link link(NodeId node, int port) const override { return Link{neighbour(node, port), port}; }
  int distance(NodeId from, NodeId to) const override;
  int minimal_ports(NodeId from, NodeId to, int* out) const override;
  using Topology::minimal_ports;
  int deterministic_port(NodeId from, NodeId to) const override { return dimension_order_port(from, to); }
  // A torus dimension carries k/8 (even k) per unit of injection on each channel, a mesh
  // dimension k/4 at its centre; c terminals a router inject c units.
  double uniform_capacity() const override;
  std::string port_name(int port) const override;  // +x, -y, … (+d4 beyond three dimensions)

  int radix() const { return k_; }
  int dimensions() const { return n_; }
  DimensionKind kind(int dimension) const { return kinds_[dimension]; }
  bool wraps(int dimension) const { return kinds_[dimension] == DimensionKind::Torus; }
  bool all_tori() const;
  int terminals() const { return terminals_; }
  NodeId router_of(NodeId node) const { return node % routers_; }
  int slot_of(NodeId node) const { return int(node / routers_); }
  NodeId node_of(NodeId router, int slot) const { return NodeId(slot) * routers_ + router; }

  static int dimension_of(int port) { return port / 2; }
  static bool is_positive(int port) { return port % 2 == 0; }
  static int port_of(int dimension, bool positive) { return 2 * dimension + (positive ? 0 : 1); }

  // Of a router, or of a node (its router's: k^n is a multiple of every stride).
  int coordinate(NodeId node, int dimension) const {
    return int(node / stride_[dimension] % NodeId(k_));
  }
  std::vector<int> coordinates(NodeId node) const;
  std::vector<int> position(NodeId router) const override { return coordinates(router); }
  std::string layout() const override { return "grid"; }
  NodeId node_at(const std::vector<int>& coordinates) const;  // the router there (its slot-0 node)

  // The neighbour router reached through network port `port`, or kNoNode at a mesh edge.
  NodeId neighbour(NodeId router, int port) const;
  // True if the link leaving `router` through `port` is its dimension's dateline: the wrap-around
  // link between coordinate k−1 and 0 (either direction).
  bool crosses_dateline(NodeId router, int port) const;

  // Signed minimal offset from `from` to `to` in a dimension: positive means + direction. On a
  // torus with even k, an offset of exactly k/2 is minimal both ways; `tie` reports that case and
  // the returned offset is then +k/2.
  int minimal_offset(NodeId from, NodeId to, int dimension, bool* tie = nullptr) const;
  // The dimension-order hop from `from` towards `to` (lowest unfinished dimension, minimal
  // direction; an offset of exactly k/2 goes + at even coordinates, − at odd ones), or −1 if
  // from == to.
  int dimension_order_port(NodeId from, NodeId to) const;

 private:
  int k_;
  int n_;
  std::vector<DimensionKind> kinds_;
  std::vector<NodeId> stride_;
  NodeId routers_;
  int terminals_;
};

}  // namespace icn
