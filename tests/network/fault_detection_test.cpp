// Negative controls: the model's checks catch a broken network. Each fault is injected on one link
// of a loaded 4-ary 2-cube (tests/support/fault_injection.h); the run must stop as a model error
// (exit 3 on the command line) with the message of the check that should catch it. A fault the
// check does not see would let the run complete: that is what these tests exclude. Without a
// fault, the same run completes with the credit invariant checked in every cycle.
#include <catch2/catch.hpp>

#include <memory>

#include "experiment.h"
#include "support/child_process.h"
#include "support/fault_injection.h"

using namespace icn;
using Fault = testing::FaultInjector::Fault;

namespace {

const char* kPlatform = R"(
network: {radix: 4, dimensions: 2}
router: {virtual_channels: 2, buffer_depth: 4}
simulation: {cycles: 3000, warmup: 200, sample_interval: 100}
)";
const char* kStimulus = "injection: {rate: 0.03}\npacket_length: 8\n";

struct Outcome {
  std::string state, reason;
  std::uint64_t checked_cycles = 0;
};

// Runs in a child process (one SystemC simulation per process); a fault on the link leaving node 5
// through port 0 (+x) from cycle 500, and optionally the per-cycle credit check.
Outcome run(std::optional<Fault> fault, bool check_credits) {
  const std::string text = testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration_text(kPlatform, kStimulus));
    std::unique_ptr<testing::FaultInjector> injector;
    if (fault) injector = std::make_unique<testing::FaultInjector>("fault", *network, *fault, 5, 0, 500);
    std::unique_ptr<testing::CreditInvariantCheck> check;
    if (check_credits) check = std::make_unique<testing::CreditInvariantCheck>("credit_check", *network);
    network->run();
    return std::string(Experiment::state_name(network->status().state)) + "\n" +
           std::to_string(check ? check->cycles_checked() : 0) + "\n" + network->status().reason;
  });
  Outcome o;
  const auto first = text.find('\n'), second = text.find('\n', first + 1);
  o.state = text.substr(0, first);
  o.checked_cycles = std::stoull(text.substr(first + 1, second - first - 1));
  o.reason = text.substr(second + 1);
  return o;
}

}  // namespace

TEST_CASE("without a fault the credit invariant holds on every link in every cycle", "[faults]") {
  const Outcome o = run(std::nullopt, true);
  CHECK(o.state == "completed");
  CHECK(o.checked_cycles == 3000);
}

TEST_CASE("a lost credit breaks the credit invariant in the cycle it is lost", "[faults]") {
  const Outcome o = run(Fault::DropCredit, true);
  CHECK(o.state == "model_error");
  CHECK_THAT(o.reason, Catch::Contains("credit invariant violated") && Catch::Contains("node 5 port 0"));
  CHECK(o.checked_cycles >= 500);
}

TEST_CASE("a duplicated flit is caught by credit flow control or at delivery", "[faults]") {
  const Outcome o = run(Fault::DuplicateFlit, false);
  INFO(o.reason);
  CHECK(o.state == "model_error");
  const bool caught = o.reason.find("credit flow control violated") != std::string::npos ||
                      o.reason.find("out of order, missing or duplicated") != std::string::npos ||
                      o.reason.find("head arrived while another packet") != std::string::npos ||
                      // a duplicated head takes a second route: the packet's flits split and reach a wrong node
                      o.reason.find("delivered to the wrong node") != std::string::npos;
  CHECK(caught);
}

TEST_CASE("a misrouted packet is caught where it is delivered", "[faults]") {
  const Outcome o = run(Fault::Misroute, false);
  CHECK(o.state == "model_error");
  CHECK_THAT(o.reason, Catch::Contains("delivered to the wrong node"));
}

TEST_CASE("flits lost on a dead link are caught by the conservation check at the next sample", "[faults]") {
  const Outcome o = run(Fault::KillLink, false);
  CHECK(o.state == "model_error");
  CHECK_THAT(o.reason, Catch::Contains("flit conservation violated"));
}
