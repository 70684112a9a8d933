// Bit reversal (self-tuned paper sec. 5.1, entropy paper Table 1 "brev"):
// (a_{b-1}, …, a_1, a_0) → (a_0, a_1, …, a_{b-1}).
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "bit_reversal", "destination = source node number with its bits reversed (needs 2^b nodes)", {},
    [](const PatternContext& c) {
      const int bits = node_number_bits(c.topology);
      return permutation_of(c.topology, [bits](NodeId s) {
        NodeId d = 0;
        for (int i = 0; i < bits; ++i) d |= ((s >> i) & 1u) << (bits - 1 - i);
        return d;
      });
    }}};
}  // namespace
}  // namespace icn
