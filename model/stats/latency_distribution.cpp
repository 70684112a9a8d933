#include "stats/latency_distribution.h"

#include <cmath>

namespace icn {

std::uint32_t LatencyDistribution::percentile(double q) const {
  if (count_ == 0) return 0;
  const std::uint64_t rank = std::uint64_t(std::ceil(q * double(count_)));
  std::uint64_t below = 0;
  std::uint32_t found = max_;
  bool done = false;
  for_each([&](std::uint32_t value, std::uint64_t packets) {
    if (done) return;
    below += packets;
    if (below >= rank) {
      found = value;
      done = true;
    }
  });
  return found;
}

}  // namespace icn
