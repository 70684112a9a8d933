// Tornado. By default the entropy paper's Table 1 definition on node numbers,
// W → (W + ⌊k/2⌋) mod N (with dimension 0 varying fastest this moves half-way along dimension 0,
// carrying into dimension 1 past the end of a row), for any k and n. With per_dimension: true it
// is Dally & Towles' tornado instead: every coordinate c → (c + ⌈k/2⌉ − 1) mod k. Both move
// between routers (N their count) and keep a node's terminal slot.
#include "topology/kary_ncube.h"
#include "traffic/permutation_pattern.h"

namespace icn {
namespace {
const Registration<PatternRegistry> registration{{
    "tornado", "destination = (source + floor(k/2)) mod N (entropy paper Table 1)",
    {ParameterSpec::boolean("per_dimension", false,
                            "instead shift every coordinate by ceil(k/2) - 1 (Dally & Towles)")},
    [](const PatternContext& c) {
      const KaryNCube& t = require<KaryNCube>(c.topology, "the tornado pattern");
      const NodeId shift = NodeId(t.radix() / 2);
      if (!c.parameters.boolean("per_dimension"))
        return permutation_of(
            t, [&t, shift](NodeId s) { return t.node_of((t.router_of(s) + shift) % t.router_count(), t.slot_of(s)); });
      const int step = (t.radix() + 1) / 2 - 1;
      return permutation_of(t, [&t, step](NodeId s) {
        auto coordinates = t.coordinates(s);
        for (auto& x : coordinates) x = (x + step) % t.radix();
        return t.node_of(t.node_at(coordinates), t.slot_of(s));
      });
    }}};
}  // namespace
}  // namespace icn
