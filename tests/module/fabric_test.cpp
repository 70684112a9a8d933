// A fabric is the network alone: elaborated from a platform, driven by whoever binds to its nodes,
// simulated by someone else's sc_start. Two of them in one simulation do not see each other.
#include <catch2/catch.hpp>

#include <sstream>

#include "fabric.h"
#include "support/child_process.h"
#include "support/packet_injector.h"

using namespace icn;

namespace {

const char* const kTorus = "network: {radix: 4, dimensions: 2}\nsimulation: {cycles: 400, warmup: 0}\n";
const char* const kRing = "network: {radix: 8, dimensions: 1}\nrouter: {virtual_channels: 4, buffer_depth: 4}\n"
                          "simulation: {cycles: 400, warmup: 0}\n";

// Packets delivered, then each packet's latency in order of delivery, then flits per node.
std::string deliveries(const Fabric& fabric) {
  std::ostringstream out;
  out << fabric.statistics().packets_delivered_total() << ":";
  for (const auto latency : fabric.statistics().latencies()) out << " " << latency;
  out << " /";
  for (const auto flits : fabric.statistics().delivered_flits()) out << " " << flits;
  return out.str();
}

const std::vector<testing::Order> kTorusOrders{{10, 0, 5, 4}, {10, 1, 5, 8}, {12, 15, 0, 3}, {30, 5, 10, 16}};
const std::vector<testing::Order> kRingOrders{{10, 0, 4, 6}, {11, 7, 3, 6}, {11, 2, 6, 2}};

}  // namespace

TEST_CASE("two fabrics in one simulation run independently of each other", "[fabric]") {
  const auto alone = [](bool torus) {
    return testing::in_child_process([torus] {
      auto* fabric = new Fabric("fabric", load_platform_text(torus ? kTorus : kRing));
      new testing::PacketInjector("injector", *fabric, torus ? kTorusOrders : kRingOrders);
      sc_core::sc_start(fabric->clock().time_of(300));
      return deliveries(*fabric);
    });
  };
  const std::string torus_alone = alone(true), ring_alone = alone(false);
  const std::string together = testing::in_child_process([] {
    // A shared clock for one, a clock of its own for the other.
    auto* clock = new CycleClock("clock", sc_core::sc_time(1, sc_core::SC_NS));
    auto* torus = new Fabric("torus", load_platform_text(kTorus), clock);
    auto* ring = new Fabric("ring", load_platform_text(kRing));
    new testing::PacketInjector("torus_injector", *torus, kTorusOrders);
    new testing::PacketInjector("ring_injector", *ring, kRingOrders);
    sc_core::sc_start(clock->time_of(300));
    return deliveries(*torus) + "|" + deliveries(*ring);
  });
  CHECK(torus_alone.rfind("4:", 0) == 0);
  CHECK(ring_alone.rfind("3:", 0) == 0);
  CHECK(together == torus_alone + "|" + ring_alone);
}

TEST_CASE("a fabric is elaborated from a platform alone and never starts the simulation", "[fabric]") {
  const std::string result = testing::in_child_process([] {
    auto* fabric = new Fabric("fabric", load_platform_text(kTorus));
    std::ostringstream out;
    out << fabric->node_count() << " " << int(sc_core::sc_get_status() == sc_core::SC_ELABORATION) << " "
        << sc_core::sc_time_stamp().value();
    return out.str();
  });
  CHECK(result == "16 1 0");
}

TEST_CASE("a platform alone refuses stimulus keys and unknown keys", "[fabric][config]") {
  CHECK_THROWS_WITH(load_platform_text(kTorus, {"stimulus.injection.rate=0.1"}),
                    Catch::Contains("a platform alone has no stimulus"));
  CHECK_THROWS_WITH(load_platform_text("network: {radix: 4, dimensions: 2, colour: red}\n"),
                    Catch::Contains("network.colour"));
  // A file --print-config wrote carries its stimulus; the platform is read and the rest left aside.
  CHECK(load_platform_text(std::string(kTorus) + "stimulus: {injection: {rate: 0.1}}\n").network.topology()
            .node_count() == 16);
}
