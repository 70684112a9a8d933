// Matrix transpose (entropy paper Table 1 "trns", realistic-loads paper "TR"): (X, Y) → (Y, X),
// on coordinates, so any radix works. For n > 2 the coordinate order is reversed,
// (c_0, c_1, …, c_{n-1}) → (c_{n-1}, …, c_1, c_0); a ring (n = 1) has nothing to transpose.
#include <algorithm>

#include "topology/kary_ncube.h"
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "transpose", "destination = source coordinates in reverse order ((x, y) -> (y, x)); needs n >= 2", {},
    [](const PatternContext& c) {
      const KaryNCube& t = require<KaryNCube>(c.topology, "the transpose pattern");
      if (t.dimensions() < 2) throw std::invalid_argument("transpose needs at least 2 dimensions");
      return permutation_of(t, [&t](NodeId s) {
        auto coordinates = t.coordinates(s);
        std::reverse(coordinates.begin(), coordinates.end());
        return t.node_at(coordinates);
      });
    }}};
}  // namespace
}  // namespace icn
