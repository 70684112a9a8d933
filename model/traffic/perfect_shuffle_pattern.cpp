// Perfect shuffle (self-tuned paper sec. 5.1, entropy paper Table 1 "shfl"): rotate the node
// number's bits left by one, (a_{b-1}, a_{b-2}, …, a_0) → (a_{b-2}, …, a_0, a_{b-1}).
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "perfect_shuffle", "destination = source bits rotated left by one (needs 2^b nodes)", {},
    [](const PatternContext& c) {
      const int bits = node_number_bits(c.topology);
      const NodeId mask = (NodeId(1) << bits) - 1;
      return permutation_of(c.topology, [bits, mask](NodeId s) {
        return bits == 0 ? s : ((s << 1) | (s >> (bits - 1))) & mask;
      });
    }}};
}  // namespace
}  // namespace icn
