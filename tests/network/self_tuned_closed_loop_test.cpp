// The self-tuned controller as a closed loop on the paper's recovery network (sec. 5.1: 16-ary
// 2-cube, TFAR, Disha, 8-cycle timeout) past saturation, watched through its sampled threshold:
// it moves, it moves only at tuning decisions (every 96 cycles = 3 gathers of g = 32), it comes
// down after a collapse, and it beats a static threshold set too high over several seeds.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <set>
#include <sstream>

#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"

using namespace icn;

namespace {

const char* kRecovery = "network: {radix: 16, dimensions: 2}\nrouter: {virtual_channels: 3, buffer_depth: 8}\n"
                        "routing: {type: tfar}\ndeadlock: {recovery: disha, timeout: 8}\n"
                        "simulation: {cycles: 20000, warmup: 10000, sample_interval: 32, progress: false}\n";
const char* kOverload = "packet_length: 16\ninjection: {rate: 0.64, unit: flits}\n";  // about 2x saturation

struct ThresholdTrace {
  double accepted = 0;
  std::vector<std::uint64_t> cycles;
  std::vector<double> thresholds;
};

ThresholdTrace run(const std::vector<std::string>& overrides) {
  std::istringstream in(testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration_text(kRecovery, kOverload, overrides));
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::ostringstream out;
    out << r.accepted() << " " << r.series().size();
    for (const auto& s : r.series()) {
      double threshold = -1;
      for (const auto& [name, value] : s.controller)
        if (name == "threshold") threshold = value;
      out << " " << s.cycle << " " << threshold;
    }
    return out.str();
  }));
  ThresholdTrace t;
  std::size_t samples = 0;
  in >> t.accepted >> samples;
  t.cycles.resize(samples);
  t.thresholds.resize(samples);
  for (std::size_t i = 0; i < samples; ++i) in >> t.cycles[i] >> t.thresholds[i];
  return t;
}

}  // namespace

TEST_CASE("self-tuned's threshold moves, and only at its tuning decisions", "[network][congestion][self-tuned]") {
  const ThresholdTrace t = run({"congestion_control.type=self_tuned"});
  REQUIRE(t.thresholds.size() == 20000 / 32);
  std::set<double> values(t.thresholds.begin(), t.thresholds.end());
  INFO(values.size() << " distinct thresholds");
  CHECK(values.size() >= 5);
  // Every change of the threshold falls in the same phase of the 96-cycle decision period: samples
  // every gather (32 cycles) see a change at most every third sample.
  std::set<std::uint64_t> phases;
  std::size_t changes = 0;
  for (std::size_t i = 1; i < t.thresholds.size(); ++i)
    if (t.thresholds[i] != t.thresholds[i - 1]) {
      ++changes;
      phases.insert(t.cycles[i] % 96);
    }
  CHECK(changes >= 20);
  CHECK(phases.size() == 1);
}

TEST_CASE("started too high to throttle, the threshold comes down after the collapse and throughput recovers",
          "[network][congestion][self-tuned][slow]") {
  // 50 % of the 3,072 buffers: the network saturates and collapses before the estimate reaches it.
  const ThresholdTrace tuned = run({"congestion_control.type=self_tuned", "congestion_control.initial_percent=50"});
  const ThresholdTrace base = run({"congestion_control.type=none"});
  INFO("threshold at start " << tuned.thresholds.front() << ", at end " << tuned.thresholds.back()
                             << "; accepted " << tuned.accepted << " against " << base.accepted << " without control");
  // Each drop takes 4 % of the buffers (122) off: the threshold must have come well down...
  CHECK(tuned.thresholds.back() < 0.6 * 1536);
  // ...and the network must be out of the collapse the uncontrolled one stays in (about 5 % of it).
  CHECK(tuned.accepted > 2 * base.accepted);
}

TEST_CASE("self-tuned beats a static threshold set too high, seed after seed", "[network][congestion][self-tuned][slow]") {
  // A static threshold of 90 % of the 3,072 buffers is only reached once the network is already
  // deadlocking: it collapses as without control (Fig. 4a's base ends near 1 % of capacity; here
  // about 3 %), while self-tuned holds most of its peak (about 75 %). A factor of 2 is far inside
  // that gap and far outside seed-to-seed noise (about 1 %).
  for (const char* seed : {"1", "2", "3"}) {
    const std::string s = std::string("simulation.seed=") + seed;
    const double tuned = run({"congestion_control.type=self_tuned", s}).accepted;
    const double fixed =
        run({"congestion_control.type=static_threshold", "congestion_control.threshold=2765", s}).accepted;
    INFO("seed " << seed << ": self-tuned " << tuned << ", static 2765 " << fixed);
    CHECK(tuned > 2 * fixed);
  }
}
