#pragma once
// VC allocation: which routed header takes which free output VC (docs/routing.md, "Allocation
// order and fairness").
//   * order: headers allocate oldest packet first (smallest injection cycle; router.vc_allocation:
//     oldest_first), or longest waiting at this router first (longest_waiting); ties go by a
//     priority among input VCs that rotates with the cycle, so none is favoured for good; or in an
//     order drawn afresh at random each time (random: no age or wait is favoured, Dally sec. V's
//     "allocated randomly" read for VCs as well as for channel bandwidth); or the higher traffic
//     class first, oldest packet first within a class (priority: Dally Fig. 18's priority traffic
//     "took precedence" in VC assignment too);
//   * selection function: within the first preference group of the routing function's candidates
//     that has an admissible VC (adaptive before escape), the VC with most credits — the emptiest
//     downstream buffer —; ties at random.
// A unit: the router hands it the headers and, for the selection, its admission rule and credits.
#include <algorithm>
#include <cstdint>
#include <utility>

#include "common/random_stream.h"
#include "common/types.h"
#include "router/router_config.h"
#include "routing/routing_function.h"

namespace icn {

class VcAllocator {
 public:
  VcAllocator(int input_vcs, VcAllocationOrder order, RandomStream selection, RandomStream shuffle)
      : input_vcs_(input_vcs), order_(order), selection_(selection), shuffle_(shuffle) {}

  // The rank of a header: smaller allocates first.
  std::pair<int, Cycle> rank(int priority, Cycle packet_injected, Cycle routed_at) const {
    switch (order_) {
      case VcAllocationOrder::LongestWaiting: return {0, routed_at};
      case VcAllocationOrder::Priority: return {-priority, packet_injected};
      default: return {0, packet_injected};
    }
  }

  // Sorts `headers[0..count)` (input VC indices) into allocation order; `rank_of(index)` gives
  // each one's rank. Insertion sort: a handful of headers per router and cycle.
  template <typename RankOf>
  void order(int* headers, int count, Cycle now, RankOf rank_of) {
    if (order_ == VcAllocationOrder::Random) {  // Fisher–Yates: every order equally likely
      for (int i = count - 1; i > 0; --i) std::swap(headers[i], headers[shuffle_.below(std::uint64_t(i + 1))]);
      return;
    }
    const int first = int(now % Cycle(input_vcs_));
    auto key = [&](int index) {
      const int rotated = index >= first ? index - first : index - first + input_vcs_;
      return std::make_pair(rank_of(index), rotated);
    };
    for (int i = 1; i < count; ++i)
      for (int j = i; j > 0 && key(headers[j]) < key(headers[j - 1]); --j) std::swap(headers[j], headers[j - 1]);
  }

  // The selection function over `route`; `admits(candidate, vc)` and `credits(port, vc)` describe
  // the output VCs. Returns false if no candidate VC admits the header now.
  template <typename Admits, typename Credits>
  bool select(RouteView route, Admits admits, Credits credits, int& port, int& vc) {
    int best_credits = -1, ties = 0, group = -1;
    port = -1;
    for (int c = 0; c < route.count; ++c) {
      const RouteCandidate& candidate = route.candidates[c];
      if (port >= 0 && candidate.group != group) break;
      for (std::uint32_t mask = candidate.vc_mask; mask; mask &= mask - 1) {
        const int ov = __builtin_ctz(mask);
        if (!admits(candidate, ov)) continue;
        const int free_slots = credits(candidate.port, ov);
        if (free_slots > best_credits) {
          port = candidate.port, vc = ov, best_credits = free_slots, ties = 1, group = candidate.group;
        } else if (free_slots == best_credits && selection_.below(std::uint64_t(++ties)) == 0) {
          port = candidate.port, vc = ov;
        }
      }
    }
    return port >= 0;
  }

 private:
  const int input_vcs_;
  const VcAllocationOrder order_;
  RandomStream selection_;  // ties of the selection function
  RandomStream shuffle_;    // the random order (its own stream: the other orders' runs are unchanged)
};

}  // namespace icn
