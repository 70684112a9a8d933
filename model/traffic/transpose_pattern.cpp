// Matrix transpose (entropy paper Table 1 "trns", realistic-loads paper "TR"): (X, Y) → (Y, X),
// on coordinates, so any radix works. For n > 2 the coordinate order is reversed,
// (c_0, c_1, …, c_{n-1}) → (c_{n-1}, …, c_1, c_0). A ring has no second coordinate, so there the
// node number is read as a square matrix index: its 2h bits' halves swap, (a_{2h-1} … a_h, a_{h-1} …
// a_0) → (a_{h-1} … a_0, a_{2h-1} … a_h), the bit-permutation transpose that the realistic-loads
// paper's 64-node ring uses (8 × 8), and the same map as (x, y) → (y, x) on a 2^h-ary 2-cube.
// Routers are what it maps: a node keeps its terminal slot.
#include <algorithm>

#include "topology/kary_ncube.h"
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "transpose", "destination = source coordinates in reverse order ((x, y) -> (y, x)); on a ring of 4^h nodes "
                 "the node number's bit halves swap", {},
    [](const PatternContext& c) {
      const KaryNCube& t = require<KaryNCube>(c.topology, "the transpose pattern");
      if (t.dimensions() < 2) {
        const int bits = exact_log2(t.router_count());
        if (bits < 0 || bits % 2)
          throw std::invalid_argument("on a ring it swaps the halves of the router number's bits and needs 4^h routers");
        const int half = bits / 2;
        const NodeId low = (NodeId(1) << half) - 1;
        return permutation_of(t, [&t, half, low](NodeId s) {
          const NodeId r = t.router_of(s);
          return t.node_of(((r & low) << half) | (r >> half), t.slot_of(s));
        });
      }
      return permutation_of(t, [&t](NodeId s) {
        auto coordinates = t.coordinates(s);
        std::reverse(coordinates.begin(), coordinates.end());
        return t.node_of(t.node_at(coordinates), t.slot_of(s));
      });
    }}};
}  // namespace
}  // namespace icn
