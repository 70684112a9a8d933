// What the self-tuned controller counts (self-tuned paper sec. 3 and 5.1): full edge buffers — the
// VC buffers of the network channels, 3,072 on its 16-ary 2-cube with 3 VCs — and not the
// injection channels' buffers nor Disha's recovery VC, which also fill past saturation.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "support/child_process.h"
#include "support/run_network.h"

using namespace icn;

TEST_CASE("the full-buffer count is the full edge buffers of the network channels, never the injection buffers",
          "[network][congestion]") {
  // A 4-ary 2-cube with TFAR and Disha, far past saturation: edge buffers and injection buffers fill.
  const std::string result = testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration_text(
        "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 3\n  buffer_depth: 4\n"
        "routing:\n  type: tfar\ndeadlock:\n  recovery: disha\n  timeout: 8\n"
        "simulation:\n  cycles: 2000\n  warmup: 0\n  progress: false\n",
        "packet_length: 16\ninjection:\n  rate: 0.9\n  unit: flits\n"));
    testing::run(*network);
    const Fabric& fabric = network->fabric();
    int counted = 0, edge = 0, other = 0, edge_buffers = 0;
    for (NodeId n = 0; n < network->topology().router_count(); ++n) {
      const Router& r = fabric.router(n);
      counted += r.full_buffers();
      for (int p = 0; p < r.input_ports(); ++p)
        for (int v = 0; v < r.virtual_channels(); ++v) {
          const bool is_edge = p < r.network_ports() && v < r.routing_vcs();
          edge_buffers += is_edge;
          if (r.input_occupancy(p, v) == r.buffer_depth()) ++(is_edge ? edge : other);
        }
    }
    std::ostringstream out;
    out << counted << " " << edge << " " << other << " " << edge_buffers << " " << fabric.full_buffers();
    return out.str();
  });
  std::istringstream in(result);
  int counted = 0, edge = 0, other = 0, edge_buffers = 0, fabric_count = 0;
  in >> counted >> edge >> other >> edge_buffers >> fabric_count;
  INFO("counted " << counted << ", full edge buffers " << edge << ", other full buffers " << other);
  CHECK(edge_buffers == 16 * 4 * 3);  // the paper's formula: nodes x network channels x VCs
  CHECK(other > 0);                   // injection buffers did fill, so leaving them out was exercised
  CHECK(edge > 0);
  CHECK(counted == edge);
  CHECK(fabric_count == edge);        // the time series' full_buffers is the same count
}
