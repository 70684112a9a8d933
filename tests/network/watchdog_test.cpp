// The deadlock and starvation watchdog: no silent hangs. True fully adaptive routing without
// recovery deadlocks under overload, and the watchdog stops the run with the cycle of VCs.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "support/run_network.h"
#include "run_report.h"
#include "support/child_process.h"

using namespace icn;
using Catch::Matchers::Contains;

namespace {
const char* kTfar = "network:\n  radix: 8\n  dimensions: 2\nrouter:\n  virtual_channels: 1\n  buffer_depth: 4\n"
                    "routing:\n  type: tfar\nsimulation:\n  cycles: 100000\n  warmup: 1000\n  watchdog_cycles: 5000\n"
                    "  progress: false\n";
const char* kOverload = "packet_length: 16\ninjection: {rate: 1, unit: flits}\n";
}  // namespace

TEST_CASE("TFAR without recovery deadlocks under overload and the watchdog stops it with the knot",
          "[network][watchdog]") {
  try {
    testing::in_child_process([] {
      auto* network = new Experiment("network", load_configuration_text(kTfar, kOverload));
      testing::run(*network);
      return std::string("finished");
    });
    FAIL("the deadlock went unnoticed");
  } catch (const std::runtime_error& e) {
    const std::string report = e.what();
    CHECK_THAT(report, Contains("watchdog") && Contains("has not moved") && Contains("deadlock") &&
                           Contains("a knot of") && Contains("a cycle of") && Contains("holds output"));
  }
}

TEST_CASE("with deadlock_action report the deadlock is counted, but a network that then delivers nothing is never a "
          "success",
          "[network][watchdog]") {
  const std::string outcome = testing::in_child_process([] {
    // The first finding goes through SystemC's report handler, as a warning of its own type.
    static std::string warnings;
    sc_core::sc_report_handler::set_handler([](const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
      if (report.get_severity() == sc_core::SC_WARNING) warnings += std::string(report.get_msg_type()) + " ";
      sc_core::sc_report_handler::default_handler(report, actions & ~sc_core::SC_DISPLAY);
    });
    auto* network = new Experiment("network", load_configuration_text(kTfar, kOverload,
                                                                   {"simulation.deadlock_action=report",
                                                                    "simulation.cycles=30000"}));
    network->run();  // not testing::run: the run is expected to stop early
    const RunReport r = make_report(*network);
    return std::to_string(r.deadlock_reports()) + " " + r.status() + " " + std::to_string(r.cycles()) + " " + warnings;
  });
  std::istringstream in(outcome);
  std::uint64_t reports = 0, cycles = 0;
  std::string status, warning, more;
  in >> reports >> status >> cycles >> warning >> more;
  CHECK(reports > 0);
  CHECK(status == "frozen");
  CHECK(cycles < 30000);
  CHECK(warning == "icnsim/watchdog");
  CHECK(more.empty());  // further findings are counted, not reported
}

TEST_CASE("the watchdog stays quiet on a deadlock-free network that keeps moving", "[network][watchdog]") {
  const std::string counts = testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration_text(
        "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 2\nsimulation:\n  cycles: 50000\n"
        "  watchdog_cycles: 5000\n  progress: false\n",
        kOverload));
    testing::run(*network);
    const RunReport r = make_report(*network);
    return std::to_string(r.deadlock_reports() + r.starvation_reports());
  });
  CHECK(counts == "0");
}

TEST_CASE("with Disha or software recovery the same overloaded TFAR network never deadlocks", "[network][watchdog][recovery]") {
  for (const char* recovery : {"disha", "software"}) {
    const std::string outcome = testing::in_child_process([&] {
      auto* network = new Experiment("network", load_configuration_text(
          kTfar, kOverload, {std::string("deadlock.recovery=") + recovery, "deadlock.timeout=8",
                             "simulation.cycles=60000", "simulation.starvation_action=stop"}));
      testing::run(*network);
      const RunReport r = make_report(*network);
      std::uint64_t idle = 0;
      for (const auto& s : r.series()) idle += s.accepted == 0.0;
      return std::to_string(std::uint64_t(r.number("packets.deadlock_recoveries"))) + " " + std::to_string(idle) + " " + std::to_string(r.accepted());
    });
    std::istringstream in(outcome);
    std::uint64_t recoveries = 0, idle = 1;
    double accepted = 0;
    in >> recoveries >> idle >> accepted;
    INFO(recovery << ": " << recoveries << " recoveries, accepted " << accepted);
    CHECK(recoveries > 0);
    CHECK(idle == 0);  // delivers in every sample interval: no permanent deadlock
    CHECK(accepted > 0);
  }
}

TEST_CASE("Disha's recovery VC carries one packet at a time, so its bandwidth caps throughput past saturation",
          "[network][recovery]") {
  // Self-tuned paper sec. 2: once deadlocks are frequent only the recovery path drains them.
  auto accepted = [](const char* recovery) {
    const std::string a = testing::in_child_process([&] {
      auto* network = new Experiment("network", load_configuration_text(
          kTfar, kOverload, {std::string("deadlock.recovery=") + recovery, "simulation.cycles=40000",
                             "simulation.warmup=10000"}));
      testing::run(*network);
      return std::to_string(make_report(*network).accepted());
    });
    return std::stod(a);
  };
  const double disha = accepted("disha"), software = accepted("software");
  INFO("accepted with Disha " << disha << ", with software recovery " << software);
  CHECK(disha < 0.5 * software);
}
