// A k-ary n-cube whose routers have c terminals each (network.terminals_per_router, the concentration
// what-if of issue 53): node = slot·k^n + router, so a node's coordinates are its router's and the
// torus's routing functions, datelines and patterns take a destination node as it is; each terminal is
// its own generator and network interface on its own injection and delivery ports.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/measured_run.h"
#include "support/run_network.h"
#include "support/sanitizer_scale.h"
#include "topology/kary_ncube.h"

using namespace icn;

namespace {

const char* kRing = "network:\n  radix: 8\n  dimensions: 1\n  terminals_per_router: 4\nrouting:\n"
                    "  type: dimension_order\nrouter:\n  virtual_channels: 3\n  buffer_depth: 8\n";
const char* kSaturation = "packet_length: 8\npattern: {type: uniform}\ninjection:\n  process: saturation\n";

// Accepted flits/node/cycle, mean hops, network latency, and the flits delivered from the terminals of
// the slot that got the least and of the one that got the most (slot s: nodes 8s … 8s + 7, one at each
// router), from one run in a child process (which throws on a flit delivered to another node).
struct Shares {
  double accepted = 0, hops = 0, latency = 0;
  std::uint64_t least = 0, most = 0, reports = 0;
};

Shares run_shares(const std::string& stimulus, int cycles, std::vector<std::string> overrides) {
  std::istringstream in(testing::in_child_process([&] {
    overrides.insert(overrides.end(), {"simulation.cycles=" + std::to_string(cycles), "simulation.warmup=1000",
                                       "simulation.progress=false"});
    auto* network = new Experiment("network", load_configuration_text(kRing, stimulus, overrides));
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::vector<std::uint64_t> per_slot((r.accepted_flits_by_source().size() + 7) / 8, 0);
    for (std::size_t node = 0; node < r.accepted_flits_by_source().size(); ++node)
      per_slot[node / 8] += r.accepted_flits_by_source()[node];
    const auto [least, most] = std::minmax_element(per_slot.begin(), per_slot.end());
    std::ostringstream out;
    out << r.accepted() << " " << r.mean_hops() << " " << r.network_latency().mean << " " << *least << " " << *most << " "
        << r.deadlock_reports() + r.starvation_reports();
    return out.str();
  }));
  Shares s;
  in >> s.accepted >> s.hops >> s.latency >> s.least >> s.most >> s.reports;
  return s;
}

}  // namespace

TEST_CASE("on an 8-ary 2-cube of four terminals per router node = slot·64 + router: a node attaches to its router's "
          "slot, its distances and minimal ports are its router's, and the uniform capacity is a quarter",
          "[topology][concentration]") {
  const KaryNCube one(8, 2, {DimensionKind::Torus});
  const KaryNCube four(8, 2, {DimensionKind::Torus}, 4);
  CHECK(four.node_count() == 256);
  CHECK(four.router_count() == 64);
  CHECK_FALSE(four.is_direct());
  CHECK(four.terminal_slots(17) == 4);
  CHECK(four.describe() == "8-ary 2-cube torus, 4 terminals per router");
  CHECK(four.uniform_capacity() == Approx(one.uniform_capacity() / 4));
  long wrong = 0;
  int a[4], b[4];
  for (NodeId node = 0; node < four.node_count(); ++node) {
    const Topology::Attachment at = four.injection_point(node);
    wrong += at.router != node % 64 || at.slot != int(node / 64);
    wrong += four.delivery_point(node).router != at.router || four.delivery_point(node).slot != at.slot;
    wrong += four.coordinates(node) != one.coordinates(node % 64);
    for (NodeId router = 0; router < four.router_count(); ++router) {
      wrong += four.distance(router, node) != one.distance(router, node % 64);
      wrong += four.deterministic_port(router, node) != one.deterministic_port(router, node % 64);
      const int count = four.minimal_ports(router, node, a);
      wrong += count != one.minimal_ports(router, node % 64, b) || !std::equal(a, a + count, b);
    }
  }
  CHECK(wrong == 0);
}

