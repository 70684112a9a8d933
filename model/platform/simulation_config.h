#pragma once
// The run's own parameters (simulation.*): length, measurement window, seed, clock, watchdog and
// what is written besides the result.
#include <cstdint>
#include <string>
#include <vector>

#include "common/parameters.h"
#include "common/types.h"
#include "deadlock/watchdog_config.h"

namespace icn {

class Topology;

struct SimulationConfig {
  Cycle cycles = 0;
  Cycle warmup = 0;
  Cycle sample_interval = 0;
  std::uint64_t seed = 0;
  double clock_period_ns = 0;
  int histogram_bin_width = 0;
  bool progress = true;
  WatchdogConfig watchdog;
  double wall_limit = 0;         // seconds of wall-clock time after which the run stops (0: none)
  std::string vcd;               // a VCD file of the traced routers' links (empty: none)
  std::vector<NodeId> vcd_routers;  // the routers whose links and local channels are traced (empty: all)
  bool per_component_activity = false;  // simulation.activity: per_component
  Cycle spatial_sample_interval = 0;    // 0: no spatial samples
  std::size_t most_samples = 8192;      // the time series' bound (NetworkStatistics::set_most_samples)
  static constexpr Cycle kMostSpatialSamples = 2000;  // bounds the result's size

  // Every simulation.* key, relative to the section, with its default, range and description.
  static std::vector<ParameterSpec> parameters();
  // The typed values of a resolved section: the warm-up leaves a window, the traced routers exist.
  static SimulationConfig from(const ParameterSet& simulation, const Topology& topology);
};

}  // namespace icn
