// The self-tuned paper's controllers off the k-ary n-cube (congestion/global_estimate_controller.cpp over
// a spanning-tree sideband, sideband/sideband.h): on the dragonfly, the fat tree, the HyperX and a
// network from a file they gather, throttle and never deadlock at full overload, each router's counters
// summed once however many terminals it has; the k-ary n-fly, which delivers at other routers than a
// node injects into, is refused in one line.
#include <catch2/catch.hpp>

#include <numeric>
#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"

using namespace icn;

namespace {

const std::string kSource = ICNSIM_SOURCE_DIR;

// Throttled cycles summed over the nodes, sideband values sent, and the watchdog's reports.
std::string run(const std::string& platform, const std::string& controller) {
  return testing::in_child_process([=] {
    auto* network = new Experiment(
        "network", load_configuration(kSource + "/platforms/" + platform, kSource + "/stimuli/uniform.yaml",
                                      {"congestion_control.type=" + controller, "stimulus.injection.rate=1",
                                       "stimulus.injection.unit=flits", "stimulus.packet_length=8",
                                       "simulation.cycles=6000", "simulation.warmup=1000",
                                       "simulation.progress=false", "simulation.activity=per_component"}));
    testing::run(*network);  // throws on deadlock, lost flits or a stopped run
    const RunReport r = make_report(*network);
    std::ostringstream out;
    out << r.number("activity.sideband.value_transfers") << " " << r.deadlock_reports() + r.starvation_reports() << " "
        << r.accepted();
    std::uint64_t throttled = 0;
    for (NodeId n = 0; n < network->fabric().node_count(); ++n)
      throttled += network->fabric().node(n).controller().throttled_cycles();
    out << " " << throttled;
    return out.str();
  });
}

}  // namespace

TEST_CASE("self-tuned throttling gathers over a spanning-tree sideband, throttles and never deadlocks at full overload "
          "on the dragonfly, the fat tree, the HyperX and a network from a file", "[network][sideband]") {
  for (const char* platform : {"dragonfly.yaml", "fat-tree.yaml", "hyperx.yaml", "chiplets.yaml"}) {
    INFO(platform);
    std::istringstream in(run(platform, "self_tuned"));
    double transfers = 0, accepted = 0;
    std::uint64_t reports = 1, throttled = 0;
    in >> transfers >> reports >> accepted >> throttled;
    CHECK(transfers > 0);
    CHECK(reports == 0);
    CHECK(accepted > 0.1);
    CHECK(throttled > 0);
  }
}

TEST_CASE("the self-tuned estimate refuses the k-ary n-fly in one line: its nodes are delivered at other routers than "
          "they inject into", "[sideband][config]") {
  try {
    load_configuration(kSource + "/platforms/dally-2ary6fly.yaml", kSource + "/stimuli/uniform.yaml",
                       {"congestion_control.type=self_tuned"});
    // The refusal comes when the network is built.
    testing::in_child_process([] {
      auto* network = new Experiment("network", load_configuration(kSource + "/platforms/dally-2ary6fly.yaml",
                                                                   kSource + "/stimuli/uniform.yaml",
                                                                   {"congestion_control.type=self_tuned"}));
      (void)network;
      return std::string("built");
    });
    FAIL("the k-ary n-fly was accepted");
  } catch (const std::exception& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("self_tuned sums the flits each node's router delivers") &&
                                          Catch::Contains("2-ary 6-fly"));
  }
}
