// The self-tuned paper's rules, one by one: hill climbing (Table 1, sec. 4.1), local-maxima
// avoidance (sec. 4.2), and ALO (sec. 5.1).
#include <catch2/catch.hpp>

#include "congestion/alo_rule.h"
#include "congestion/hill_climbing.h"

using namespace icn;
using D = HillClimbing::Decision;

namespace {
HillClimbing tuner(double initial = 100) {
  return HillClimbing(HillClimbing::Parameters{initial, 30, 122, 0.75, 0.75, 5});
}
}  // namespace

TEST_CASE("Table 1: a drop always decreases; no drop increases when throttling and keeps otherwise", "[hill-climbing]") {
  {  // drop, throttling
    auto t = tuner(500);
    t.decide(1000, 10, false);
    CHECK(t.decide(700, 10, true) == D::Decrease);
    CHECK(t.threshold() == 500 - 122);
  }
  {  // drop, not throttling
    auto t = tuner(500);
    t.decide(1000, 10, false);
    CHECK(t.decide(740, 10, false) == D::Decrease);
    CHECK(t.threshold() == 500 - 122);
  }
  {  // no drop, throttling
    auto t = tuner(500);
    t.decide(1000, 10, false);
    CHECK(t.decide(1000, 10, true) == D::Increase);
    CHECK(t.threshold() == 530);
  }
  {  // no drop, not throttling
    auto t = tuner(500);
    t.decide(1000, 10, false);
    CHECK(t.decide(1000, 10, false) == D::Keep);
    CHECK(t.threshold() == 500);
  }
}

TEST_CASE("a drop means less than 75 % of the previous period's throughput", "[hill-climbing]") {
  auto exactly = tuner(500);
  exactly.decide(1000, 10, false);
  CHECK(exactly.decide(750, 10, true) == D::Increase);  // 75 % is no drop (nor below 75 % of the maximum)
  auto below = tuner(500);
  below.decide(1000, 10, false);
  CHECK(below.decide(749, 10, true) == D::Decrease);
}

namespace {
// Creeps into saturation: from a maximum of 1000, 800 then 700 — never a 25 % drop from one period
// to the next, but 700 is below 75 % of the maximum.
D creep(HillClimbing& t, double full_at_max, bool throttling_at_max) {
  t.decide(1000, full_at_max, throttling_at_max);
  t.decide(800, 900, true);
  return t.decide(700, 900, true);
}
}  // namespace

TEST_CASE("a gradual fall below the maximum resets the threshold to min(Tmax, Nmax), both ways", "[hill-climbing]") {
  {  // Nmax < Tmax: the network was not throttling at its best, Tmax may be too high
    auto t = tuner(400);
    CHECK(creep(t, 150, false) == D::ResetToMaximum);
    CHECK(t.threshold() == 150);
  }
  {  // Tmax < Nmax: it was throttling at its best, so throttle at Tmax again
    auto t = tuner(200);
    CHECK(creep(t, 800, true) == D::ResetToMaximum);
    CHECK(t.threshold() == 200);
  }
}

TEST_CASE("after 5 consecutive resets the maximum is forgotten and searched anew", "[hill-climbing]") {
  auto t = tuner(300);
  REQUIRE(creep(t, 100, false) == D::ResetToMaximum);
  CHECK(t.consecutive_resets() == 1);
  for (int i = 2; i <= 4; ++i) {
    CHECK(t.decide(700, 900, true) == D::ResetToMaximum);
    CHECK(t.consecutive_resets() == i);
    CHECK(t.maximum() == 1000);
  }
  CHECK(t.decide(700, 900, true) == D::ResetToMaximum);  // the fifth
  CHECK(t.maximum() == 0);                               // forgotten
  CHECK(t.decide(700, 900, true) == D::Increase);        // 700 is the new maximum
  CHECK(t.maximum() == 700);
  // A period without a reset breaks the run of resets.
  auto u = tuner(300);
  creep(u, 100, false);
  u.decide(800, 100, false);
  CHECK(u.consecutive_resets() == 0);
}

TEST_CASE("a forgotten maximum is searched for again from the initial threshold, not from the failed reset value",
          "[hill-climbing]") {
  // Five resets to min(Tmax, Nmax) = 100 have not held the network: that value is too high.
  const auto five_resets = [](HillClimbing& t) {
    REQUIRE(creep(t, 100, false) == D::ResetToMaximum);
    for (int i = 2; i <= 5; ++i) REQUIRE(t.decide(700, 900, true) == D::ResetToMaximum);
    REQUIRE(t.maximum() == 0);
  };
  auto restart = tuner(300);
  five_resets(restart);
  CHECK(restart.threshold() == 300);  // the initial value, where sec. 4.1 begins
  CHECK(restart.decide(700, 900, true) == D::Increase);
  CHECK(restart.threshold() == 330);

  auto keep = HillClimbing(HillClimbing::Parameters{300, 30, 122, 0.75, 0.75, 5, false});
  five_resets(keep);
  CHECK(keep.threshold() == 100);  // stays at the reset value
  keep.decide(700, 900, true);
  CHECK(keep.threshold() == 130);
}

TEST_CASE("ALO admits when every useful channel has a free VC or one has all VCs free", "[alo]") {
  const int vcs = 3;
  const int all_some[] = {1, 2};
  CHECK(alo_admits(all_some, 2, vcs));  // every useful channel has a free VC
  const int one_full_one_free[] = {0, 3};
  CHECK(alo_admits(one_full_one_free, 2, vcs));  // one useful channel has all its VCs free
  const int one_full_one_partly[] = {0, 2};
  CHECK_FALSE(alo_admits(one_full_one_partly, 2, vcs));  // neither clause
  const int single_busy[] = {0};
  CHECK_FALSE(alo_admits(single_busy, 1, vcs));
  const int single_partly[] = {1};
  CHECK(alo_admits(single_partly, 1, vcs));
  CHECK(alo_admits(nullptr, 0, vcs));  // a packet for this node
}
