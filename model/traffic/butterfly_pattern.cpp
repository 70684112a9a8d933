// Butterfly (Trans-t paper's pattern; Dally & Towles' definition): swap the most and the least
// significant bits of the node number.
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "butterfly", "destination = source with its highest and lowest bits swapped (needs 2^b nodes)", {},
    [](const PatternContext& c) {
      const int bits = node_number_bits(c.topology);
      return permutation_of(c.topology, [bits](NodeId s) {
        if (bits < 2) return s;
        const NodeId high = (s >> (bits - 1)) & 1u, low = s & 1u;
        return (s & ~((NodeId(1) << (bits - 1)) | 1u)) | (low << (bits - 1)) | high;
      });
    }}};
}  // namespace
}  // namespace icn
