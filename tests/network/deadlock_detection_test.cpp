// Deadlock detection on whole networks, judged by the watchdog's wait-for analysis (deadlock.audit):
// each recovered packet's header was in (or waiting on) a knot — a true deadlock — or behind
// traffic that still moved. The Trans-t paper's detector (sec. 4, its ref. [10]: every requested
// channel inactive for the threshold) must find true deadlocks and leave congestion alone.
#include <catch2/catch.hpp>

#include <cmath>

#include <sstream>

#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"

using namespace icn;

namespace {

struct Audit {
  std::uint64_t recoveries = 0;
  long long in_knot = -1, not_in_knot = -1;
  std::uint64_t idle_samples = 1;  // sample intervals that delivered nothing
  std::uint64_t knots = 1;         // knots the watchdog found standing for its whole interval
};

// Runs the configuration `make_config` builds (with deadlock.audit: true) and reads the audit.
template <typename MakeConfig>
Audit audited(MakeConfig make_config) {
  const std::string text = testing::in_child_process([&] {
    auto* network = new Experiment("network", make_config());
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::uint64_t idle = 0;
    for (const auto& s : r.series()) idle += s.accepted == 0.0;
    auto count = [&](const char* path) {  // -1: not audited (null)
      const double v = r.number(path);
      return std::to_string(std::isnan(v) ? -1LL : static_cast<long long>(v));
    };
    return count("packets.deadlock_recoveries") + " " + count("packets.deadlock_recoveries_by_kind.audited_in_a_knot") +
           " " + count("packets.deadlock_recoveries_by_kind.audited_not_in_a_knot") + " " + std::to_string(idle) + " " +
           std::to_string(r.deadlock_reports());
  });
  Audit a;
  std::istringstream in(text);
  in >> a.recoveries >> a.in_knot >> a.not_in_knot >> a.idle_samples >> a.knots;
  return a;
}

const char* kTfarTorus = "network:\n  radix: 8\n  dimensions: 2\nrouter:\n  virtual_channels: 1\n  buffer_depth: 4\n"
                         "routing:\n  type: tfar\ndeadlock:\n  recovery: software\n  timeout: 32\n"
                         "simulation:\n  cycles: 20000\n  warmup: 1000\n  watchdog_cycles: 5000\n  progress: false\n";
const char* kOverload = "packet_length: 16\ninjection: {rate: 1, unit: flits}\n";
std::string transt_platform() { return std::string(ICNSIM_SOURCE_DIR) + "/platforms/transt-8ary3cube.yaml"; }

}  // namespace

TEST_CASE("the inactivity detector finds the true deadlocks of an overloaded single-VC TFAR torus, and recovery "
          "keeps it delivering",
          "[network][deadlock][recovery]") {
  // Without recovery this network deadlocks (watchdog_test.cpp).
  const Audit a = audited([] {
    return load_configuration_text(kTfarTorus, kOverload, {"deadlock.detection=inactivity", "deadlock.audit=true"});
  });
  INFO(a.recoveries << " recoveries: " << a.in_knot << " in a knot, " << a.not_in_knot << " not");
  CHECK(a.in_knot > 0);
  CHECK(std::uint64_t(a.in_knot + a.not_in_knot) == a.recoveries);
  CHECK(a.idle_samples == 0);
}

TEST_CASE("on the Trans-t paper's network congested but moving, the inactivity detector recovers nothing the "
          "wait-for analysis does not confirm, where the time-out recovers thousands of moving packets",
          "[network][deadlock][recovery][slow]") {
  // 8-ary 3-cube, TFAR on 3 VCs, no congestion control, every input VC's header routed in parallel
  // (the platform's one routing unit saturates lower, near 0.6), 0.65 flits/node/cycle: just below
  // this router's saturation (about 0.7), queues and blocked headers everywhere, no deadlock. At 0.7
  // itself the detector makes its first false detection (1 in these 6,000 cycles; docs/routing.md).
  auto with = [](const char* detection) {
    return audited([=] {
      return load_configuration(transt_platform(), std::string(ICNSIM_SOURCE_DIR) + "/stimuli/uniform.yaml",
                                {"congestion_control.type=none", "router.header_arbiter=parallel",
                                 "simulation.cycles=6000", "simulation.warmup=1000",
                                 "stimulus.injection.unit=flits", "stimulus.injection.rate=0.65",
                                 std::string("deadlock.detection=") + detection, "deadlock.audit=true"});
    });
  };
  const Audit inactivity = with("inactivity"), timeout = with("timeout");
  INFO("inactivity: " << inactivity.recoveries << " recoveries, " << inactivity.not_in_knot
                      << " not in a knot; time-out: " << timeout.recoveries << ", " << timeout.not_in_knot);
  CHECK(inactivity.not_in_knot == 0);
  CHECK(timeout.not_in_knot > 1000);  // the control: the same network does produce false detections
}

TEST_CASE("past saturation no deadlock outlives the inactivity detector, whether a VC takes its next packet once "
          "the tail has entered it or once it has drained",
          "[network][deadlock][recovery][slow]") {
  // Trans-t's network without control at 1.0 flits/node/cycle. With on_tail, headers that hold
  // their VC and wait for a credit form knots among themselves (none refused a channel); a
  // detector that ignored them left 14 such knots standing for 800 cycles in these 4,000.
  for (const char* reallocation : {"on_tail", "when_empty"}) {
    const Audit a = audited([=] {
      return load_configuration(transt_platform(), std::string(ICNSIM_SOURCE_DIR) + "/stimuli/uniform.yaml",
                                {"congestion_control.type=none", "simulation.cycles=4000", "simulation.warmup=1000",
                                 "simulation.watchdog_cycles=800", "simulation.starvation_action=report",
                                 "stimulus.injection.unit=flits", "stimulus.injection.rate=1.0",
                                 std::string("router.vc_reallocation=") + reallocation});
    });
    INFO(reallocation << ": " << a.recoveries << " recoveries; " << a.knots
                      << " knots standing for the watchdog's interval");
    CHECK(a.knots == 0);
    CHECK(a.idle_samples == 0);
  }
}
