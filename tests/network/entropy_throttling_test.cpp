// Entropy throttling (entropy paper secs. 3–5) in whole networks: the routers' valid and active
// buffer counts on a constructed contention, the guard time's effect on a collective (sec. 5.3,
// 6.3), the oscillation of the base model and the virtual control channel. Past saturation on a
// collapsing network: throttling_past_saturation_test.cpp.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "sideband/entropy_circuit.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/router_harness.h"
#include "support/run_network.h"

using namespace icn;

TEST_CASE("a router counts as valid every buffer holding flits and as active those whose head moved this cycle",
          "[entropy][router]") {
  // Two 8-flit packets on inputs 0 and 1 both need output 2's only VC: the older one streams
  // through, the other waits in full view. While both are buffered: Nv_i = 2, Na_i = 1 each cycle.
  const std::string result = testing::in_child_process([] {
    testing::RouterHarness::Setup setup;
    setup.virtual_channels = 1;
    setup.buffer_depth = 8;
    auto* h = new testing::RouterHarness("harness", setup,
                                         [](NodeId, int, int, NodeId, RouteResult& r) { r.add(2, 1u); });
    h->offer(0, 0, 0, 8, 0);
    h->offer(1, 0, 0, 8, 1);
    const Router& r = h->router();
    std::ostringstream out;
    std::uint64_t switched = 0, emptied = 0;
    h->run(1);
    for (Cycle c = 1; c < 40; ++c) {
      sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_NS));
      const std::uint64_t active = r.switched_flits() - switched;
      const std::uint64_t valid = std::uint64_t(r.valid_buffers()) + (r.buffers_emptied() - emptied);
      switched = r.switched_flits();
      emptied = r.buffers_emptied();
      out << valid << "/" << active << " ";
    }
    out << "| " << r.switched_flits() << " " << r.buffers_emptied() << " " << r.valid_buffers();
    return out.str();
  });
  INFO(result);
  // Per cycle "valid/active": the first packet's 8 flits leave one per cycle while the second
  // waits (2/1 eight times), then the second's (1/1 eight times); in no cycle is a buffer active
  // that was not valid, nor two active through one output.
  auto occurrences = [&](const std::string& s) {
    int n = 0;
    for (std::size_t at = result.find(s); at != std::string::npos; at = result.find(s, at + 1)) ++n;
    return n;
  };
  CHECK(occurrences(" 2/1 ") + (result.rfind("2/1 ", 0) == 0) == 8);
  CHECK(occurrences(" 1/1 ") + (result.rfind("1/1 ", 0) == 0) == 8);
  CHECK(occurrences("/2") == 0);
  CHECK(occurrences("0/1") == 0);
  CHECK(result.substr(result.find('|')) == "| 16 2 0");
}

namespace {

std::string platform(const char* name) { return std::string(ICNSIM_SOURCE_DIR) + "/platforms/" + name; }
std::string stimulus(const char* name) { return std::string(ICNSIM_SOURCE_DIR) + "/stimuli/" + name; }

// Cycles a collective (10 packets of 8 flits per node, sec. 5.1.1) takes on the paper's network
// scaled to 16x16.
Cycle collective_cycles(const std::string& pattern, const std::vector<std::string>& controller) {
  return Cycle(std::stoull(testing::in_child_process([&] {
    std::vector<std::string> sets = controller;
    sets.push_back("network.radix=16");
    sets.push_back("simulation.progress=false");
    sets.push_back("stimulus.pattern.type=" + pattern);
    auto* network = new Experiment("network", load_configuration(platform("entropy-32x32.yaml"),
                                                               stimulus("collective.yaml"), sets));
    testing::run(*network);
    const RunReport report = make_report(*network);
    return std::to_string(report.completed() ? report.completion_cycle() + 1 : 0);
  })));
}

const std::vector<std::string> kNone{"congestion_control.type=none"};
// gt.x with the paper's best guard time for tornado (sec. 5.3: tG = 16); RON / ROFF / Rn are not
// given there, these are the best of a sweep on this network (docs/congestion-control.md).
const std::vector<std::string> kGuardFixed{"congestion_control.model=gt.x", "congestion_control.guard_time=16",
                                           "congestion_control.on_below=50", "congestion_control.off_above=70",
                                           "congestion_control.release_below=30"};

}  // namespace

