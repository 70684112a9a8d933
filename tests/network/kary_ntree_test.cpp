// A fat tree, the k-ary n-tree (Petrini & Vanneschi 1997), under nearest-common-ancestor routing:
// deadlock-free at full overload by every up-port rule (up before down), and carrying what its full
// bisection promises.
#include <catch2/catch.hpp>

#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "run_report.h"
#include "support/measured_run.h"
#include "support/sanitizer_scale.h"

using namespace icn;

namespace {

// 4-ary 3-tree: 64 nodes, 48 switches.
const char* kTree = "network:\n  topology: kary_ntree\n  radix: 4\n  levels: 3\nrouting:\n  type: nearest_common_ancestor\n"
                    "router:\n  virtual_channels: 2\n  buffer_depth: 8\n";

struct Outcome {
  double accepted = 0, latency = 0;
  std::uint64_t reports = 0;
};
Outcome run(const std::string& stimulus, int cycles, std::vector<std::string> overrides = {}) {
  const testing::Measured m = testing::measured_run(kTree, stimulus, cycles, std::move(overrides));
  return {m.accepted, m.network_latency, m.watchdog_reports};
}

}  // namespace

TEST_CASE("nearest-common-ancestor routing on a fat tree never deadlocks at full overload, by any up-port rule and "
          "on one VC: up before down", "[network][kary_ntree]") {
  for (const char* up : {"least_loaded", "random", "destination", "two_random"})
    for (const char* pattern : {"uniform", "bit_complement"}) {
      INFO(up << ", " << pattern);
      const Outcome o = run(std::string("packet_length: 8\npattern: {type: ") + pattern +
                                "}\ninjection:\n  process: saturation\n",
                            3000 + testing::long_run_cycles(5000),
                            {std::string("routing.up_port=") + up, "router.virtual_channels=1"});
      CHECK(o.reports == 0);
      CHECK(o.accepted > 0.2);
    }
}

TEST_CASE("on a fat tree d-mod-k routing carries bit complement almost without contention but funnels bit reversal "
          "through one up channel per leaf (1/k), which least-loaded up ports spread", "[network][kary_ntree]") {
  // Bit reversal gives the k nodes of a leaf destinations that agree in their low digits, which
  // d-mod-k climbs by: one up channel for all four, 0.25 flits/node/cycle. Complement keeps their
  // digits distinct. Measured (6,000 cycles, 2 VCs, full load): complement 0.933, reversal 0.250;
  // least loaded 0.785 and 0.632.
  const std::string full = "packet_length: 16\ninjection: {rate: 1, unit: flits}\npattern: {type: ";
  const Outcome complement = run(full + "bit_complement}\n", 6000, {"routing.up_port=destination"});
  const Outcome reversal = run(full + "bit_reversal}\n", 6000, {"routing.up_port=destination"});
  const Outcome spread = run(full + "bit_reversal}\n", 6000, {"routing.up_port=least_loaded"});
  INFO("d-mod-k: complement " << complement.accepted << ", reversal " << reversal.accepted << "; least loaded reversal "
                              << spread.accepted);
  CHECK(complement.accepted > 0.85);
  CHECK(reversal.accepted == Approx(0.25).margin(0.02));
  CHECK(spread.accepted > 2 * reversal.accepted);
}

TEST_CASE("on a fat tree the less loaded of two random up ports carries more than a random top switch and less than "
          "every up port's least loaded", "[network][kary_ntree]") {
  // Measured (64 nodes, 2 VCs x 8 flits, 16-flit packets, full load, 60,000 cycles): random 0.522,
  // two_random 0.583, least_loaded 0.605; BookSim 2's anca, the rule two_random follows, 0.574.
  auto full = [](const char* up) {
    return run("packet_length: 16\ninjection: {rate: 1, unit: flits}\n", 12000,
               {std::string("routing.up_port=") + up, "router.vc_allocation=longest_waiting"})
        .accepted;
  };
  const double random = full("random"), two = full("two_random"), least = full("least_loaded");
  INFO("random " << random << ", two_random " << two << ", least_loaded " << least);
  CHECK(two > 1.05 * random);
  CHECK(two < least);
}

TEST_CASE("uniform traffic on a fat tree below saturation is all delivered", "[network][kary_ntree]") {
  const Outcome o = run("packet_length: 8\ninjection: {rate: 0.5, unit: flits}\n", 5000);
  CHECK(o.reports == 0);
  CHECK(o.accepted == Approx(0.5).epsilon(0.05));
}

TEST_CASE("what a fat tree cannot have is refused in one line naming the key", "[kary_ntree][config]") {
  auto refusal = [](const std::vector<std::string>& overrides) {
    try {
      load_configuration_text(kTree, "", overrides);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(refusal({"network.levels=11"}), Catch::Contains("network.levels") && Catch::Contains("too many"));
  CHECK_THAT(refusal({"routing.type=minimal"}), Catch::Contains("needs a dragonfly or a HyperX (this network is a 4-ary 3-tree"));
  CHECK_THAT(refusal({"routing.type=dimension_order"}), Catch::Contains("needs a k-ary n-cube (this network is a 4-ary 3-tree"));
  CHECK_THAT(refusal({"routing.up_port=sideways"}), Catch::Contains("routing.up_port"));
  CHECK(refusal({}).empty());
}
