// The packet pool recycles slots and counts the traffic still alive apart from metapackets: that
// count is what a drain phase asks the fabric for (Fabric::carries_traffic).
#include <catch2/catch.hpp>

#include "common/packet_pool.h"

using namespace icn;

TEST_CASE("the packet pool counts live traffic, not metapackets, and reuses released slots", "[packets]") {
  PacketPool pool;
  const PacketId data = pool.allocate();
  const PacketId meta = pool.allocate_metapacket();
  CHECK(pool[meta].kind == MessageKind::Metapacket);
  CHECK(pool[data].kind == MessageKind::Data);
  CHECK(pool.live() == 2);
  CHECK(pool.traffic_live() == 1);

  pool.release(meta);  // a metapacket returning to its master leaves the traffic count alone
  CHECK(pool.traffic_live() == 1);
  pool.release(data);
  CHECK(pool.traffic_live() == 0);
  CHECK(pool.live() == 0);

  const PacketId again = pool.allocate();  // a recycled slot starts as a fresh packet of traffic
  CHECK((again == data || again == meta));
  CHECK(pool[again].kind == MessageKind::Data);
  CHECK(pool.capacity() == 2);
  CHECK(pool.traffic_live() == 1);
}
