// A HyperX (Ahn et al., SC 2009) under its four routing functions: deadlock-free at full overload, and
// the minimal route's weakness against a pattern that sends a whole switch to one other switch,
// which Valiant's detour spreads.
#include <catch2/catch.hpp>

#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "run_report.h"
#include "support/measured_run.h"
#include "support/sanitizer_scale.h"

using namespace icn;

namespace {

// L = 2, S = 4, T = 4 (platforms/hyperx.yaml): 64 nodes.
const char* kHyperX = "network:\n  topology: hyperx\n  dimensions: 2\n  switches: 4\n  terminals_per_router: 4\n"
                      "routing:\n  type: minimal\nrouter:\n  virtual_channels: 2\n  buffer_depth: 8\n";

std::pair<double, std::uint64_t> run(const std::string& stimulus, int cycles, std::vector<std::string> overrides = {}) {
  const testing::Measured m = testing::measured_run(kHyperX, stimulus, cycles, std::move(overrides));
  return {m.accepted, m.watchdog_reports};
}

}  // namespace

TEST_CASE("every routing function on a HyperX runs full overload without deadlock: dimension order on one VC, the "
          "others on two", "[network][hyperx]") {
  for (const char* routing : {"minimal", "minimal_adaptive", "valiant", "ugal"})
    for (const char* pattern : {"uniform", "bit_complement"}) {
      INFO(routing << ", " << pattern);
      const bool one_vc = std::string(routing) == "minimal";
      const auto [accepted, reports] = run(std::string("packet_length: 8\npattern: {type: ") + pattern +
                                               "}\ninjection:\n  process: saturation\n",
                                           3000 + testing::long_run_cycles(5000),
                                           {std::string("routing.type=") + routing,
                                            std::string("router.virtual_channels=") + (one_vc ? "1" : "2")});
      CHECK(reports == 0);
      CHECK(accepted > 0.15);
    }
}

TEST_CASE("under bit complement a HyperX switch's four terminals all send to the opposite switch: minimal routing is "
          "held to one channel, 1/T of a node's injection, Valiant spreads them and carries more, and on uniform "
          "traffic minimal routing carries far more than Valiant", "[network][hyperx]") {
  // Measured (6,000 cycles, 4 VCs, full load): complement minimal 0.250, Valiant 0.360, UGAL 0.301;
  // uniform minimal 0.666, Valiant 0.383, UGAL 0.591, minimal adaptive 0.694.
  const std::string full = "packet_length: 8\ninjection: {rate: 1, unit: flits}\npattern: {type: ";
  const double minimal = run(full + "bit_complement}\n", 6000, {"router.virtual_channels=4"}).first;
  const double valiant = run(full + "bit_complement}\n", 6000, {"routing.type=valiant", "router.virtual_channels=4"}).first;
  const double minimal_uniform = run(full + "uniform}\n", 6000, {"router.virtual_channels=4"}).first;
  const double valiant_uniform = run(full + "uniform}\n", 6000, {"routing.type=valiant", "router.virtual_channels=4"}).first;
  INFO("complement: minimal " << minimal << ", Valiant " << valiant << "; uniform: minimal " << minimal_uniform
                              << ", Valiant " << valiant_uniform);
  CHECK(minimal == Approx(0.25).margin(0.02));
  CHECK(valiant > 1.25 * minimal);
  CHECK(minimal_uniform > 1.5 * valiant_uniform);
}

TEST_CASE("what a HyperX cannot have is refused in one line naming the key", "[hyperx][config]") {
  auto refusal = [](const std::vector<std::string>& overrides) {
    try {
      load_configuration_text(kHyperX, "", overrides);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(refusal({"network.switches=40"}), Catch::Contains("network.switches") && Catch::Contains("at most 64"));
  CHECK_THAT(refusal({"routing.type=ugal_local"}), Catch::Contains("needs a dragonfly (this network is a HyperX"));
  CHECK_THAT(refusal({"routing.type=valiant", "router.virtual_channels=1"}), Catch::Contains("at least 2 virtual channels"));
  CHECK_THAT(refusal({"routing.vc_classes=none"}), Catch::Contains("routing.vc_classes belongs to minimal routing on a dragonfly"));
  CHECK(refusal({"routing.type=ugal"}).empty());
}
