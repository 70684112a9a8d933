// A lone packet's latency equals the pipeline formula exactly:
//
//   latency = 1 + Ti + (H + 1)(Tr + Tx) + H·Tl + Td + (L − 1)
//
// 1 cycle for the NI to take the packet from the source queue, Ti the injection channel, then at
// each of the H + 1 routers Tr routing + Tx crossbar, H router-to-router links of Tl, the delivery
// channel Td, and the L − 1 flits behind the header, one per cycle. It holds whenever buffers
// cover the credit round trip (B >= Tx + Tl + 1), so that flits stream without stalls.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "topology/kary_ncube.h"
#include "support/run_network.h"
#include "support/child_process.h"
#include "support/packet_injector.h"

using namespace icn;

namespace {

struct Case {
  const char* network;
  int routing, crossbar, link, injection, delivery, length;
  NodeId source, destination;
};

std::string run_lone_packet(const Case& c) {
  std::ostringstream platform;
  platform << c.network << "\nrouter:\n  virtual_channels: 2\n  buffer_depth: 8\n  routing_delay: " << c.routing
           << "\n  crossbar_delay: " << c.crossbar << "\n  link_delay: " << c.link
           << "\nnetwork_interface:\n  injection_delay: " << c.injection << "\n  delivery_delay: " << c.delivery
           << "\nsimulation:\n  cycles: 400\n  warmup: 0\n  progress: false\n";
  const std::string stimulus = "packet_length: " + std::to_string(c.length) + "\ninjection:\n  rate: 0\n";
  return testing::in_child_process([&] {
    Configuration configuration = load_configuration_text(platform.str(), stimulus);
    auto* network = new Experiment("network", configuration);
    new testing::PacketInjector("injector", network->fabric(), {{7, c.source, c.destination, c.length}});
    testing::run(*network);
    const LatencyDistribution& latency = network->statistics().latency();  // of the one packet
    std::ostringstream out;
    out << latency.count() << " " << latency.max() << " " << network->statistics().hops_sum();
    return out.str();
  });
}

}  // namespace

TEST_CASE("a lone packet's latency equals the analytic pipeline formula", "[router][timing]") {
  const char* torus44 = "network:\n  radix: 4\n  dimensions: 2\n  wrap: torus";
  const char* ring8 = "network:\n  radix: 8\n  dimensions: 1\n  wrap: torus";
  const char* mesh333 = "network:\n  radix: 3\n  dimensions: 3\n  wrap: mesh";
  const char* torus53 = "network:\n  radix: 5\n  dimensions: 3\n  wrap: torus";
  const Case cases[] = {
      {torus44, 1, 1, 1, 1, 1, 16, 0, 10},   // 2 + 2 hops, wrap in dimension 0
      {torus44, 1, 1, 1, 1, 1, 1, 0, 1},     // single-flit packet, one hop
      {torus44, 0, 1, 1, 1, 1, 4, 5, 5 ^ 1}, // no routing delay
      {ring8, 2, 1, 3, 2, 3, 5, 1, 5},       // tie at k/2, long links and channels
      {ring8, 1, 2, 1, 1, 1, 8, 6, 1},       // crosses the dateline going +
      {mesh333, 1, 1, 1, 1, 1, 16, 0, 26},   // corner to corner: 6 hops
      {mesh333, 3, 2, 2, 1, 1, 3, 13, 13},   // to itself: injection, one router, delivery
      {torus53, 1, 1, 1, 1, 1, 16, 0, 124},  // odd radix, three dimensions
  };
  for (const Case& c : cases) {
    const std::string network_text = c.network;
    const int k = std::stoi(network_text.substr(network_text.find("radix: ") + 7));
    const int n = std::stoi(network_text.substr(network_text.find("dimensions: ") + 12));
    const bool is_mesh = network_text.find("mesh") != std::string::npos;
    const KaryNCube topology(k, n, {is_mesh ? DimensionKind::Mesh : DimensionKind::Torus});
    const int hops = topology.distance(c.source, c.destination);
    const long expected = 1 + c.injection + (hops + 1) * (c.routing + c.crossbar) + hops * c.link + c.delivery +
                          (c.length - 1);
    INFO(network_text << " from " << c.source << " to " << c.destination << " (" << hops << " hops), Tr=" << c.routing
                      << " Tx=" << c.crossbar << " Tl=" << c.link << " Ti=" << c.injection << " Td=" << c.delivery
                      << " L=" << c.length);
    std::istringstream result(run_lone_packet(c));
    long measured_packets = 0, latency = 0, measured_hops = 0;
    result >> measured_packets >> latency >> measured_hops;
    REQUIRE(measured_packets == 1);
    CHECK(measured_hops == hops);
    CHECK(latency == expected);
  }
}
