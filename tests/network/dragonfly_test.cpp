// A dragonfly under minimal routing (Kim, Dally, Scott, Abts, ISCA 2008): deadlock-free by its two VC
// classes at full overload, uniform traffic delivered up to its capacity, and the adversarial group
// shift held to one global channel per group — 1/(a·p) flits/node/cycle.
#include <catch2/catch.hpp>

#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/measured_run.h"
#include "support/run_network.h"
#include "support/sanitizer_scale.h"

using namespace icn;

namespace {

// p = 2, a = 4, h = 2: the paper's balanced a = 2p = 2h, 9 groups, 72 nodes.
const char* kDragonfly = "network:\n  topology: dragonfly\n  terminals_per_router: 2\n  routers_per_group: 4\n"
                         "  global_per_router: 2\nrouting:\n  type: minimal\nrouter:\n  virtual_channels: 2\n"
                         "  buffer_depth: 8\n";

// Accepted flits/node/cycle and the watchdog's reports, from a run of `stimulus`.
std::pair<double, std::uint64_t> run(const std::string& stimulus, int cycles, std::vector<std::string> overrides = {}) {
  const testing::Measured m = testing::measured_run(kDragonfly, stimulus, cycles, std::move(overrides));
  return {m.accepted, m.watchdog_reports};
}

}  // namespace

TEST_CASE("minimal routing on a dragonfly never deadlocks at full overload: its VC classes before and after the "
          "global hop", "[network][dragonfly]") {
  for (const char* pattern : {"uniform", "group_shift"}) {
    INFO(pattern);
    const auto [accepted, reports] = run(std::string("packet_length: 8\npattern: {type: ") + pattern +
                                             "}\ninjection:\n  process: saturation\n",
                                         3000 + testing::long_run_cycles(7000));
    CHECK(reports == 0);
    CHECK(accepted > 0.05);
  }
}

TEST_CASE("without its VC classes minimal routing on a dragonfly deadlocks at full load, and the watchdog names a "
          "cycle through global and local channels of different groups", "[network][dragonfly][watchdog]") {
  try {
    testing::in_child_process([] {
      auto* network = new Experiment(
          "network", load_configuration_text(kDragonfly, "packet_length: 8\ninjection: {rate: 1, unit: flits}\n",
                                             {"routing.vc_classes=none", "router.virtual_channels=1",
                                              "simulation.cycles=40000", "simulation.watchdog_cycles=3000",
                                              "simulation.progress=false"}));
      testing::run(*network);
      return std::string("finished");
    });
    FAIL("the deadlock went unnoticed");
  } catch (const std::runtime_error& e) {
    const std::string report = e.what();
    CHECK_THAT(report, Catch::Contains("deadlock") && Catch::Contains("a cycle of") &&
                           Catch::Contains("holds output global") && Catch::Contains("holds output local"));
  }
}

TEST_CASE("under group shift minimal routing on a dragonfly saturates near 1/(a·p) of a node's injection, one "
          "global channel per group", "[network][dragonfly]") {
  // a·p = 8 nodes of a group share the one channel to the next group: 0.125 flits/node/cycle. With two
  // VCs per class the channel carries 97 % of that.
  const std::string shift = "packet_length: 8\npattern: {type: group_shift}\ninjection: {rate: 0.5, unit: flits}\n";
  const auto [accepted, reports] = run(shift, 6000, {"router.virtual_channels=4"});
  CHECK(reports == 0);
  CHECK(accepted > 0.9 * 0.125);
  CHECK(accepted < 1.02 * 0.125);
  // With one VC per class every packet's header is routed at the front of the landing router's one
  // global VC, and the channel idles meanwhile: measured 91 %, 84 % and 77 % of 0.125 at 0, 1 and 2
  // cycles of routing delay with 8-flit packets.
  double previous = 1.0;
  for (const char* delay : {"0", "1", "2"}) {
    const double one_vc = run(shift, 6000, {std::string("router.routing_delay=") + delay}).first;
    INFO("routing delay " << delay << ": " << one_vc);
    CHECK(one_vc < previous);
    CHECK(one_vc < accepted);
    previous = one_vc;
  }
}

TEST_CASE("Valiant routing on a dragonfly never deadlocks at full overload: its three VC classes",
          "[network][dragonfly]") {
  for (const char* pattern : {"uniform", "group_shift"}) {
    INFO(pattern);
    const auto [accepted, reports] = run(std::string("packet_length: 8\npattern: {type: ") + pattern +
                                             "}\ninjection:\n  process: saturation\n",
                                         3000 + testing::long_run_cycles(7000),
                                         {"routing.type=valiant", "router.virtual_channels=3"});
    CHECK(reports == 0);
    CHECK(accepted > 0.05);
  }
}

