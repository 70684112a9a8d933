#pragma once
// Patterns where every packet of a node goes to one fixed destination (bit permutations,
// transpose, tornado, random pair): the table is computed once per run.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "topology/topology.h"
#include "traffic/destination_pattern.h"

namespace icn {

class PermutationPattern final : public DestinationPattern {
 public:
  explicit PermutationPattern(std::vector<NodeId> table) : table_(std::move(table)) {}
  // A node mapped to itself sends nothing (the generator skips such packets).
  NodeId destination(NodeId source, RandomStream&) const override { return table_[source]; }

 private:
  std::vector<NodeId> table_;
};

inline std::unique_ptr<DestinationPattern> permutation_of(const Topology& topology,
                                                          const std::function<NodeId(NodeId)>& map) {
  std::vector<NodeId> table(topology.node_count());
  for (NodeId node = 0; node < topology.node_count(); ++node) table[node] = map(node);
  return std::make_unique<PermutationPattern>(std::move(table));
}

// b where count = 2^b, or −1 if count is no power of two.
inline int exact_log2(NodeId count) { return count && !(count & (count - 1)) ? __builtin_ctz(count) : -1; }

// Bit permutations are defined on the b bits of the node number, so they need 2^b nodes.
inline int node_number_bits(const Topology& topology) {
  const int bits = exact_log2(topology.node_count());
  if (bits < 0) throw std::invalid_argument("it is defined on node-number bits and needs a power-of-two node count");
  return bits;
}

}  // namespace icn
