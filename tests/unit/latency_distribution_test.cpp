// The latency statistics as counts per value: the same count, sum, percentiles and maximum as the
// sorted list of every packet's latency, in memory that does not grow with the number of packets.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "stats/latency_distribution.h"

using namespace icn;

TEST_CASE("counts per latency give the sorted list's nearest-rank percentiles, sum and maximum", "[statistics]") {
  std::mt19937 random(7);
  // Mostly short latencies, a tail of long ones beyond the dense range.
  std::geometric_distribution<std::uint32_t> shape(0.02);
  std::vector<std::uint32_t> all;
  LatencyDistribution counted;
  for (int i = 0; i < 20000; ++i) {
    const std::uint32_t latency = i % 500 == 0 ? 5000 + shape(random) * 100 : 20 + shape(random);
    all.push_back(latency);
    counted.add(latency);
  }
  std::sort(all.begin(), all.end());
  const auto nearest_rank = [&](double q) { return all[std::size_t(std::ceil(q * double(all.size()))) - 1]; };
  CHECK(counted.count() == all.size());
  CHECK(counted.max() == all.back());
  std::uint64_t sum = 0;
  for (auto v : all) sum += v;
  CHECK(counted.sum() == sum);
  for (double q : {0.01, 0.5, 0.9, 0.99, 0.999, 1.0}) CHECK(counted.percentile(q) == nearest_rank(q));
  // Visited in increasing order, each value with its packets.
  std::vector<std::uint32_t> expanded;
  counted.for_each([&](std::uint32_t v, std::uint64_t n) { expanded.insert(expanded.end(), n, v); });
  CHECK(expanded == all);
}

TEST_CASE("a million packets are kept as their 200 distinct latencies, not one entry each", "[statistics]") {
  LatencyDistribution counted;
  std::size_t distinct = 0;
  for (int i = 0; i < 1000000; ++i) counted.add(std::uint32_t(30 + i % 200));
  counted.for_each([&](std::uint32_t, std::uint64_t) { ++distinct; });
  CHECK(counted.count() == 1000000);
  CHECK(distinct == 200);
  CHECK(counted.percentile(0.5) == 30 + 99);
  LatencyDistribution empty;
  CHECK(empty.empty());
  CHECK(empty.percentile(0.5) == 0);
}
