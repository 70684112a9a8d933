// The VC allocation stage alone: the order in which headers allocate, the selection function,
// and the admission rules for entering an output VC.
#include <catch2/catch.hpp>

#include <map>
#include <vector>

#include "router/admission.h"
#include "router/vc_allocator.h"

using namespace icn;

namespace {
// The allocator's two streams: ties of the selection function, and the random order.
VcAllocator allocator_with(int input_vcs, VcAllocationOrder order, std::uint64_t seed) {
  return VcAllocator(input_vcs, order, make_stream(seed, RandomPurpose::RoutingSelection, 0),
                     make_stream(seed, RandomPurpose::VcAllocationOrder, 0));
}
}  // namespace

TEST_CASE("headers allocate oldest packet first; with longest_waiting, earliest routed first", "[vc_allocation]") {
  // Input VCs 0..5; injection cycles and routing cycles disagree on who is first.
  const Cycle injected[6] = {50, 10, 30, 20, 40, 60};
  const Cycle routed[6] = {1, 9, 3, 8, 2, 0};
  for (bool oldest : {true, false}) {
    VcAllocator allocator = allocator_with(6, oldest ? VcAllocationOrder::OldestFirst : VcAllocationOrder::LongestWaiting, 1);
    std::vector<int> headers{0, 1, 2, 3, 4, 5};
    allocator.order(headers.data(), 6, 0, [&](int i) { return allocator.rank(0, injected[i], routed[i]); });
    const std::vector<int> expected = oldest ? std::vector<int>{1, 3, 2, 4, 0, 5} : std::vector<int>{5, 0, 4, 2, 3, 1};
    CHECK(headers == expected);
  }
}

TEST_CASE("with priority, the higher traffic class allocates first, and the oldest packet within a class",
          "[vc_allocation]") {
  const int priority[5] = {0, 1, 0, 1, 0};
  const Cycle injected[5] = {10, 40, 5, 30, 20};
  VcAllocator allocator = allocator_with(5, VcAllocationOrder::Priority, 1);
  std::vector<int> headers{0, 1, 2, 3, 4};
  allocator.order(headers.data(), 5, 0, [&](int i) { return allocator.rank(priority[i], injected[i], 0); });
  CHECK(headers == std::vector<int>{3, 1, 2, 0, 4});
}

TEST_CASE("equal ranks go by a priority that rotates with the cycle, so no input VC is favoured for good",
          "[vc_allocation]") {
  VcAllocator allocator = allocator_with(4, VcAllocationOrder::OldestFirst, 1);
  std::map<int, int> first;
  for (Cycle now = 0; now < 400; ++now) {
    std::vector<int> headers{0, 1, 2, 3};
    allocator.order(headers.data(), 4, now, [](int) { return Cycle(7); });
    ++first[headers[0]];
  }
  for (int i = 0; i < 4; ++i) CHECK(first[i] == 100);
}

TEST_CASE("with random, every order of the headers is equally likely whatever their age or wait", "[vc_allocation]") {
  VcAllocator allocator = allocator_with(3, VcAllocationOrder::Random, 5);
  const Cycle injected[3] = {10, 20, 30};
  std::map<std::vector<int>, int> seen;
  for (Cycle now = 0; now < 6000; ++now) {
    std::vector<int> headers{0, 1, 2};
    allocator.order(headers.data(), 3, now, [&](int i) { return allocator.rank(0, injected[i], injected[i]); });
    ++seen[headers];
  }
  REQUIRE(seen.size() == 6);  // all 3! orders occur
  for (const auto& [order, count] : seen) CHECK(count == Approx(1000).margin(150));
}

TEST_CASE("the selection function takes the first preference group with an admissible VC, then the most credits",
          "[vc_allocation]") {
  VcAllocator allocator = allocator_with(8, VcAllocationOrder::OldestFirst, 1);
  RouteResult route;
  route.add(0, 0b100, 0);  // adaptive on port 0
  route.add(2, 0b100, 0);  // adaptive on port 2
  route.add(0, 0b011, 1);  // escape on port 0
  std::map<std::pair<int, int>, int> credits{{{0, 2}, 3}, {{2, 2}, 6}, {{0, 0}, 8}, {{0, 1}, 8}};
  auto credit = [&](int port, int vc) { return credits[{port, vc}]; };
  int port = -1, vc = -1;
  // Both adaptive VCs admit: the one with more credits, though the escape VCs have more still.
  REQUIRE(allocator.select(route, [](const RouteCandidate&, int) { return true; }, credit, port, vc));
  CHECK(port == 2);
  CHECK(vc == 2);
  // No adaptive VC admits: the escape group.
  REQUIRE(allocator.select(route, [](const RouteCandidate& c, int) { return c.group == 1; }, credit, port, vc));
  CHECK(port == 0);
  CHECK(vc <= 1);
  // Nothing admits.
  CHECK_FALSE(allocator.select(route, [](const RouteCandidate&, int) { return false; }, credit, port, vc));
}

TEST_CASE("ties in the selection function are broken at random", "[vc_allocation]") {
  VcAllocator allocator = allocator_with(8, VcAllocationOrder::OldestFirst, 3);
  RouteResult route;
  route.add(1, 0b111, 0);
  std::map<int, int> chosen;
  for (int i = 0; i < 3000; ++i) {
    int port = -1, vc = -1;
    allocator.select(route, [](const RouteCandidate&, int) { return true; }, [](int, int) { return 4; }, port, vc);
    ++chosen[vc];
  }
  for (int v = 0; v < 3; ++v) CHECK(chosen[v] == Approx(1000).margin(150));
}

TEST_CASE("admission: Duato's empty buffer, cut-through room, and bubble room for entering and continuing packets",
          "[vc_allocation][admission]") {
  // credits, depth, packet length (0: wormhole), needs empty, bubble, continuing
  CHECK(admitted({1, 8, 0, false, false, false}));       // wormhole: any free VC
  CHECK_FALSE(admitted({7, 8, 0, true, false, false}));  // Duato's adaptive VC: only empty
  CHECK(admitted({8, 8, 0, true, false, false}));
  CHECK_FALSE(admitted({7, 8, 8, false, false, false}));  // cut-through: the whole packet must fit
  CHECK(admitted({8, 8, 8, false, false, false}));
  CHECK_FALSE(admitted({15, 16, 8, false, true, false}));  // bubble, entering: room for two packets
  CHECK(admitted({16, 16, 8, false, true, false}));
  CHECK(admitted({8, 16, 8, false, true, true}));         // bubble, continuing: room for one
  CHECK_FALSE(admitted({7, 16, 8, false, true, true}));
}
