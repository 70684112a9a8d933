// The arbitration policies of a physical channel (Dally sec. III-C, Fig. 18).
#include <catch2/catch.hpp>

#include <map>

#include "router/arbitration_policy.h"

using namespace icn;

namespace {
std::unique_ptr<ArbitrationPolicy> make(const std::string& name) {
  return ArbitrationRegistry::get(name).create(ArbitrationContext{5, RandomStream(1, 3, 0)});
}
}  // namespace

TEST_CASE("round-robin serves every waiting requester in turn", "[arbitration]") {
  auto rr = make("round_robin");
  const ArbitrationRequest r[3] = {{0, 0, 0, 5}, {2, 1, 0, 3}, {4, 0, 0, 9}};
  CHECK(rr->choose(r, 3) == 0);
  CHECK(rr->choose(r, 3) == 1);
  CHECK(rr->choose(r, 3) == 2);
  CHECK(rr->choose(r, 3) == 0);
}

TEST_CASE("random arbitration picks every requester about equally often", "[arbitration]") {
  auto random = make("random");
  const ArbitrationRequest r[4] = {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}, {3, 0, 0, 0}};
  std::map<int, int> wins;
  for (int i = 0; i < 40000; ++i) ++wins[random->choose(r, 4)];
  for (int i = 0; i < 4; ++i) CHECK(wins[i] == Approx(10000).epsilon(0.05));
}

TEST_CASE("oldest first picks the earliest-created packet", "[arbitration]") {
  auto oldest = make("oldest_first");
  CHECK(oldest->uses_age());
  const ArbitrationRequest r[3] = {{0, 0, 1, 50}, {1, 0, 0, 20}, {3, 2, 0, 30}};
  CHECK(oldest->choose(r, 3) == 1);
}

TEST_CASE("priority classes win over age, age decides within a class", "[arbitration]") {
  auto priority = make("priority");
  const ArbitrationRequest r[4] = {{0, 0, 0, 1}, {1, 0, 1, 90}, {2, 0, 1, 40}, {3, 0, 0, 0}};
  CHECK(priority->choose(r, 4) == 2);  // class 1, older of the two
  const ArbitrationRequest same[2] = {{0, 0, 0, 8}, {1, 0, 0, 4}};
  CHECK(priority->choose(same, 2) == 1);
}
