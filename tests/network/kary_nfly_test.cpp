// The k-ary n-fly of the virtual-channel paper (sec. II, Fig. 4): the butterfly wiring, destination-tag
// routing in exactly n switches, the exact zero-load pipeline, and full load without deadlock or lost
// flits under every arbitration policy.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "routing/routing_function.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/packet_injector.h"
#include "support/run_network.h"
#include "support/sanitizer_scale.h"
#include "topology/kary_nfly.h"

using namespace icn;

namespace {

NodeId power(int k, int e) {
  NodeId p = 1;
  while (e-- > 0) p *= NodeId(k);
  return p;
}

std::string fly(int k, int n) {
  return "network:\n  topology: kary_nfly\n  radix: " + std::to_string(k) + "\n  stages: " + std::to_string(n) +
         "\nrouting:\n  type: destination_tag\n";
}

}  // namespace

TEST_CASE("each switch output of a k-ary n-fly feeds the next-stage switch whose index has that stage's digit "
          "replaced by the port, entering on the port of the replaced digit; every input is fed once", "[topology][nfly]") {
  for (auto [k, n] : {std::pair{2, 6}, std::pair{3, 3}, std::pair{4, 2}, std::pair{2, 1}}) {
    const KaryNFly t(k, n);
    INFO(t.describe());
    const NodeId per_stage = power(k, n - 1);
    REQUIRE(t.node_count() == power(k, n));
    REQUIRE(t.router_count() == NodeId(n) * per_stage);
    std::set<std::pair<NodeId, int>> entered;
    for (NodeId r = 0; r < t.router_count(); ++r) {
      const int stage = int(r / per_stage);
      const NodeId index = r % per_stage;
      CHECK(t.terminal_slots(r) == (stage == 0 || stage == n - 1 ? k : 0));
      for (int p = 0; p < k; ++p) {
        const Topology::Link to = t.link(r, p);
        if (stage == n - 1) {
          CHECK(to.router == kNoNode);
          continue;
        }
        const NodeId weight = power(k, n - 2 - stage);
        const int old_digit = int(index / weight % NodeId(k));
        CHECK(to.router == NodeId(stage + 1) * per_stage + index - NodeId(old_digit) * weight + NodeId(p) * weight);
        CHECK(to.input_port == old_digit);
        CHECK(entered.insert({to.router, to.input_port}).second);
      }
    }
    CHECK(entered.size() == std::size_t((n - 1) * per_stage * NodeId(k)));
  }
}

TEST_CASE("destination-tag routing takes every node to every node in exactly n switches", "[topology][nfly]") {
  for (auto [k, n] : {std::pair{2, 6}, std::pair{3, 3}, std::pair{4, 2}}) {
    const KaryNFly t(k, n);
    INFO(t.describe());
    const ParameterSet none;
    const auto routing = RoutingRegistry::get("destination_tag").create(RoutingContext{t, 2, none});
    RouteResult route;
    for (NodeId source = 0; source < t.node_count(); ++source)
      for (NodeId destination = 0; destination < t.node_count(); ++destination) {
        NodeId at = t.injection_point(source).router;
        int switches = 1;
        for (int port; (port = t.deterministic_port(at, destination)) >= 0 && switches <= n; ++switches) {
          routing->route(at, 0, 0, destination, route);
          REQUIRE(route.count == 1);
          CHECK(route.candidates[0].port == port);
          CHECK(route.candidates[0].vc_mask == 0b11u);  // feed-forward: any VC
          CHECK(t.distance(at, destination) == n - switches);
          at = t.link(at, port).router;
        }
        CHECK(switches == n);
        CHECK(at == t.delivery_point(destination).router);
        CHECK(t.delivery_point(destination).slot == int(destination % NodeId(k)));
      }
  }
}

TEST_CASE("a lone packet on a 2-ary 6-fly has the exact zero-load latency of its pipeline", "[nfly][timing]") {
  // latency = 1 + Ti + n(Tr + Tx) + (n − 1)Tl + Td + (L − 1), zero_load_latency_test.cpp's formula
  // with the n switches every path crosses — a node sending to itself included.
  for (auto [source, destination] : {std::pair<NodeId, NodeId>{0, 63}, {5, 5}, {17, 40}}) {
    std::istringstream in(testing::in_child_process([source = source, destination = destination] {
      auto* network = new Experiment("network", load_configuration_text(
          fly(2, 6) + "router:\n  routing_delay: 2\n  crossbar_delay: 1\n  link_delay: 3\n"
                      "network_interface:\n  injection_delay: 2\n  delivery_delay: 1\n",
          "packet_length: 9\ninjection:\n  rate: 0\n",
          {"simulation.cycles=400", "simulation.warmup=0", "simulation.progress=false"}));
      new testing::PacketInjector("injector", network->fabric(), {{7, source, destination, 9}});
      testing::run(*network);
      const LatencyDistribution& latency = network->statistics().latency();  // of the one packet
      std::ostringstream out;
      out << latency.count() << " " << latency.max() << " " << network->statistics().hops_sum();
      return out.str();
    }));
    long packets = 0, latency = 0, hops = 0;
    in >> packets >> latency >> hops;
    INFO(source << " -> " << destination);
    REQUIRE(packets == 1);
    CHECK(hops == 5);
    CHECK(latency == 1 + 2 + 6 * (2 + 1) + 5 * 3 + 1 + 8);
  }
}