TEST_CASE("every torus routing on a ring of four terminals per router runs full overload without deadlock and "
          "delivers every packet to the terminal it was sent to, under uniform and tornado traffic",
          "[network][concentration]") {
  for (const char* routing : {"dimension_order", "duato", "bubble", "shortest_path"})
    for (const char* pattern : {"uniform", "tornado"}) {
      INFO(routing << ", " << pattern);
      std::vector<std::string> overrides{std::string("routing.type=") + routing};
      if (std::string(routing) == "bubble")
        overrides.insert(overrides.end(), {"router.switching=virtual_cut_through", "router.buffer_depth=16"});
      const testing::Measured m = testing::measured_run(
          kRing, std::string("packet_length: 8\npattern: {type: ") + pattern + "}\ninjection:\n  process: saturation\n",
          3000 + testing::long_run_cycles(5000), overrides);
      CHECK(m.watchdog_reports == 0);
      CHECK(m.accepted > 0.05);  // tornado's bound: 4 terminals over 4 hops each way, 1/8 flits/node/cycle
    }
}

TEST_CASE("four terminals share their router: each slot injects its share at saturation, the channels limit a "
          "router to within 25 % of what one terminal drives, and at low load the mean hop count is the uniform "
          "distance over the other 31 nodes, 64/31", "[network][concentration]") {
  const int cycles = 4000 + testing::long_run_cycles(6000);
  const Shares four = run_shares(kSaturation, cycles, {});
  const Shares one = run_shares(kSaturation, cycles, {"network.terminals_per_router=1"});
  CHECK(four.reports == 0);
  INFO("slots' flits " << four.least << " to " << four.most);
  CHECK(four.least > four.most * 0.9);  // the allocators serve a router's four terminals alike
  CHECK(four.accepted * 4 > one.accepted * 0.75);
  CHECK(four.accepted * 4 < one.accepted * 1.25);
  // Low load: a ring of 8 has 16 hops summed over its routers; the 4·16 over 31 other terminals.
  const std::string low = "packet_length: 8\npattern: {type: uniform}\ninjection: {rate: 0.05, unit: flits}\n";
  const Shares quiet = run_shares(low, 40000, {});
  CHECK(quiet.hops == Approx(64.0 / 31).epsilon(0.03));
  const Shares quiet_one = run_shares(low, 40000, {"network.terminals_per_router=1"});
  CHECK(quiet_one.hops == Approx(16.0 / 7).epsilon(0.04));  // 2,000 packets: 1.1 % standard error
}

TEST_CASE("what a router of several terminals cannot have is refused in one line: the entropy circuit, metapackets "
          "and a router's injection rule (IPR, LBR) need one node per router", "[config][concentration]") {
  auto refusal = [](const std::vector<std::string>& overrides) {
    try {
      load_configuration_text(kRing, "", overrides);
      testing::in_child_process([&] {
        new Experiment("network", load_configuration_text(kRing, "", overrides));
        return std::string();
      });
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(refusal({"congestion_control.type=entropy"}),
             Catch::Contains("needs a k-ary n-cube of one terminal per router") &&
                 Catch::Contains("8-ary 1-cube ring, 4 terminals per router"));
  CHECK_THAT(refusal({"congestion_control.type=self_tuned", "congestion_control.distribution=metapackets"}),
             Catch::Contains("rows of a torus of one terminal per router"));
  CHECK_THAT(refusal({"congestion_control.type=lbr", "routing.type=bubble", "router.switching=virtual_cut_through",
                      "router.buffer_depth=64"}),
             Catch::Contains("one node per router"));
  CHECK_THAT(refusal({"network.terminals_per_router=65"}), Catch::Contains("network.terminals_per_router"));
  CHECK(refusal({"congestion_control.type=self_tuned"}).empty());
}
