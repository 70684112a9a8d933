// The model reaches a topology only through its interface (topology/topology.h): a topology
// registered from outside the model — here a ring whose links enter the neighbour on the *other*
// port number, unlike the k-ary n-cube's — is wired, routed and run; mechanisms built on the
// k-ary n-cube's geometry refuse it with a configuration error naming both.
#include <catch2/catch.hpp>

#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "routing/routing_function.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"
#include "topology/kary_ncube.h"
#include "traffic/destination_pattern.h"

using namespace icn;

namespace {

// N routers in a ring. Output port 0 goes clockwise (to r + 1) and enters there on input port 1;
// output port 1 goes counter-clockwise (to r − 1) and enters on input port 0.
class SwappedRing final : public Topology {
 public:
  explicit SwappedRing(int nodes) : n_(nodes) {}
  std::string describe() const override { return "test ring of " + std::to_string(n_) + " routers"; }
  NodeId node_count() const override { return NodeId(n_); }
  int network_ports() const override { return 2; }
  Link link(NodeId r, int port) const override {
    return port == 0 ? Link{NodeId((r + 1) % n_), 1} : Link{NodeId((r + n_ - 1) % n_), 0};
  }
  int distance(NodeId from, NodeId to) const override {
    const int cw = clockwise(from, to);
    return std::min(cw, n_ - cw);
  }
  int minimal_ports(NodeId from, NodeId to, int* out) const override {
    const int cw = clockwise(from, to);
    int count = 0;
    if (cw != 0 && 2 * cw <= n_) out[count++] = 0;
    if (cw != 0 && 2 * cw >= n_) out[count++] = 1;
    return count;
  }
  int deterministic_port(NodeId from, NodeId to) const override {
    const int cw = clockwise(from, to);
    return cw == 0 ? -1 : 2 * cw <= n_ ? 0 : 1;
  }
  double uniform_capacity() const override { return 8.0 / n_; }

 private:
  int clockwise(NodeId from, NodeId to) const { return int((to + NodeId(n_) - from) % NodeId(n_)); }
  int n_;
};

const Registration<TopologyRegistry> registration{{
    "test_swapped_ring", "a ring wired port 0 → port 1 (tests only)",
    {ParameterSpec::integer("radix", 8, 3, 64, "routers")},
    [](const ParameterSet& p) -> std::shared_ptr<const Topology> {
      return std::make_shared<const SwappedRing>(int(p.integer("radix")));
    }}};

const char* kRing = "network:\n  topology: test_swapped_ring\n  radix: 8\nrouter:\n  virtual_channels: 2\n"
                    "routing:\n  type: tfar\ndeadlock:\n  recovery: disha\n";

std::string refusal(const std::string& platform, const std::string& stimulus,
                    const std::vector<std::string>& overrides = {}) {
  try {
    load_configuration_text(platform, stimulus, overrides);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("every output port of a topology drives the input port its link names, whatever the numbering",
          "[topology]") {
  const std::string wiring = testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration_text(kRing, "", {"simulation.progress=false"}));
    const Topology& t = network->topology();
    int checked = 0, wrong = 0;
    for (NodeId a = 0; a < t.node_count(); ++a)
      for (int p = 0; p < t.network_ports(); ++p) {
        const Topology::Link to = t.link(a, p);
        Router& from = network->node(a).router();
        Router& into = network->node(to.router).router();
        wrong += from.output_flits(p) == nullptr || from.output_flits(p) != into.input_flits(to.input_port);
        wrong += from.output_credits(p) == nullptr || from.output_credits(p) != into.input_credits(to.input_port);
        ++checked;
      }
    return std::to_string(checked) + " " + std::to_string(wrong);
  });
  CHECK(wiring == "16 0");
}

