// Trans-t on the paper's network (transmission-time paper sec. 4.1: 8-ary 3-cube, TFAR on 3 VCs,
// deadlock detection and software recovery, 4 injection channels, 16-flit messages, u1 = 4 from
// Table 1), at a reduced length.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"

using namespace icn;

namespace {

// As platforms/transt-8ary3cube.yaml: one message per VC, the paper's inactivity detector.
const char* kCube = "network:\n  radix: 8\n  dimensions: 3\nrouter:\n  virtual_channels: 3\n  buffer_depth: 8\n"
                    "  vc_reallocation: when_empty\n"
                    "routing:\n  type: tfar\ndeadlock:\n  recovery: software\n  detection: inactivity\n  timeout: 32\n"
                    "network_interface:\n  injection_channels: 4\n  delivery_channels: 4\n"
                    "simulation:\n  cycles: 6000\n  warmup: 2000\n  progress: false\n";

struct CubeRun {
  double accepted = 0, network_latency = 0;
};

CubeRun run_cube(const char* controller, double packets_per_node_cycle) {
  std::istringstream in(testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration_text(
        kCube, "packet_length: 16\n",
        {std::string("congestion_control.type=") + controller,
         "stimulus.injection.rate=" + std::to_string(packets_per_node_cycle)}));
    testing::run(*network);
    const RunReport report = make_report(*network);
    std::ostringstream out;
    out.precision(17);
    out << report.accepted() << " " << report.network_latency().mean;
    return out.str();
  }));
  CubeRun r;
  in >> r.accepted >> r.network_latency;
  return r;
}

}  // namespace

TEST_CASE("past saturation Trans-t keeps packets crossing the 8-ary 3-cube at near-minimum speed and loses no throughput",
          "[network][congestion][trans-t][slow]") {
  // 0.0625 packets/node/cycle offers the whole capacity (1 flit/node/cycle), about 1.3x saturation.
  // Measured: network latency none 425, Trans-t 116 cycles; accepted 0.744 and 0.773.
  const CubeRun base = run_cube("none", 0.0625), transt = run_cube("trans_t", 0.0625);
  INFO("network latency: none " << base.network_latency << ", Trans-t " << transt.network_latency
                                << "; accepted: none " << base.accepted << ", Trans-t " << transt.accepted);
  CHECK(transt.network_latency < 0.5 * base.network_latency);
  CHECK(transt.accepted > base.accepted);
}

TEST_CASE("below saturation Trans-t costs less than 2 % throughput", "[network][congestion][trans-t][slow]") {
  const CubeRun base = run_cube("none", 0.03), transt = run_cube("trans_t", 0.03);
  INFO("accepted: none " << base.accepted << ", Trans-t " << transt.accepted);
  CHECK(transt.accepted > 0.98 * base.accepted);
}

TEST_CASE("packets held back while Trans-t keeps the injection channels closed leave when they reopen, with no other "
          "traffic to wake their node", "[network][congestion][trans-t]") {
  // The paper's Fig. 8 load at a twentieth of its messages (sec. 4.2: bursts at 0.34 and 0.23
  // flits/node/cycle, then a drain) on its 16-ary 2-cube. Late in the drain a node's last packets
  // wait while Trans-t has closed all its channels, and only the controller's own u3 / u4 clock
  // reopens them; before the fix the NI slept through that, and 10 packets stayed queued for ever.
  const char* torus = "network:\n  radix: 16\n  dimensions: 2\nrouter:\n  virtual_channels: 3\n  buffer_depth: 8\n"
                      "routing:\n  type: tfar\ndeadlock:\n  recovery: software\n  timeout: 32\n"
                      "network_interface:\n  injection_channels: 4\n  delivery_channels: 4\n"
                      "simulation:\n  cycles: 30000\n  warmup: 0\n  progress: false\n";
  const char* bursts = "packet_length: 16\npattern: {type: uniform}\ninjection: {process: exponential, unit: flits}\n"
                       "phases:\n  - {injection: {rate: 0.34}, end: {packets: 20000}}\n"
                       "  - {injection: {rate: 0.23}, end: {packets: 10000}}\n"
                       "  - {injection: {rate: 0.34}, end: {packets: 20000}}\n"
                       "  - {injection: {rate: 0.23}, end: {packets: 10000}}\n"
                       "  - {injection: {rate: 0}, end: {drain: true}}\n";
  std::istringstream in(testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration_text(torus, bursts, {"congestion_control.type=trans_t"}));
    testing::run(*network);
    const RunReport report = make_report(*network);
    std::ostringstream out;
    out << report.packets_created() << " " << report.packets_delivered() << " " << report.packets_queued_at_end() << " "
        << report.completion_cycle();
    return out.str();
  }));
  std::uint64_t created = 0, delivered = 0, queued = 0, completion = 0;
  in >> created >> delivered >> queued >> completion;
  INFO("created " << created << ", delivered " << delivered << ", queued at the end " << queued << ", completion cycle "
                  << completion);
  CHECK(created >= 60000);
  CHECK(delivered == created);
  CHECK(queued == 0);
  CHECK(completion > 0);
}
