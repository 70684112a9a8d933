// The address map sends an access to the one range that holds all of its bytes (docs/tlm.md),
// whatever order the platform lists its ranges in.
#include <catch2/catch.hpp>

#include "tlm/address_map.h"

using namespace icn;

TEST_CASE("an access goes to the range that holds all its bytes, and nowhere when none does", "[tlm]") {
  // Listed out of address order, with a gap between 0x3000 and 0x8000.
  const AddressMap map({{0x8000, 0x100, 3, 0}, {0x1000, 0x1000, 1, 0}, {0x2000, 0x1000, 2, 1}, {0x0, 0x1000, 0, 0}});
  const auto node_of = [&](std::uint64_t address, std::uint64_t length) {
    const AddressRange* r = map.find(address, length);
    return r ? int(r->node) : -1;
  };
  CHECK(node_of(0x0, 4) == 0);
  CHECK(node_of(0xffc, 4) == 0);       // the last word of a range
  CHECK(node_of(0x1000, 64) == 1);     // the first byte of the next
  CHECK(node_of(0x2fff, 1) == 2);
  CHECK(node_of(0x2000, 0) == 2);      // a zero-length access needs its one address mapped
  CHECK(node_of(0xffe, 4) == -1);      // spans ranges 0 and 1
  CHECK(node_of(0x2ff0, 0x20) == -1);  // runs past the last byte into the gap
  CHECK(node_of(0x3000, 1) == -1);     // in the gap
  CHECK(node_of(0x80ff, 1) == 3);
  CHECK(node_of(0x8100, 1) == -1);     // past the highest range
  CHECK(map.find(0x2000, 8)->target == 1);
  CHECK(map.ranges().front().base == 0x8000);  // the platform's order is kept for the error messages

  // A hint is taken only when it holds the whole access.
  const AddressRange* second = map.find(0x1000, 4);
  CHECK(map.find(0x1ffc, 4, second) == second);
  CHECK(map.find(0x1ffe, 4, second) == nullptr);
  CHECK(map.find(0x0, 4, second)->node == 0);

  const AddressMap none;
  CHECK(none.find(0, 1) == nullptr);
}
