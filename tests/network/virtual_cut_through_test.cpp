// Virtual cut-through: a header advances only where its whole packet fits, which costs nothing
// at zero load and never deadlocks a dimension-order torus.
#include <catch2/catch.hpp>

#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "support/run_network.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/packet_injector.h"

using namespace icn;

namespace {
const char* kVct = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 2\n  buffer_depth: 16\n"
                   "  switching: virtual_cut_through\nsimulation:\n  progress: false\n";
}

TEST_CASE("virtual cut-through has the same zero-load latency as wormhole", "[network][vct]") {
  auto zero_load_latency = [](const std::vector<std::string>& switching) {
    return std::stoi(testing::in_child_process([&] {
      std::vector<std::string> overrides = {"simulation.cycles=300", "simulation.warmup=0"};
      overrides.insert(overrides.end(), switching.begin(), switching.end());
      auto* network =
          new Experiment("network", load_configuration_text(kVct, "packet_length: 16\ninjection: {rate: 0}\n", overrides));
      new testing::PacketInjector("injector", network->fabric(), {{5, 0, 10, 16}});  // 4 hops on the 4x4 torus
      testing::run(*network);
      REQUIRE(network->statistics().latency().count() == 1);
      return std::to_string(network->statistics().latency().max());
    }));
  };
  const int cut_through = zero_load_latency({}), wormhole = zero_load_latency({"router.switching=wormhole"});
  CHECK(cut_through == 1 + 1 + 5 * 2 + 4 + 1 + 15);  // the pipeline formula, H = 4, L = 16
  CHECK(wormhole == cut_through);
}

TEST_CASE("virtual cut-through refuses buffers smaller than a packet", "[network][vct]") {
  CHECK_THROWS_AS(load_configuration_text(kVct, "packet_length: [8, 20]\n"), ConfigError);
  CHECK_NOTHROW(load_configuration_text(kVct, "packet_length: [8, 16]\n"));
}

TEST_CASE("virtual cut-through keeps delivering at full overload", "[network][vct][deadlock]") {
  for (const char* pattern : {"uniform", "bit_complement", "tornado"}) {
    std::istringstream in(testing::in_child_process([&] {
      auto* network = new Experiment("network", load_configuration_text(
          kVct, std::string("packet_length: 8\npattern: {type: ") + pattern + "}\ninjection: {rate: 1, unit: flits}\n",
          {"simulation.cycles=100000", "simulation.warmup=1000"}));
      testing::run(*network);
      const RunReport r = make_report(*network);
      std::uint64_t idle = 0;
      for (const auto& s : r.series()) idle += s.accepted == 0.0;
      return std::to_string(idle) + " " + std::to_string(r.accepted());
    }));
    std::uint64_t idle = 1;
    double accepted = 0;
    in >> idle >> accepted;
    INFO(pattern);
    CHECK(idle == 0);
    CHECK(accepted > 0.05);
  }
}
