#pragma once
// Per input VC, the route candidates of the header it holds. Each VC has room for as many
// candidates as a route at its router can have (docs/design.md, "Large networks"), not
// RouteResult's worst case of 16: on a 2-D torus 5 slots, 44 bytes a VC instead of 132.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "routing/routing_function.h"

namespace icn {

class RouteTable {
 public:
  void resize(int entries, int capacity) {
    capacity_ = capacity;
    candidates_.assign(std::size_t(entries) * std::size_t(capacity), RouteCandidate{});
    counts_.assign(std::size_t(entries), 0);
    ports_.assign(std::size_t(entries), 0);
  }
  RouteView operator[](int index) const {
    return {&candidates_[std::size_t(index) * std::size_t(capacity_)], counts_[std::size_t(index)]};
  }
  // Keeps `route` as input VC `index`'s; false, keeping nothing, if it has more candidates than fit.
  bool store(int index, const RouteResult& route) {
    if (route.count > capacity_) return false;
    RouteCandidate* out = &candidates_[std::size_t(index) * std::size_t(capacity_)];
    std::uint64_t ports = 0;
    for (int c = 0; c < route.count; ++c) {
      out[c] = route.candidates[c];
      ports |= std::uint64_t(1) << route.candidates[c].port;
    }
    counts_[std::size_t(index)] = std::uint8_t(route.count);
    ports_[std::size_t(index)] = ports;
    return true;
  }
  // The output ports input VC `index`'s candidates lead to, as a mask (a router has at most 64 ports).
  std::uint64_t ports(int index) const { return ports_[std::size_t(index)]; }

 private:
  int capacity_ = 0;
  std::vector<RouteCandidate> candidates_;
  std::vector<std::uint8_t> counts_;
  std::vector<std::uint64_t> ports_;
};

}  // namespace icn
