// The recipes of docs/design.md ("Adding a mechanism"), followed from outside the model: a congestion
// controller and a routing function, each one class and one registration in this file, are chosen
// by their keys, their parameters checked, and run. (A topology registered the same way:
// tests/network/topology_interface_test.cpp.)
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "congestion/congestion_controller.h"
#include "common/config_error.h"
#include "experiment.h"
#include "routing/routing_function.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"
#include "topology/kary_ncube.h"

using namespace icn;

namespace {

// Recipe 1, a controller: refuses every new packet in `closed` cycles of each `period`.
class PeriodicGate final : public CongestionController {
 public:
  PeriodicGate(sc_core::sc_module_name name, const ControllerContext& c)
      : CongestionController(name),
        period_(Cycle(c.parameters.integer("period"))),
        closed_(Cycle(c.parameters.integer("closed"))) {}
  bool may_inject(const Packet&, Cycle now) override {
    if (!throttling(now)) return true;
    count_throttled_cycle(now);
    return false;
  }
  bool throttling(Cycle now) const override { return now % period_ < closed_; }

 private:
  const Cycle period_, closed_;
};

const Registration<ControllerRegistry> controller{{
    "test_periodic_gate", "refuses new packets in the first `closed` cycles of every `period` (tests only)",
    {ParameterSpec::integer("period", 10, 1, 1000, "cycles"), ParameterSpec::integer("closed", 5, 0, 1000, "cycles")},
    [](sc_core::sc_module_name name, const ControllerContext& c) { return std::make_unique<PeriodicGate>(name, c); }}};

// Recipe 2, a routing function: dimension order with the dimensions reversed (y before x) on a
// mesh, deadlock-free on one VC for the same reason x-first is.
class YFirst final : public RoutingFunction {
 public:
  YFirst(const KaryNCube& mesh, int vcs) : mesh_(mesh), vcs_(vcs) {}
  void route(NodeId node, int, int, NodeId destination, RouteResult& out) const override {
    out.clear();
    const std::vector<int> here = mesh_.coordinates(node), there = mesh_.coordinates(destination);
    for (int d = mesh_.dimensions() - 1; d >= 0; --d)
      if (here[d] != there[d]) {
        out.add(KaryNCube::port_of(d, there[d] > here[d]), first_vcs(vcs_));
        return;
      }
  }
  std::string describe() const override { return "y first (tests only)"; }

 private:
  const KaryNCube& mesh_;
  const int vcs_;
};

int y_first_builds = 0;  // how often the registry built the function (once a run: the configuration)

const Registration<RoutingRegistry> routing{{
    "test_y_first", "dimension order, highest dimension first, on a mesh (tests only)", {},
    [](const RoutingContext& c) -> std::unique_ptr<RoutingFunction> {
      ++y_first_builds;
      const auto* mesh = dynamic_cast<const KaryNCube*>(&c.topology);
      if (!mesh) throw std::invalid_argument("y-first routing needs a k-ary n-cube");
      for (int d = 0; d < mesh->dimensions(); ++d)
        if (mesh->wraps(d)) throw std::invalid_argument("y-first routing on one VC needs a mesh (no wrap links)");
      return std::make_unique<YFirst>(*mesh, c.virtual_channels);
    }}};

const char* kMesh = "network: {radix: 4, dimensions: 2, wrap: mesh}\nsimulation: {warmup: 0, progress: false}\n";

}  // namespace

TEST_CASE("a controller registered from a test file is chosen by its key, its parameters checked, and it throttles",
          "[recipes][congestion]") {
  std::istringstream in(testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration_text(
        kMesh, "injection: {rate: 0.02}\n",
        {"congestion_control.type=test_periodic_gate", "congestion_control.period=4", "congestion_control.closed=2",
         "simulation.cycles=4000"}));
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::uint64_t throttled = 0;
    for (double cycles : r.result().numbers("per_node.throttled_cycles")) throttled += std::uint64_t(cycles);
    std::ostringstream out;
    out << r.controller() << ' ' << r.packets_delivered() << ' ' << throttled;
    return out.str();
  }));
  std::string name;
  std::uint64_t delivered = 0, throttled = 0;
  in >> name >> delivered >> throttled;
  CHECK(name == "test_periodic_gate");
  CHECK(delivered > 1000);  // 16 nodes × 0.02 × 4,000 cycles offered, half the cycles open
  CHECK(throttled > 0);
  try {
    load_configuration_text(kMesh, "", {"congestion_control.type=test_periodic_gate", "congestion_control.closed=5000"});
    FAIL("a parameter out of its range was accepted");
  } catch (const ConfigError& e) {
    CHECK_THAT(e.what(), Catch::Contains("congestion_control.closed") && Catch::Contains("0..1000"));
  }
}

TEST_CASE("a routing function registered from a test file routes a mesh y first, built once with the configuration: a packet from (0,0) to (1,1) leaves "
          "node 0 on +y and enters node 5 from node 4", "[recipes][routing]") {
  const std::string out = testing::in_child_process([] {
    // One 4-flit message, 0 -> 5, replayed from a trace; per-link counts kept.
    const std::string trace = "/tmp/icnsim-recipe-" + std::to_string(::getpid()) + ".trace";
    std::ofstream(trace) << "nodes 16\n0 send 5 4\n5 recv 0\n";
    auto* network = new Experiment("network", load_configuration_text(
        kMesh, "trace: " + trace + "\n", {"routing.type=test_y_first", "router.virtual_channels=1",
                                           "simulation.cycles=200", "simulation.activity=per_component"}));
    std::remove(trace.c_str());
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::ostringstream os;
    os << y_first_builds << " build: ";
    const auto from = r.counts("activity.links.from"), to = r.counts("activity.links.to");
    const auto flits = r.counts("activity.links.flits");
    for (std::size_t i = 0; i < flits.size(); ++i)
      if (flits[i] > 0) os << from[i] << '>' << to[i] << ' ';
    os << r.routing();
    return os.str();
  });
  // x first would have gone 0>1 1>5; the function is built once, with the configuration, and the fabric
  // routes with that one.
  CHECK(out == "1 build: 0>4 4>5 y first (tests only)");
  try {
    load_configuration_text("network: {radix: 4, dimensions: 2}\n", "", {"routing.type=test_y_first"});
    FAIL("y-first routing was accepted on a torus");
  } catch (const ConfigError& e) {
    CHECK_THAT(e.what(), Catch::Contains("y-first routing on one VC needs a mesh"));
  }
}
