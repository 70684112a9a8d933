// The critical load of a ramp: the smoothed offered load where smoothed throughput first falls
// 10 % below it (entropy paper sec. 5.1.2).
#include <catch2/catch.hpp>

#include <algorithm>

#include "stats/critical_load.h"

using namespace icn;

namespace {
std::vector<TimeSample> ramp_into_ceiling(double ceiling, std::uint64_t phase = 0) {
  std::vector<TimeSample> series;
  for (int i = 0; i < 100; ++i) {
    TimeSample s;
    s.cycle = Cycle(i * 100 + 99);
    s.offered = s.attempted = 0.01 * i;    // the ramp
    s.accepted = std::min(s.offered, ceiling);  // a network that saturates at `ceiling`
    s.phase = phase;
    series.push_back(s);
  }
  return series;
}
}  // namespace

TEST_CASE("the critical load is where throughput first falls 10 % below the offered load", "[ramp]") {
  // Unsmoothed: 0.3 < 0.9 × offered first at offered 0.34.
  auto c = find_critical_load(ramp_into_ceiling(0.3), 0, 1, 0.1);
  REQUIRE(c);
  CHECK(c->offered == Approx(0.34));
  CHECK(c->cycle == 3499);
  // Smoothed over 5 samples the decision comes later, with the mean offered load of the window.
  auto smoothed = find_critical_load(ramp_into_ceiling(0.3), 0, 5, 0.1);
  REQUIRE(smoothed);
  CHECK(smoothed->offered > 0.33);
  CHECK(smoothed->offered < 0.40);
  // A 20 % criterion is met later than a 10 % one.
  CHECK(find_critical_load(ramp_into_ceiling(0.3), 0, 1, 0.2)->offered == Approx(0.38));
}

TEST_CASE("no critical load in a network that never saturates, or in another phase, or below the noise floor", "[ramp]") {
  CHECK_FALSE(find_critical_load(ramp_into_ceiling(2.0), 0, 1, 0.1));
  CHECK_FALSE(find_critical_load(ramp_into_ceiling(0.3, 1), 0, 1, 0.1));
  auto noisy = ramp_into_ceiling(0.3);
  noisy[2].accepted = 0.0;  // a lost sample at 0.02 offered
  CHECK(find_critical_load(noisy, 0, 1, 0.1)->offered == Approx(0.02));
  CHECK(find_critical_load(noisy, 0, 1, 0.1, 0.05)->offered == Approx(0.34));
}
