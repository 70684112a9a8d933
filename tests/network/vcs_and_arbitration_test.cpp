// Dally's virtual-channel results on the 16-ary 2-cube mesh with DOR and 32 flits of storage per
// physical channel (platforms/dally-16ary2cube-mesh.yaml).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "experiment.h"
#include "support/run_network.h"
#include "run_report.h"
#include "support/child_process.h"

using namespace icn;

namespace {

std::string dally_platform() { return std::string(ICNSIM_SOURCE_DIR) + "/platforms/dally-16ary2cube-mesh.yaml"; }

RunReport run(const std::vector<std::string>& overrides, const std::string& stimulus) {
  const std::string stimulus_file = "/tmp/icnsim-vcs-" + std::to_string(::getpid()) + ".yaml";
  std::ofstream(stimulus_file) << stimulus;
  return RunReport::from_json(testing::in_child_process([&] {
    std::vector<std::string> all = overrides;
    all.push_back("simulation.progress=false");
    auto* network = new Experiment("network", load_configuration(dally_platform(), stimulus_file, all));
    testing::run(*network);
    std::ostringstream out;
    write_json(out, make_report(*network));
    return out.str();
  }));
}

double saturation_throughput(int vcs, int seed = 1) {
  return run({"router.virtual_channels=" + std::to_string(vcs), "router.buffer_depth=" + std::to_string(32 / vcs),
              "simulation.cycles=15000", "simulation.warmup=5000", "simulation.seed=" + std::to_string(seed)},
             "injection: {process: saturation}\n")
      .accepted();
}

}  // namespace

TEST_CASE("Dally Fig. 19: with storage fixed, throughput rises from 1 to 4 VCs and changes little from 8 to 16",
          "[network][VCs][slow]") {
  // Measured: 4 VCs carry about 28 % more than 1 at saturation (65 % against 83 % of capacity);
  // Fig. 19 shows a larger rise on this network. 15 % is well inside the effect and far outside
  // the seed-to-seed spread (1.27 and 1.25 on seeds 1 and 2).
  for (int seed : {1, 2}) {
    const double one = saturation_throughput(1, seed), four = saturation_throughput(4, seed);
    INFO("seed " << seed << ": 1 VC " << one << ", 4 VCs " << four);
    CHECK(four > 1.15 * one);
  }
  const double eight = saturation_throughput(8), sixteen = saturation_throughput(16);
  INFO("8 VCs " << eight << ", 16 VCs " << sixteen);
  CHECK(std::abs(sixteen - eight) < 0.05 * eight);
}

TEST_CASE("Dally Fig. 17: oldest-first arbitration has a smaller latency spread than random at 50 % load",
          "[network][arbitration][slow]") {
  // 4 VCs of 8 flits; 0.125 flits/node/cycle is half the mesh's uniform capacity.
  const std::vector<std::string> common = {"router.virtual_channels=4", "router.buffer_depth=8",
                                           "simulation.cycles=25000", "simulation.warmup=5000"};
  const std::string stimulus = "injection: {rate: 0.125, unit: flits}\n";
  // Measured on seeds 1 and 2: standard deviation 30.3 against 33.4 cycles (0.91) at the same
  // throughput. 0.95 asks for half that narrowing; the seed-to-seed spread is about 0.3 %.
  for (const char* seed : {"1", "2"}) {
    auto with = [&](const char* policy) {
      auto o = common;
      o.push_back(std::string("router.arbitration=") + policy);
      o.push_back(std::string("simulation.seed=") + seed);
      return run(o, stimulus);
    };
    const RunReport oldest = with("oldest_first"), random = with("random");
    INFO("seed " << seed << ": latency stddev oldest-first " << oldest.latency().stddev << ", random "
                 << random.latency().stddev);
    CHECK(oldest.accepted() == Approx(random.accepted()).epsilon(0.02));
    CHECK(oldest.latency().stddev < 0.95 * random.latency().stddev);
  }
}