TEST_CASE("a topology registered outside the model runs past saturation with adaptive routing and Disha",
          "[topology]") {
  std::istringstream in(testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration_text(
        kRing, "packet_length: 4\ninjection: {rate: 1, unit: flits}\n",
        {"simulation.cycles=20000", "simulation.warmup=2000", "simulation.progress=false"}));
    testing::run(*network);  // throws on deadlock, lost flits or a stopped run
    const RunReport r = make_report(*network);
    std::ostringstream out;
    out << r.accepted() << " " << r.mean_hops();
    return out.str();
  }));
  double accepted = 0, hops = 0;
  in >> accepted >> hops;
  // Uniform traffic on an 8-ring: mean distance over the 7 other nodes is (1+2+3+4+3+2+1)/7 = 16/7.
  CHECK(hops == Approx(16.0 / 7).epsilon(0.03));
  CHECK(accepted > 0.5);  // of a capacity of 1 flit/node/cycle: it keeps delivering at full load
}

TEST_CASE("mechanisms built on the k-ary n-cube's geometry refuse another topology, naming both", "[topology][config]") {
  const std::string dor = refusal(kRing, "", {"routing.type=dimension_order"});
  CHECK_THAT(dor, Catch::Contains("routing.type: dimension_order cannot run on this platform"));
  CHECK_THAT(dor, Catch::Contains("dimension-order routing needs a k-ary n-cube (this network is a test ring of 8 routers)"));
  CHECK_THAT(refusal(kRing, "", {"routing.type=duato"}), Catch::Contains("Duato's routing needs a k-ary n-cube"));
  CHECK_THAT(refusal(kRing, "", {"routing.type=bubble"}), Catch::Contains("bubble routing needs a k-ary n-cube"));
  CHECK_THAT(refusal(kRing, "pattern: {type: tornado}\n"), Catch::Contains("the tornado pattern needs a k-ary n-cube"));
  CHECK_THAT(refusal(kRing, "pattern: {type: transpose}\n"), Catch::Contains("the transpose pattern needs a k-ary n-cube"));
  CHECK_THAT(refusal(kRing, "", {"congestion_control.type=self_tuned", "congestion_control.distribution=metapackets"}),
             Catch::Contains("metapackets go round the rows of a torus of one terminal per router, and this network is a test ring of 8 routers"));
  // What needs only the interface accepts it.
  CHECK(refusal(kRing, "pattern: {type: uniform}\n").empty());
  CHECK(refusal(kRing, "pattern: {type: bit_complement}\n").empty());
}

TEST_CASE("a controller that needs the entropy circuit refuses a topology without one; the self-tuned controllers "
          "gather over a spanning-tree sideband on any topology", "[topology][config]") {
  for (const char* controller : {"self_tuned", "static_threshold", "entropy"}) {
    const std::string error = testing::in_child_process([controller] {
      try {
        new Experiment("network", load_configuration_text(kRing, "", {std::string("congestion_control.type=") + controller,
                                                                   "simulation.progress=false"}));
      } catch (const ConfigError& e) {
        return std::string(e.what());
      }
      return std::string("built");
    });
    INFO(controller << ": " << error);
    if (std::string(controller) == "entropy") {
      CHECK_THAT(error, Catch::Contains("congestion_control.type: entropy needs the entropy circuit"));
      CHECK_THAT(error, Catch::Contains("which needs a k-ary n-cube of one terminal per router (this network is a test ring of 8 routers)"));
    } else {
      CHECK(error == "built");
    }
  }
}

TEST_CASE("the k-ary n-cube is the registered default and builds from its network keys", "[topology][config]") {
  const Configuration c = load_configuration_text("network:\n  radix: 5\n  dimensions: 3\n  wrap: [torus, mesh, torus]\n", "");
  CHECK(c.platform.network.type == "kary_ncube");
  const KaryNCube& cube = require<KaryNCube>(c.platform.network.topology(), "this test");
  CHECK(cube.describe() == "5-ary 3-cube mixed torus/mesh");
  CHECK(cube.node_count() == 125);
  CHECK(cube.kind(1) == DimensionKind::Mesh);
  CHECK_THAT(refusal("network:\n  dimensions: 2\n  wrap: [torus, mesh, torus]\n", ""),
             Catch::Contains("network.wrap: has 3 entries for 2 dimensions"));
}