TEST_CASE("under group shift minimal routing on a dragonfly saturates near 1/(a·p) while Valiant holds about half "
          "of a node's injection; on uniform traffic Valiant pays for its detour", "[network][dragonfly]") {
  // Kim et al. sec. 4: Valiant spreads any pattern over every global channel, each packet crossing
  // two, so it holds about half the global bandwidth (here h/p = 1 flit/node/cycle) whatever the
  // pattern. Measured (6,000 cycles, 6 VCs): group shift 0.124 minimal, 0.451 Valiant; uniform at
  // full load 0.676 minimal, 0.454 Valiant.
  const std::string shift = "packet_length: 8\npattern: {type: group_shift}\ninjection: {rate: 1, unit: flits}\n";
  const std::string uniform = "packet_length: 8\ninjection: {rate: 1, unit: flits}\n";
  const double minimal = run(shift, 6000, {"router.virtual_channels=6"}).first;
  const double valiant = run(shift, 6000, {"routing.type=valiant", "router.virtual_channels=6"}).first;
  INFO("group shift: minimal " << minimal << ", Valiant " << valiant);
  CHECK(minimal < 0.13);  // one global channel per group: 1/(a·p) = 0.125
  CHECK(valiant > 0.4);
  CHECK(valiant < 0.55);
  const double minimal_uniform = run(uniform, 6000, {"router.virtual_channels=6"}).first;
  const double valiant_uniform = run(uniform, 6000, {"routing.type=valiant", "router.virtual_channels=6"}).first;
  INFO("uniform: minimal " << minimal_uniform << ", Valiant " << valiant_uniform);
  CHECK(valiant_uniform < 0.8 * minimal_uniform);
  CHECK(valiant_uniform > 0.4);
}

TEST_CASE("UGAL-L on a dragonfly routes uniform traffic about as minimal routing does, and under group shift holds "
          "more than minimal routing but less than Valiant: it sees only its own router's queues",
          "[network][dragonfly]") {
  // Kim et al. sec. 4.2: UGAL-L misjudges a global channel congested behind another router of the
  // group. Measured (6,000 cycles, 6 VCs, full load): uniform 0.649 (minimal 0.676, Valiant 0.454);
  // group shift 0.325 (minimal 0.124, Valiant 0.451).
  const std::vector<std::string> ugal = {"routing.type=ugal_local", "router.virtual_channels=6"};
  const double uniform = run("packet_length: 8\ninjection: {rate: 1, unit: flits}\n", 6000, ugal).first;
  const double shift =
      run("packet_length: 8\npattern: {type: group_shift}\ninjection: {rate: 1, unit: flits}\n", 6000, ugal).first;
  INFO("UGAL-L: uniform " << uniform << ", group shift " << shift);
  CHECK(uniform > 0.6);
  CHECK(shift > 2 * 0.125);
  CHECK(shift < 0.42);
}

TEST_CASE("under group shift UGAL-G holds at least what Valiant holds, and UGAL-L, judging by its own router's "
          "queues, falls well short of both", "[network][dragonfly]") {
  // Kim et al. 2008 sec. 4.2: UGAL-G, with every global channel's queue known at once, holds what
  // Valiant holds under adversarial traffic. It does so when the queue it reads is every flit waiting
  // to cross the channel (Router::waiting_for: packets routed to it still waiting for its VC too) and
  // minimal packets do not share the VCs detoured ones leave their group by (their routes start in
  // the second VC class, as in the simulator of Kim et al.). Measured (72 nodes, 8 VCs, 6,000 cycles,
  // full load): Valiant 0.467, UGAL-G 0.466, UGAL-L 0.360; before, UGAL-G read only the flits holding
  // the channel's VCs and downstream, and minimal packets shared the first class: 0.31 at 8 VCs.
  const std::string shift = "packet_length: 8\npattern: {type: group_shift}\ninjection: {rate: 1, unit: flits}\n";
  auto accepted = [&](const char* routing) {
    return run(shift, 6000, {std::string("routing.type=") + routing, "router.virtual_channels=8"}).first;
  };
  const double valiant = accepted("valiant"), global = accepted("ugal_global"), local = accepted("ugal_local");
  INFO("Valiant " << valiant << ", UGAL-G " << global << ", UGAL-L " << local);
  CHECK(global >= 0.95 * valiant);
  CHECK(local < 0.85 * global);
}

