// Past saturation on a network whose uncontrolled throughput collapses — the self-tuned paper's
// recovery platform (TFAR + Disha, central arbiter; 0.32 flits/node/cycle at 0.02 packets/node/cycle,
// 0.008 at 0.03) — each controller of issue 12 that applies to it keeps accepted throughput near
// the peak, and costs under 2 % below saturation where its own paper's network says so. (LBR needs
// the bubble router under virtual cut-through, which does not collapse: docs/congestion-control.md.)
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"

using namespace icn;

namespace {

std::string platform(const char* name) { return std::string(ICNSIM_SOURCE_DIR) + "/platforms/" + name; }
std::string stimulus(const char* name) { return std::string(ICNSIM_SOURCE_DIR) + "/stimuli/" + name; }
const std::vector<std::string> kNone{"congestion_control.type=none"};

// Accepted flits/node/cycle on the self-tuned paper's recovery platform (TFAR + Disha, central
// arbiter), whose uncontrolled throughput collapses past saturation (about 0.02 packets/node/cycle).
double recovery_accepted(const std::vector<std::string>& controller, double load) {
  return std::stod(testing::in_child_process([&] {
    std::vector<std::string> sets = controller;
    sets.insert(sets.end(), {"simulation.cycles=20000", "simulation.warmup=5000", "simulation.progress=false",
                             "stimulus.injection.rate=" + std::to_string(load)});
    auto* network = new Experiment("network", load_configuration(platform("selftuned-recovery.yaml"),
                                                              stimulus("selftuned-uniform.yaml"), sets));
    testing::run(*network);
    std::ostringstream out;
    out.precision(17);
    out << make_report(*network).accepted();
    return out.str();
  }));
}

}  // namespace

TEST_CASE("past saturation entropy throttling keeps a collapsing network near its peak and costs under 2 % below it",
          "[network][entropy][slow]") {
  // Rth = 30 %: with adaptive routing and a central arbiter Ra sits well below the DOR network's
  // 90 % even below saturation (base(90, 30) throttles at 0.015 and loses 40 %); the threshold is
  // the network's to choose (sec. 5.2). Measured: none 0.240 / 0.320 / 0.008, entropy 0.240 /
  // 0.320 / 0.347 flits/node/cycle at 0.015 / 0.02 / 0.03 packets/node/cycle.
  const std::vector<std::string> entropy{"congestion_control.type=entropy", "congestion_control.threshold=30"};
  const double peak = recovery_accepted(kNone, 0.02);
  const double none_past = recovery_accepted(kNone, 0.03), entropy_past = recovery_accepted(entropy, 0.03);
  const double none_below = recovery_accepted(kNone, 0.015), entropy_below = recovery_accepted(entropy, 0.015);
  INFO("peak " << peak << "; past saturation none " << none_past << ", entropy " << entropy_past
               << "; below: none " << none_below << ", entropy " << entropy_below);
  CHECK(none_past < 0.25 * peak);  // the uncontrolled network does collapse
  CHECK(entropy_past > 0.9 * peak);
  CHECK(entropy_below > 0.98 * none_below);
}

TEST_CASE("past saturation IPR keeps a collapsing network from collapsing and costs under 2 % below it",
          "[network][congestion][ipr][slow]") {
  // In-transit priority never lets a new packet take an output VC that traffic already in the
  // network asks for, so Disha's recovery VC is not flooded. The stricter reading (no VC of an
  // output a packet holds) keeps all of the peak; the default one lets a new packet share a link
  // with a packet that holds another VC of it, and keeps less. Measured: requests 0.282 at 0.03
  // (88 % of the peak), holds_or_requests 0.320; 0.240 at 0.015 for both; none 0.0085 at 0.03.
  const std::vector<std::string> ipr{"congestion_control.type=ipr"};
  const std::vector<std::string> strict{"congestion_control.type=ipr", "congestion_control.competition=holds_or_requests"};
  const double peak = recovery_accepted(kNone, 0.02);
  const double none_past = recovery_accepted(kNone, 0.03), ipr_past = recovery_accepted(ipr, 0.03);
  const double strict_past = recovery_accepted(strict, 0.03);
  const double none_below = recovery_accepted(kNone, 0.015), ipr_below = recovery_accepted(ipr, 0.015);
  INFO("peak " << peak << "; past saturation none " << none_past << ", IPR " << ipr_past << " (holds_or_requests "
               << strict_past << "); below: none " << none_below << ", IPR " << ipr_below);
  CHECK(none_past < 0.25 * peak);
  CHECK(ipr_past > 0.8 * peak);
  CHECK(strict_past > 0.9 * peak);
  CHECK(ipr_below > 0.98 * none_below);
}

TEST_CASE("with its one injection channel Trans-t does not keep the self-tuned recovery network near its peak: a "
          "strict expected failure",
          "[network][congestion][trans-t][slow]") {
  // With one injection channel (this platform's) Trans-t can only close it; u1 = 2.5 from its
  // Table 1 (16-ary 2-cube, 3 VCs). The network is metastable here at 0.03: before issue 31 seeds
  // 1-4 gave 0.379, 0.247, 0.007, 0.006 (this test passed on seed 1 alone); since recovery takes no
  // header on an injection channel and restarts a header's blocked time when it wins a VC, 0.010,
  // 0.009, 0.007, 0.010 (either change alone tips seed 1). On Trans-t's own network, with its 4
  // injection channels and the inactivity detector, it holds its peak with no recovery at all
  // (tests/scripts/test_transt_claims.py). This fails the day the model holds the peak here too.
  const double peak = recovery_accepted(kNone, 0.02);
  const double none_past = recovery_accepted(kNone, 0.03);
  const double transt_past = recovery_accepted({"congestion_control.type=trans_t"}, 0.03);
  INFO("peak " << peak << "; past saturation none " << none_past << ", Trans-t " << transt_past);
  CHECK(none_past < 0.25 * peak);
  CHECK_FALSE(transt_past > 0.9 * peak);
}
