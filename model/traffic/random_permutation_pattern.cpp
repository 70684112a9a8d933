// Random permutation: each node sends only to its image under a permutation drawn once per run
// (from the run's seed), uniformly among those that map no node to itself, so every node sends and
// every node receives from exactly one — BookSim's "randperm" without its idle fixed points. Unlike
// random_pair the partners need not send to each other.
#include <stdexcept>

#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "random_permutation", "each node sends to its image under a random permutation without fixed points, fixed by the seed",
    {},
    [](const PatternContext& c) {
      const NodeId nodes = c.topology.node_count();
      if (nodes < 2) throw std::invalid_argument("a permutation without fixed points needs at least 2 nodes");
      std::vector<NodeId> table(nodes);
      RandomStream random = make_stream(c.seed, RandomPurpose::PatternSetup, 1);
      // Uniform over derangements by rejection: about e ≈ 2.7 shuffles on average.
      for (bool fixed = true; fixed;) {
        for (NodeId i = 0; i < nodes; ++i) table[i] = i;
        for (NodeId i = nodes - 1; i > 0; --i) std::swap(table[i], table[random.below(i + 1)]);
        fixed = false;
        for (NodeId i = 0; i < nodes && !fixed; ++i) fixed = table[i] == i;
      }
      return std::make_unique<PermutationPattern>(std::move(table));
    }}};
}  // namespace
}  // namespace icn
