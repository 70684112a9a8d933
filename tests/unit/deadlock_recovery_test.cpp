// Deadlock detection for recovery, alone: a header blocked for the threshold is presumed
// deadlocked, longest blocked first; with inactivity detection (Trans-t sec. 4, its ref. [10]) only
// once the channels it requests have also been idle that long; under Disha only where the
// circulating token is.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "deadlock/deadlock_recovery.h"
#include "router/router_config.h"

using namespace icn;

namespace {
DeadlockRecoveryConfig config(const std::string& recovery,
                              DeadlockRecoveryConfig::Detection detection = DeadlockRecoveryConfig::Detection::Timeout) {
  DeadlockRecoveryConfig c;
  c.select(recovery);
  c.detection = detection;
  c.timeout = 8;
  return c;
}
// Under time-out detection the requested channels' activity is never asked.
const auto kNeverAsked = [](int) -> Cycle { FAIL("asked for channel activity under time-out detection"); return 0; };
}  // namespace

TEST_CASE("a header blocked for the timeout counts as deadlocked, the longest blocked first", "[deadlock][recovery]") {
  DeadlockRecovery software(config("software"), nullptr, 0);
  const DeadlockRecovery::Header headers[5] = {
      {true, 100},  // blocked since 100: deadlocked at 108
      {true, 95},   // longer
      {false, 90},  // not blocked (has a credit, has not tried yet, or no header at the front)
      {false, 50},
      {true, 104},  // not yet 8 cycles
  };
  std::vector<int> found;
  software.detect(5, 108, [&](int i) { return headers[i]; }, kNeverAsked, found);
  CHECK(found == std::vector<int>{1, 0});
  software.detect(5, 112, [&](int i) { return headers[i]; }, kNeverAsked, found);
  CHECK(found == std::vector<int>{1, 0, 4});
}

TEST_CASE("with inactivity detection a blocked header is presumed deadlocked only once every channel it requests has "
          "been idle for the threshold",
          "[deadlock][recovery]") {
  DeadlockRecovery software(config("software", DeadlockRecoveryConfig::Detection::Inactivity),
                            nullptr, 0);
  const DeadlockRecovery::Header headers[3] = {{true, 100}, {true, 100}, {true, 105}};
  // Header 0's requested channels last carried a flit at 90 (idle), header 1's at 106 (moving),
  // header 2's at 90 but it has been blocked only since 105.
  const Cycle last_activity[3] = {90, 106, 90};
  int asked = 0;
  std::vector<int> found;
  software.detect(3, 110, [&](int i) { return headers[i]; }, [&](int i) { ++asked; return last_activity[i]; }, found);
  CHECK(found == std::vector<int>{0});
  CHECK(asked == 2);  // only headers blocked for the threshold are asked about
  software.detect(3, 114, [&](int i) { return headers[i]; }, [&](int i) { return last_activity[i]; }, found);
  CHECK(found == std::vector<int>{0, 1, 2});  // channel 1 idle since 106, header 2 blocked since 105
}

TEST_CASE("under Disha a router recovers only while the circulating token is at it", "[deadlock][recovery]") {
  RecoveryToken token;
  token.set_nodes(4);
  DeadlockRecovery at_node2(config("disha"), &token, 2);
  const DeadlockRecovery::Header blocked{true, 0};
  std::vector<int> found;
  int recoveries_possible = 0;
  for (Cycle now = 100; now < 112; ++now) {
    at_node2.detect(1, now, [&](int) { return blocked; }, kNeverAsked, found);
    recoveries_possible += !found.empty();
    CHECK(found.empty() == !token.at(2, now));
  }
  CHECK(recoveries_possible == 3);  // one cycle in four
  at_node2.took_recovery_vc(7, 112);
  CHECK(token.held_by(7));
  at_node2.detect(1, 113, [&](int) { return blocked; }, kNeverAsked, found);
  CHECK(found.empty());  // the token is taken: nobody recovers until it is released
}

TEST_CASE("a recovery mechanism is its registry entry: the VCs it declares are the router's, its need of the token "
          "gates recovery", "[deadlock][recovery][registry]") {
  CHECK(RecoveryRegistry::names() == std::vector<std::string>{"disha", "none", "software"});
  RouterConfig router;
  router.virtual_channels = 3;
  CHECK(vcs_per_port(router, config("none")) == 3);
  CHECK(vcs_per_port(router, config("disha")) == 4);  // Disha's recovery VC after the data VCs
  CHECK(vcs_per_port(router, config("software")) == 3);
  router.metapacket_vc = true;
  CHECK(metapacket_vc(router, config("disha")) == 4);  // the metapackets' VC after the recovery VC
  RecoveryToken token;
  token.set_nodes(4);  // it circulates one node a cycle: at node n in cycles n, n + 4, …
  CHECK(DeadlockRecovery(config("software"), nullptr, 3).may_recover(100));  // no token needed
  CHECK_FALSE(DeadlockRecovery(config("none"), &token, 0).may_recover(0));
  CHECK_FALSE(DeadlockRecovery(config("disha"), &token, 3).may_recover(0));  // the token is elsewhere
  CHECK(DeadlockRecovery(config("disha"), &token, 0).may_recover(0));
}