TEST_CASE("UGAL-G and PAR on a dragonfly never deadlock at full overload: three and four VC classes in path order",
          "[network][dragonfly]") {
  for (const char* routing : {"ugal_global", "par"})
    for (const char* pattern : {"uniform", "group_shift"}) {
      INFO(routing << ", " << pattern);
      const auto [accepted, reports] = run(std::string("packet_length: 8\npattern: {type: ") + pattern +
                                               "}\ninjection:\n  process: saturation\n",
                                           3000 + testing::long_run_cycles(7000),
                                           {std::string("routing.type=") + routing, "router.virtual_channels=4"});
      CHECK(reports == 0);
      CHECK(accepted > 0.2);
    }
}

TEST_CASE("under group shift below saturation UGAL-L's packets wait far longer than UGAL-G's and PAR's: its source "
          "router sees the congested global channel only once the local channel to it backs up", "[network][dragonfly]") {
  // Kim et al. 2008 sec. 4.2 and Jiang et al. 2009 sec. 3. Measured (72 nodes, 8 VCs, 0.3 flits/node/
  // cycle): network latency UGAL-L 68.4, UGAL-G 44.9, PAR 41.1, Valiant 42.7 cycles; at full load
  // 0.360, 0.466, 0.398, 0.467 flits/node/cycle.
  auto latency = [](const char* routing) {
    return std::stod(testing::in_child_process([routing] {
      auto* network = new Experiment(
          "network", load_configuration_text(kDragonfly,
                                             "packet_length: 8\npattern: {type: group_shift}\n"
                                             "injection: {rate: 0.3, unit: flits}\n",
                                             {std::string("routing.type=") + routing, "router.virtual_channels=8",
                                              "simulation.cycles=6000", "simulation.warmup=1000",
                                              "simulation.progress=false"}));
      testing::run(*network);
      return std::to_string(make_report(*network).network_latency().mean);
    }));
  };
  const double local = latency("ugal_local"), global = latency("ugal_global"), par = latency("par");
  INFO("UGAL-L " << local << ", UGAL-G " << global << ", PAR " << par);
  CHECK(local > 1.3 * global);
  CHECK(local > 1.3 * par);
  CHECK(global < 60);
}

TEST_CASE("uniform traffic on a dragonfly below saturation is all delivered", "[network][dragonfly]") {
  const auto [accepted, reports] = run("packet_length: 8\ninjection: {rate: 0.3, unit: flits}\n", 5000);
  CHECK(reports == 0);
  CHECK(accepted == Approx(0.3).epsilon(0.06));
}

TEST_CASE("a dragonfly's global channels take network.global_link_delay: at zero load every packet that crosses one "
          "arrives that much later", "[network][dragonfly]") {
  auto network_latency = [](int global_delay) {
    return std::stod(testing::in_child_process([global_delay] {
      auto* network = new Experiment("network", load_configuration_text(
          kDragonfly, "packet_length: 4\ninjection: {rate: 0.01, unit: flits}\n",
          {"network.global_link_delay=" + std::to_string(global_delay), "simulation.cycles=20000",
           "simulation.warmup=1000", "simulation.progress=false"}));
      testing::run(*network);
      return std::to_string(make_report(*network).network_latency().mean);
    }));
  };
  // 64 of a packet's 71 destinations are in another group: 10 more cycles on their one global hop.
  const double slower = network_latency(11) - network_latency(0);
  CHECK(slower == Approx(10.0 * 64 / 71).epsilon(0.04));
}

TEST_CASE("what a dragonfly cannot have is refused in one line naming the key", "[dragonfly][config]") {
  auto refusal = [](const std::vector<std::string>& overrides) {
    try {
      load_configuration_text(kDragonfly, "", overrides);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(refusal({"network.groups=10"}), Catch::Contains("network.groups") && Catch::Contains("2 to a*h + 1 = 9"));
  CHECK_THAT(refusal({"router.virtual_channels=1"}), Catch::Contains("at least 2 virtual channels"));
  CHECK_THAT(refusal({"routing.type=dimension_order"}), Catch::Contains("needs a k-ary n-cube (this network is a dragonfly"));
  CHECK_THAT(refusal({"network.topology=kary_ncube", "network.routers_per_group=2"}), Catch::Contains("routers_per_group"));
  CHECK(refusal({"network.groups=5"}).empty());
}
