#pragma once
// The measurement window's measures as the network interfaces counted them (NetworkStatistics): the
// load offered and accepted, the latencies and their histograms, the packets and the per-node counts,
// and their summary rows — reported once, into the result (common/result_sink.h); RunReport reads them
// back by path.
#include <cstdint>

#include "common/result_sink.h"
#include "common/types.h"
#include "stats/latency_distribution.h"

namespace icn {

class NetworkStatistics;

// A distribution in numbers; count 0: nothing measured (the result writes the others null).
struct LatencySummary {
  std::uint64_t count = 0;
  double mean = 0, stddev = 0, p50 = 0, p99 = 0, max = 0;
};
LatencySummary summarise(const LatencyDistribution& latencies);

// What the counts are measured against.
struct WindowFrame {
  NodeId nodes = 0;
  Cycle measured_cycles = 0;   // 0 if the run stopped in the warm-up
  double capacity = 0;         // ideal uniform-traffic throughput, flits/node/cycle
  double configured_load = 0;  // flits/node/cycle the stimulus asks for
  int histogram_bin_width = 1;
};

class WindowReport final : public ResultSource {
 public:
  WindowReport(const NetworkStatistics& statistics, WindowFrame frame) : statistics_(statistics), frame_(frame) {}
  void report(ResultSink& sink) const override;

 private:
  const NetworkStatistics& statistics_;
  WindowFrame frame_;
};

}  // namespace icn
