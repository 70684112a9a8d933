// Deadlock detection for recovery, alone: a routed header blocked for the timeout counts as
// deadlocked, longest blocked first; under Disha only where the circulating token is.
#include <catch2/catch.hpp>

#include "deadlock/deadlock_recovery.h"

using namespace icn;

namespace {
DeadlockRecoveryConfig config(DeadlockRecoveryConfig::Kind kind) {
  DeadlockRecoveryConfig c;
  c.kind = kind;
  c.timeout = 8;
  return c;
}
}  // namespace

TEST_CASE("a routed header blocked for the timeout counts as deadlocked, the longest blocked first", "[deadlock][recovery]") {
  DeadlockRecovery software(config(DeadlockRecoveryConfig::Kind::Software), nullptr, 0);
  const DeadlockRecovery::Header headers[5] = {
      {true, 100, true},   // blocked since 100: deadlocked at 108
      {true, 95, true},    // longer
      {true, 90, false},   // not blocked (has a credit, or has not tried yet)
      {false, 50, true},   // no routed header at the front
      {true, 104, true},   // not yet 8 cycles
  };
  std::vector<int> found;
  software.detect(5, 108, [&](int i) { return headers[i]; }, found);
  CHECK(found == std::vector<int>{1, 0});
  software.detect(5, 112, [&](int i) { return headers[i]; }, found);
  CHECK(found == std::vector<int>{1, 0, 4});
}

TEST_CASE("under Disha a router recovers only while the circulating token is at it", "[deadlock][recovery]") {
  RecoveryToken token;
  token.set_nodes(4);
  DeadlockRecovery at_node2(config(DeadlockRecoveryConfig::Kind::Disha), &token, 2);
  const DeadlockRecovery::Header blocked{true, 0, true};
  std::vector<int> found;
  int recoveries_possible = 0;
  for (Cycle now = 100; now < 112; ++now) {
    at_node2.detect(1, now, [&](int) { return blocked; }, found);
    recoveries_possible += !found.empty();
    CHECK(found.empty() == !token.at(2, now));
  }
  CHECK(recoveries_possible == 3);  // one cycle in four
  at_node2.took_recovery_lane(7, 112);
  CHECK(token.held_by(7));
  at_node2.detect(1, 113, [&](int) { return blocked; }, found);
  CHECK(found.empty());  // the token is taken: nobody recovers until it is released
}