TEST_CASE("under priority scheduling a high-priority packet overtakes the standard packet its source is sending "
          "and arrives at the zero-load latency (Dally Fig. 18)", "[nfly][arbitration]") {
  // Node 0 starts a 40-flit standard packet to node 63 in cycle 5 and a 20-flit high-priority one
  // to node 62 in cycle 8: they share the injection channel and five switch outputs. One cycle
  // per hop, VCs as crossbar inputs: zero-load latency 1 + 1 + 5 + 1 + 19 = 27 cycles.
  auto latencies = [](const char* arbitration) {
    std::istringstream in(testing::in_child_process([arbitration] {
      auto* network = new Experiment("network", load_configuration_text(
          fly(2, 6) + "router:\n  virtual_channels: 4\n  buffer_depth: 4\n  routing_delay: 0\n  crossbar_delay: 0\n"
                      "  crossbar_inputs: per_vc\n  arbitration: " + arbitration +
                      "\nnetwork_interface:\n  packets_in_progress: 4\n",
          "injection:\n  rate: 0\n", {"simulation.cycles=300", "simulation.warmup=0", "simulation.progress=false"}));
      new testing::PacketInjector("injector", network->fabric(), {{5, 0, 63, 40, 0}, {8, 0, 62, 20, 1}});
      testing::run(*network);
      const LatencyDistribution& high = network->statistics().high_priority_latency();  // of the one
      const LatencyDistribution& all = network->statistics().latency();
      std::ostringstream out;
      out << all.count() << " " << high.max() << " " << all.max();
      return out.str();
    }));
    long packets = 0, high = 0, slowest = 0;
    in >> packets >> high >> slowest;
    REQUIRE(packets == 2);
    return std::pair{high, slowest};
  };
  const auto [high, standard] = latencies("priority");
  CHECK(high == 27);
  CHECK(standard > 1 + 1 + 5 + 1 + 39);  // the standard packet gave way
  const auto [shared, both] = latencies("round_robin");
  CHECK(shared > 27);  // round-robin shares the channels: the high-priority packet waits too
}

TEST_CASE("a 2-ary 6-fly at full load conserves flits and never deadlocks, under every arbitration policy and "
          "crossbar organisation", "[nfly]") {
  for (const char* crossbar : {"per_channel", "per_vc"})
    for (const char* arbitration : {"random", "round_robin", "oldest_first", "priority"}) {
      const std::string accepted = testing::in_child_process([arbitration, crossbar] {
        auto* network = new Experiment("network", load_configuration_text(
            fly(2, 6) + "router:\n  virtual_channels: 4\n  buffer_depth: 4\n  arbitration: " + arbitration +
                "\n  crossbar_inputs: " + crossbar + "\n",
            "packet_length: 20\nhigh_priority_fraction: 0.1\ninjection:\n  process: saturation\n",
            {"simulation.cycles=" + std::to_string(2000 + testing::long_run_cycles(10000)), "simulation.warmup=2000",
             "simulation.progress=false"}));
        testing::run(*network);  // throws on deadlock, lost flits or a stopped run
        return std::to_string(make_report(*network).accepted());
      });
      INFO(crossbar << ", " << arbitration);
      CHECK(std::stod(accepted) > 0.4);  // of 1 flit/node/cycle; four VCs of 4 flits carry well over 40 %
    }
}

TEST_CASE("what needs a k-ary n-cube or a direct network refuses the k-ary n-fly, naming both", "[nfly][config]") {
  auto refusal = [](const std::string& platform, const std::vector<std::string>& overrides) {
    try {
      load_configuration_text(platform, "", overrides);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(refusal(fly(2, 4), {"routing.type=dimension_order"}),
             Catch::Contains("dimension-order routing needs a k-ary n-cube (this network is a 2-ary 4-fly)"));
  CHECK_THAT(refusal("network:\n  radix: 4\n", {"routing.type=destination_tag"}),
             Catch::Contains("destination-tag routing needs a k-ary n-fly (this network is a 4-ary 2-cube torus)"));
  CHECK_THAT(refusal(fly(2, 4), {"deadlock.recovery=software"}), Catch::Contains("routers without exactly one node"));
  CHECK_THAT(refusal(fly(2, 4), {"stimulus.pattern.type=tornado"}), Catch::Contains("tornado pattern needs a k-ary n-cube"));
  CHECK_THAT(refusal(fly(16, 2), {"network_interface.injection_channels=4"}),
             Catch::Contains("network_interface.injection_channels: 4 per node make 80 ports"));
  CHECK(refusal(fly(2, 4), {"stimulus.pattern.type=bit_reversal"}).empty());
}
