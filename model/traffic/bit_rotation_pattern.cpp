// Bit rotation (entropy paper Table 1 "brot"): rotate the node number's bits right by one,
// (w_{b-1}, …, w_1, w_0) → (w_0, w_{b-1}, …, w_1).
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "bit_rotation", "destination = source bits rotated right by one (needs 2^b nodes)", {},
    [](const PatternContext& c) {
      const int bits = node_number_bits(c.topology);
      return permutation_of(c.topology, [bits](NodeId s) {
        return bits == 0 ? s : (s >> 1) | ((s & 1u) << (bits - 1));
      });
    }}};
}  // namespace
}  // namespace icn