TEST_CASE("entropy gt.x shortens a tornado collective on a 16x16 torus against no control", "[network][entropy]") {
  // Measured: none 405 cycles, gt.x 398. The paper's 3.17x (1,056 -> 333 cycles on 32x32) cannot
  // come out: the uncontrolled collective already runs within 20 % of the x links' load (320
  // flits each), see docs/congestion-control.md.
  const Cycle none = collective_cycles("tornado", kNone), guarded = collective_cycles("tornado", kGuardFixed);
  INFO("none " << none << ", gt.x " << guarded);
  REQUIRE(guarded > 0);  // 0: the collective did not complete
  CHECK(guarded < none);
  CHECK(none < 440);  // the uncontrolled baseline the claim is made against
}

TEST_CASE("entropy gt.x shortens a perfect-shuffle collective by more than 10 % and leaves transpose alone",
          "[network][entropy]") {
  // Measured: shuffle none 800, gt.x 674; transpose none 746, gt.x 738 (the paper, sec. 6.6: no
  // variant improves trns, whose DOR traffic is rigid).
  const Cycle shuffle_none = collective_cycles("perfect_shuffle", kNone);
  const Cycle shuffle_guarded = collective_cycles("perfect_shuffle", kGuardFixed);
  const Cycle transpose_none = collective_cycles("transpose", kNone);
  const Cycle transpose_guarded = collective_cycles("transpose", kGuardFixed);
  INFO("shuffle: none " << shuffle_none << ", gt.x " << shuffle_guarded << "; transpose: none " << transpose_none
                        << ", gt.x " << transpose_guarded);
  REQUIRE((shuffle_guarded > 0 && transpose_guarded > 0));  // 0: a collective did not complete
  CHECK(double(shuffle_guarded) < 0.9 * double(shuffle_none));
  CHECK(double(transpose_guarded) == Approx(double(transpose_none)).epsilon(0.03));
}

TEST_CASE("without a guard time the paper's base(90, 30) lets the network fill and drain in waves (sec. 6.1, Fig. 8)",
          "[network][entropy]") {
  // The throttle answers the circuit ~36 cycles late: the nodes release together and refill the
  // network (sec. 4.1's six steps), so packets in flight swing between near-empty and full.
  const std::string swings = testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration(platform("entropy-32x32.yaml"), stimulus("collective.yaml"),
                                                              {"network.radix=16", "simulation.progress=false",
                                                               "stimulus.pattern.type=tornado"}));
    testing::run(*network);
    const RunReport report = make_report(*network);
    // Count falls from above half of the peak to below a tenth of it (sampled every 10 cycles).
    double peak = 0;
    for (const TimeSample& s : report.series()) peak = std::max(peak, double(s.packets_in_network));
    int falls = 0;
    bool high = false;
    for (const TimeSample& s : report.series()) {
      const double v = double(s.packets_in_network);
      if (v > 0.5 * peak) high = true;
      if (high && v < 0.1 * peak) {
        ++falls;
        high = false;
      }
    }
    return std::to_string(falls);
  });
  CHECK(std::stoi(swings) >= 3);
}

TEST_CASE("the virtual control channel steals only idle link cycles: data traffic is untouched, the circuit waits",
          "[network][entropy]") {
  // Threshold 0: the controller never throttles, so any difference in the data traffic would be the
  // control channel's. Sec. 6.7: "no VCC interferes with VC".
  auto run = [](bool virtual_control_channel) {
    return testing::in_child_process([=] {
      auto* network = new Experiment(
          "network", load_configuration(platform("entropy-32x32.yaml"), stimulus("collective.yaml"),
                                        {"network.radix=8", "simulation.progress=false", "stimulus.pattern.type=tornado",
                                         "congestion_control.threshold=0", "congestion_control.release_below=0",
                                         std::string("congestion_control.virtual_control_channel=") +
                                             (virtual_control_channel ? "true" : "false")}));
      testing::run(*network);
      const RunReport report = make_report(*network);
      std::ostringstream out;
      out << report.completion_cycle() << " " << report.latency().mean << " " << network->fabric().entropy_circuit()->stolen_cycles_missed();
      return out.str();
    });
  };
  std::istringstream wires(run(false)), stolen(run(true));
  Cycle end_wires = 0, end_stolen = 0;
  double latency_wires = 0, latency_stolen = 0;
  std::uint64_t missed_wires = 0, missed_stolen = 0;
  wires >> end_wires >> latency_wires >> missed_wires;
  stolen >> end_stolen >> latency_stolen >> missed_stolen;
  CHECK(end_stolen == end_wires);
  CHECK(latency_stolen == latency_wires);
  CHECK(missed_wires == 0);
  CHECK(missed_stolen > 0);  // register transfers did wait for busy links
}
