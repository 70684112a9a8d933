#pragma once
// The k-ary n-tree, a fat tree of k × k-up, k-down switches (Petrini & Vanneschi, "k-ary n-trees:
// High Performance Networks for Massively Parallel Architectures", IPPS 1997): n levels of
// k^(n−1) switches between k^n nodes, every level as many channels up as there are nodes (full
// bisection). Switches carry no processors but the leaves' terminals: node t attaches to leaf switch
// ⌊t/k⌋, terminal slot t mod k. Router r = l·k^(n−1) + w is switch w of level l (0: the leaves).
//
// Wiring on the n − 1 base-k digits of w: up port k + j of a level-l switch (l < n − 1) replaces digit
// l of w by j and enters that level-(l + 1) switch on down port digit l of w; down port j of a
// level-l switch (l > 0) replaces digit l − 1 by j and enters on up port k + digit l − 1. A leaf's
// down ports and the top level's up ports lead nowhere (its terminals are slots).
//
// Minimal routes go up to a nearest common ancestor — level m + 1, m the highest digit at which the
// switch and the destination's leaf differ (digits below the switch's level do not count: the way
// down sets them) — by any up port, then down by the one port each level: digit l − 1 of the
// destination's leaf. At most 2(n − 1) router-to-router hops. Up before down is acyclic: deadlock-
// free on any VC.
#include <vector>

#include "topology/topology.h"

namespace icn {

class KaryNTree final : public Topology {
 public:
  static constexpr const char* kFamily = "k-ary n-tree";

  KaryNTree(int radix, int levels);

  std::string describe() const override;  // "4-ary 3-tree"
  NodeId node_count() const override { return nodes_; }
  NodeId router_count() const override { return NodeId(n_) * per_level_; }
  bool is_direct() const override { return false; }
  int terminal_slots(NodeId router) const override { return level(router) == 0 ? k_ : 0; }
  Attachment injection_point(NodeId node) const override { return Attachment{node / NodeId(k_), int(node % NodeId(k_))}; }
  Attachment delivery_point(NodeId node) const override { return injection_point(node); }
  int network_ports() const override { return 2 * k_; }
  Link link(NodeId router, int output_port) const override;
  int distance(NodeId from, NodeId to) const override;
  int minimal_ports(NodeId from, NodeId to, int* out) const override;
  // Up by digit l of the destination at level l (d-mod-k), down by the destination's leaf.
  int deterministic_port(NodeId from, NodeId to) const override;
  double uniform_capacity() const override { return 1.0; }  // full bisection: each node's own channel up every level
  std::string port_name(int port) const override;
  std::vector<int> position(NodeId router) const override { return {level(router), int(router % per_level_)}; }
  std::string layout() const override { return "levels"; }

  int radix() const { return k_; }
  int levels() const { return n_; }
  int level(NodeId router) const { return int(router / per_level_); }
  bool is_up(int port) const { return port >= k_; }
  // The level of the nearest common ancestor of router `from`'s subtree and node `to`'s leaf: the
  // level a packet must climb to (from's own level if it is on the way down already).
  int ancestor_level(NodeId from, NodeId to) const;
  // Base-k digit `position` of a switch index or node number (0: least significant).
  int digit(NodeId value, int position) const { return int(value / power_[std::size_t(position)] % NodeId(k_)); }

 private:
  int k_, n_;
  NodeId per_level_, nodes_;
  std::vector<NodeId> power_;  // k^0 … k^n
};

}  // namespace icn
