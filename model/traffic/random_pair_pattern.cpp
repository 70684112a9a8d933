// Random pair (entropy paper Table 1 "rpar"): the nodes are paired at random once per run (from
// the run's seed) and each sends only to its partner. With an odd node count one node is left
// without a partner and sends nothing.
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "random_pair", "each node sends to a partner from a random pairing fixed by the seed", {},
    [](const PatternContext& c) {
      const NodeId nodes = c.topology.node_count();
      std::vector<NodeId> order(nodes);
      for (NodeId i = 0; i < nodes; ++i) order[i] = i;
      RandomStream random = make_stream(c.seed, RandomPurpose::PatternSetup, 0);
      for (NodeId i = nodes - 1; i > 0; --i) std::swap(order[i], order[random.below(i + 1)]);
      std::vector<NodeId> table(nodes);
      for (NodeId i = 0; i < nodes; ++i) table[i] = i;
      for (NodeId i = 0; i + 1 < nodes; i += 2) {
        table[order[i]] = order[i + 1];
        table[order[i + 1]] = order[i];
      }
      return std::make_unique<PermutationPattern>(std::move(table));
    }}};
}  // namespace
}  // namespace icn
