// Bit complement (self-tuned paper sec. 5.1, entropy paper Table 1 "bcmp"): every bit of the node
// number inverted.
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "bit_complement", "destination = source bits complemented (needs 2^b nodes)", {},
    [](const PatternContext& c) {
      const NodeId mask = (NodeId(1) << node_number_bits(c.topology)) - 1;
      return permutation_of(c.topology, [mask](NodeId s) { return ~s & mask; });
    }}};
}  // namespace
}  // namespace icn
