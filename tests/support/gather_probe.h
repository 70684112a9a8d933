#pragma once
// A node's stand-in for a congestion controller on a global gather (sideband or metapackets):
// supplies values that change with every gather, (node + 1)·(gather + 3) and 5·node + gather, and
// records what comes back and when.
#include <vector>

#include "common/cycle_clock.h"
#include "sideband/sideband.h"

namespace icn::testing {

struct GatherProbe : SidebandClient {
  NodeId node = 0;
  int gathers = 0;
  CycleClock* clock = nullptr;
  std::vector<std::vector<std::uint64_t>> given;  // per gather
  std::vector<std::uint64_t> sums0, sums1;
  std::vector<Cycle> taken, arrived;

  void sideband_values(std::uint64_t* v) override {
    v[0] = (node + 1) * std::uint64_t(gathers + 3);
    v[1] = node * 5 + std::uint64_t(gathers);
    given.push_back({v[0], v[1]});
    ++gathers;
  }
  void sideband_snapshot(Cycle t, Cycle now, const std::uint64_t* sums) override {
    taken.push_back(t);
    arrived.push_back(now);
    sums0.push_back(sums[0]);
    sums1.push_back(sums[1]);
  }
};

// Sums or arrival times that differ from the direct sums of what every probe gave.
inline long wrong_sums(const std::vector<GatherProbe>& probes) {
  long errors = 0;
  for (const auto& p : probes)
    for (std::size_t s = 0; s < p.sums0.size(); ++s) {
      std::uint64_t e0 = 0, e1 = 0;
      for (const auto& q : probes) {
        e0 += q.given[s][0];
        e1 += q.given[s][1];
      }
      errors += p.sums0[s] != e0 || p.sums1[s] != e1;
    }
  return errors;
}

}  // namespace icn::testing
