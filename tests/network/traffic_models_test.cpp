// Every destination pattern and injection process drives a whole network: below saturation what
// is offered is delivered, and the measured hop count matches the pattern's geometry.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"
#include "traffic/destination_pattern.h"

using namespace icn;

namespace {

struct Result {
  double offered = 0, accepted = 0, hops = 0;
};

// An 8-ary 2-cube, or for a pattern defined on a dragonfly's groups a 72-node dragonfly.
Result run(const std::vector<std::string>& overrides, const char* topology = nullptr) {
  const std::string platform = topology && std::string(topology) == "dragonfly"
                                  ? "network:\n  topology: dragonfly\nrouting:\n  type: minimal\nrouter:\n  virtual_channels: 4\n"
                                  : "network:\n  radix: 8\n  dimensions: 2\n";
  std::istringstream in(testing::in_child_process([&] {
    auto* network = new Experiment(
        "network", load_configuration_text(platform + "simulation:\n  cycles: 12000\n  warmup: 2000\n  progress: false\n",
                                           "", overrides));
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::ostringstream out;
    out << r.offered() << " " << r.accepted() << " " << r.mean_hops();
    return out.str();
  }));
  Result r;
  in >> r.offered >> r.accepted >> r.hops;
  return r;
}

}  // namespace

TEST_CASE("every destination pattern runs on an 8-ary 2-cube (or the network it is defined on) and delivers what is "
          "offered", "[network][pattern]") {
  // Every registered pattern: a new one is tested without being listed here.
  const std::vector<std::string> patterns = PatternRegistry::names();
  CHECK(patterns.size() >= 12);
  for (const std::string& pattern : patterns) {
    const Result r = run({"stimulus.pattern.type=" + pattern, "stimulus.injection.rate=0.004"},
                         PatternRegistry::get(pattern).traits.topology);
    INFO(pattern << ": offered " << r.offered << ", accepted " << r.accepted << ", hops " << r.hops);
    CHECK(r.offered > 0.02);
    CHECK(r.accepted == Approx(r.offered).epsilon(0.05));
  }
  // Bit complement on an 8x8 torus maps each coordinate x to 7 - x: min(|7 - 2x|, 8 - |7 - 2x|)
  // hops, 2 on average per dimension. Tornado (W + 4) moves 4 hops in x, plus one in y for the
  // half of the nodes whose shift carries into the next row.
  CHECK(run({"stimulus.pattern.type=bit_complement", "stimulus.injection.rate=0.004"}).hops == Approx(4).epsilon(0.01));
  CHECK(run({"stimulus.pattern.type=tornado", "stimulus.injection.rate=0.004"}).hops == Approx(4.5).epsilon(0.02));
}

TEST_CASE("every injection process runs a whole network at its configured load", "[network][process]") {
  for (const char* process : {"bernoulli", "exponential", "periodic", "on_off"}) {
    const Result r = run({std::string("stimulus.injection.process=") + process, "stimulus.injection.rate=0.1",
                          "stimulus.injection.unit=flits"});
    INFO(process << ": offered " << r.offered << ", accepted " << r.accepted);
    CHECK(r.offered == Approx(0.1).epsilon(0.06));
    CHECK(r.accepted == Approx(r.offered).epsilon(0.05));
  }
}

TEST_CASE("BookSim's uniform traffic (include_source) sends 1 in N packets to their own node, through its router: "
          "on an 8-ary 2-cube the mean hop count is 4, against 4 · 64/63 with the sender left out",
          "[network][pattern]") {
  // Each of the two rings is 0, 1, 2, 3, 4, 3, 2, 1 hops away: 2 on average over all 8 coordinates,
  // 4 over both dimensions and all 64 nodes, the source's own 0 hops included.
  const Result with = run({"stimulus.pattern.include_source=true", "stimulus.injection.rate=0.02"});
  const Result without = run({"stimulus.injection.rate=0.02"});
  INFO("hops " << with.hops << " with the sender, " << without.hops << " without; accepted " << with.accepted
               << " of " << with.offered);
  CHECK(with.accepted == Approx(with.offered).epsilon(0.05));
  CHECK(with.hops == Approx(4.0).epsilon(0.01));
  CHECK(without.hops == Approx(4.0 * 64 / 63).epsilon(0.01));
}
