#pragma once
// The critical load of a ramp-load run (entropy paper sec. 5.1.2): offered load and accepted
// throughput per sample, each smoothed by a trailing moving average of `window` samples; the
// critical load is the smoothed offered load at the first sample where the smoothed throughput
// falls `degradation` (10 %) below it.
#include <optional>
#include <vector>

#include "stats/network_statistics.h"

namespace icn {

struct CriticalLoad {
  double offered = 0;   // flits/node/cycle
  Cycle cycle = 0;      // the sample where it was found
};

// Only samples of stimulus phase `phase` are used, and only once the smoothed offered load is at
// least `ignore_below` (below it, few packets per window make the ratio noise).
std::optional<CriticalLoad> find_critical_load(const std::vector<TimeSample>& series, std::uint64_t phase,
                                               std::size_t window, double degradation, double ignore_below = 0);

}  // namespace icn
