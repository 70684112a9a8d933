#pragma once
// The k-ary n-fly (virtual-channel paper sec. II, Fig. 4): n stages of k^(n−1) switches of k × k,
// k^n nodes. Node t injects at first-stage switch ⌊t/k⌋ (terminal slot t mod k) and is delivered by
// last-stage switch ⌊t/k⌋ (slot t mod k), so every node both sends and receives, as in the paper's
// simulations. Router r = s·k^(n−1) + i is switch i of stage s.
//
// Wiring: output port p of switch i at stage s < n − 1 replaces base-k digit n − 2 − s of i by p and
// enters that switch of stage s + 1 on the input port numbered by the digit it replaced. After the
// first n − 1 stages a packet's switch index is therefore the top n − 1 digits of its destination,
// whatever its source: destination-tag routing takes output port = digit n − 1 − s of the
// destination at stage s, and every path is n switches and n − 1 links long.
#include "topology/topology.h"

namespace icn {

class KaryNFly final : public Topology {
 public:
  static constexpr const char* kFamily = "k-ary n-fly";

  KaryNFly(int radix, int stages);

  std::string describe() const override;  // "2-ary 8-fly"
  NodeId node_count() const override { return nodes_; }
  NodeId router_count() const override { return NodeId(n_) * per_stage_; }
  bool is_direct() const override { return false; }
  int terminal_slots(NodeId router) const override;
  Attachment injection_point(NodeId node) const override { return Attachment{node / NodeId(k_), int(node % NodeId(k_))}; }
  Attachment delivery_point(NodeId node) const override {
    return Attachment{NodeId(n_ - 1) * per_stage_ + node / NodeId(k_), int(node % NodeId(k_))};
  }
  int network_ports() const override { return k_; }
  std::vector<int> position(NodeId router) const override {
    return {stage(router), int(router % NodeId(per_stage_))};
  }
  std::string layout() const override { return "stages"; }
  Link link(NodeId router, int output_port) const override;
  int distance(NodeId from, NodeId) const override { return n_ - 1 - stage(from); }  // on a path to the node
  int minimal_ports(NodeId from, NodeId to, int* out) const override;
  int deterministic_port(NodeId from, NodeId to) const override;
  // Each node injects into its own channel of every stage: 1 flit/node/cycle.
  double uniform_capacity() const override { return 1.0; }

  int radix() const { return k_; }
  int stages() const { return n_; }
  int stage(NodeId router) const { return int(router / per_stage_); }
  // Base-k digit `position` of node number `node` (0: least significant).
  int digit(NodeId node, int position) const { return int(node / power_[position] % NodeId(k_)); }

 private:
  int k_, n_;
  NodeId per_stage_, nodes_;
  std::vector<NodeId> power_;  // k^0 … k^n
};

}  // namespace icn
