// Bubble flow control on the realistic-loads paper's 64-node ring (platforms/ridruejo-ring64.yaml):
// virtual cut-through, 1 escape + 2 adaptive VCs, pre-routed injection ports I+ and I-.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "support/run_network.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/sanitizer_scale.h"

using namespace icn;

namespace {

std::string ring_platform() { return std::string(ICNSIM_SOURCE_DIR) + "/platforms/ridruejo-ring64.yaml"; }

RunReport run(const std::string& stimulus, const std::vector<std::string>& overrides) {
  const std::string file = "/tmp/icnsim-bubble-" + std::to_string(::getpid()) + ".yaml";
  std::ofstream(file) << stimulus;
  return RunReport::from_json(testing::in_child_process([&] {
    auto o = overrides;
    o.push_back("simulation.progress=false");
    auto* network = new Experiment("network", load_configuration(ring_platform(), file, o));
    testing::run(*network);
    std::ostringstream out;
    write_json(out, make_report(*network));
    return out.str();
  }));
}

// Sample intervals without deliveries after the start-up: at full overload the first 32-hop packets
// need about a thousand cycles to arrive.
std::uint64_t idle_intervals(const RunReport& r) {
  std::uint64_t idle = 0;
  for (const auto& s : r.series()) idle += s.cycle >= 5000 && s.accepted == 0.0;
  return idle;
}

}  // namespace

TEST_CASE("the bubble ring with pre-routed injection ports delivers what is offered below saturation", "[network][bubble]") {
  const RunReport r = run("packet_length: 16\ninjection: {rate: 0.04, unit: flits}\n",
                          {"simulation.cycles=30000", "simulation.warmup=5000"});
  CHECK(r.accepted() == Approx(r.offered()).epsilon(0.03));
}

TEST_CASE("bubble flow control never deadlocks the ring at full overload", "[network][bubble][deadlock]") {
  for (const char* pattern : {"uniform", "bit_complement", "tornado"}) {
    for (const char* vcs : {"1", "3"}) {  // the escape VC alone, and with two adaptive VCs
      const RunReport r = run(std::string("packet_length: 16\npattern: {type: ") + pattern +
                                  "}\ninjection: {rate: 1, unit: flits}\n",
                              {"simulation.cycles=" + std::to_string(testing::long_run_cycles(100000)),
                               "simulation.warmup=1000",
                               std::string("router.virtual_channels=") + vcs});
      INFO(pattern << ", " << vcs << " VCs: accepted " << r.accepted());
      CHECK(idle_intervals(r) == 0);  // no sample interval without deliveries
      CHECK(r.accepted() > 0.03);
    }
  }
}

TEST_CASE("bubble routing needs cut-through and buffers; pre-routed ports need one per direction", "[network][bubble]") {
  const std::string stimulus = "/tmp/icnsim-bubble-s-" + std::to_string(::getpid()) + ".yaml";
  std::ofstream(stimulus) << "packet_length: 16\n";
  CHECK_THROWS_AS(load_configuration(ring_platform(), stimulus, {"router.switching=wormhole"}), ConfigError);
  CHECK_THROWS_AS(load_configuration(ring_platform(), stimulus, {"router.buffer_depth=8"}), ConfigError);
  CHECK_THROWS_AS(load_configuration(ring_platform(), stimulus, {"network_interface.injection_channels=1"}), ConfigError);
  CHECK_NOTHROW(load_configuration(ring_platform(), stimulus, {}));
}
