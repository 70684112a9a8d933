// The routers' table of route candidates: each input VC keeps as many candidates as a route at its
// router can have, and a route with more is refused rather than written past its room.
#include <catch2/catch.hpp>

#include "router/route_table.h"

using namespace icn;

TEST_CASE("an input VC keeps its header's candidates in order, apart from every other VC's", "[route_table]") {
  RouteTable table;
  table.resize(3, 5);
  RouteResult first, second;
  first.add(0, 0b011, 0, true);
  first.add(2, 0b100, 1);
  for (int port = 0; port < 5; ++port) second.add(port, 1u << port);
  REQUIRE(table.store(1, first));
  REQUIRE(table.store(2, second));
  const RouteView one = table[1], two = table[2];
  REQUIRE(one.count == 2);
  CHECK(one.candidates[0].port == 0);
  CHECK(one.candidates[0].vc_mask == 0b011);
  CHECK(one.candidates[0].needs_empty_buffer);
  CHECK(one.candidates[1].port == 2);
  CHECK(one.candidates[1].group == 1);
  REQUIRE(two.count == 5);
  for (int port = 0; port < 5; ++port) CHECK(two.candidates[port].vc_mask == 1u << port);
  CHECK(table[0].count == 0);
}

TEST_CASE("a route with more candidates than the router keeps is refused and changes nothing", "[route_table]") {
  RouteTable table;
  table.resize(2, 3);
  RouteResult kept, too_many;
  kept.add(1, 0b1);
  for (int port = 0; port < 4; ++port) too_many.add(port, 0b1);
  REQUIRE(table.store(0, kept));
  CHECK_FALSE(table.store(0, too_many));
  REQUIRE(table[0].count == 1);
  CHECK(table[0].candidates[0].port == 1);
  CHECK(table[1].count == 0);
}
