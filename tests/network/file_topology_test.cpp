// A network read from a file (topology/file_topology.h) and shortest-path routing with an up*/down*
// escape network (routing/shortest_path_routing.cpp): the hand-written four-router file read as
// written, every malformed file refused in one line naming its line, escape paths that never go up
// after going down and are as short as such paths can be, and the shipped irregular networks at full
// overload without deadlock.
#include <catch2/catch.hpp>

#include <deque>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "common/config_error.h"
#include "common/parameters.h"
#include "experiment.h"
#include "routing/routing_function.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"
#include "support/sanitizer_scale.h"
#include "topology/file_topology.h"

using namespace icn;

namespace {

const std::string kSource = ICNSIM_SOURCE_DIR;
const std::string kFourRouters = kSource + "/tests/network/four-routers.yaml";

std::string refusal(const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("icnsim-net-" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(path) << text;
  try {
    FileTopology t(path.string());
  } catch (const std::invalid_argument& e) {
    std::filesystem::remove(path);
    return std::string(e.what()).substr(path.string().size());  // from ":line: …"
  }
  std::filesystem::remove(path);
  return "";
}

std::unique_ptr<RoutingFunction> shortest_path(const Topology& t, int vcs, int root) {
  const ParameterSet p = ParameterSet::defaults(RoutingRegistry::get("shortest_path").parameters,
                                                {{"root", std::to_string(root)}});
  return RoutingRegistry::get("shortest_path").create(RoutingContext{t, vcs, p});
}

}  // namespace

TEST_CASE("the hand-written four-router file is read as written: ports in file order, a switch without terminals, "
          "a router with two, the chord's own delay, shortest distances", "[topology][file]") {
  const FileTopology t(kFourRouters);
  CHECK(t.describe() == "network from a file: four-routers (4 routers, 4 nodes)");
  CHECK(t.router_count() == 4);
  CHECK(t.node_count() == 4);
  CHECK_FALSE(t.is_direct());
  CHECK(t.network_ports() == 3);  // routers 0 and 2 have three links
  CHECK(t.terminal_slots(1) == 0);
  CHECK(t.terminal_slots(3) == 2);
  CHECK(t.injection_point(3).router == 3);
  CHECK(t.injection_point(3).slot == 1);
  // Router 0's links: to 1, to 3, the chord to 2 (ports 0, 1, 2); router 2's: to 1, to 3, the chord.
  CHECK(t.link(0, 0).router == 1);
  CHECK(t.link(0, 1).router == 3);
  CHECK(t.link(0, 2).router == 2);
  CHECK(t.link(0, 2).input_port == 2);
  CHECK(t.link(1, 2).router == kNoNode);  // router 1 has two links
  CHECK(t.link_delay(0, 2, 1) == 3);
  CHECK(t.link_delay(2, 2, 1) == 3);
  CHECK(t.link_delay(0, 0, 1) == 1);
  CHECK(t.distance(1, 3) == 2);  // router 1 to node 3 at router 3: through 0 or 2
  int ports[8];
  CHECK(t.minimal_ports(1, 3, ports) == 2);
  CHECK(t.distance(0, 1) == 1);  // the chord
  CHECK(t.deterministic_port(0, 1) == 2);
}

TEST_CASE("a full 8 x 8 torus written as a file has the k-ary n-cube's uniform capacity, 8/k, and losing one link "
          "lowers it", "[topology][file]") {
  auto torus = [](bool failed) {
    std::string text = "routers: 64\nlinks:\n";
    for (int r = 0; r < 64; ++r) {
      const int east = r / 8 * 8 + (r + 1) % 8, south = (r + 8) % 64;
      if (!(failed && r == 27)) text += "  - [" + std::to_string(r) + ", " + std::to_string(east) + "]\n";
      text += "  - [" + std::to_string(r) + ", " + std::to_string(south) + "]\n";
    }
    const auto path = std::filesystem::temp_directory_path() / ("icnsim-torus-" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(path) << text;
    const double capacity = FileTopology(path.string()).uniform_capacity();
    std::filesystem::remove(path);
    return capacity;
  };
  CHECK(torus(false) == Approx(1.0));
  const double failed = torus(true);
  CHECK(failed < 0.95);
  CHECK(failed == Approx(FileTopology(kSource + "/platforms/networks/torus-8x8-failed-link.yaml").uniform_capacity()));
}

TEST_CASE("a malformed network file is refused in one line naming the line and what is allowed", "[topology][file]") {
  CHECK_THAT(refusal("routers: 2\nlinks:\n  - [0, 1]\ncolour: red\n"), Catch::StartsWith(":4: unknown key 'colour'"));
  CHECK_THAT(refusal("routers: 2\nlinks:\n  - [0, 2]\n"), Catch::StartsWith(":3: a link's router is '2' (allowed: an integer 0..1)"));
  CHECK_THAT(refusal("routers: 2\nlinks:\n  - [1, 1]\n"), Catch::Contains("to itself"));
  CHECK_THAT(refusal("routers: 3\nlinks:\n  - [0, 1]\n"), Catch::Contains("router 2 cannot be reached from router 0"));
  CHECK_THAT(refusal("routers: 2\nterminals: [1, 1, 1]\nlinks:\n  - [0, 1]\n"), Catch::Contains("3 entries for 2 routers"));
  CHECK_THAT(refusal("routers: 2\nlinks:\n  - [0, 1, 0]\n"), Catch::Contains("delay is '0' (allowed: an integer 1..1024)"));
  CHECK_THAT(refusal("routers: 2\nlinks: [[0, 1]\n"), Catch::Contains("YAML syntax error"));
  CHECK_THAT(refusal("links:\n  - [0, 1]\n"), Catch::Contains("routers: missing"));
  CHECK_THAT(refusal("routers: 2\nterminals: 0\nlinks:\n  - [0, 1]\n"), Catch::Contains("0 terminals (allowed: at least two"));
  // As strictly as a platform: a key twice, a second document, a network of one node, names that are
  // not one line of text (each was accepted, the one-node network then stopped in SystemC's elaboration).
  CHECK_THAT(refusal("routers: 2\nlinks: [[0, 1]]\nlinks: [[1, 0]]\n"), Catch::StartsWith(":3: links: appears twice"));
  CHECK_THAT(refusal("routers: 2\nlinks: [[0, 1]]\n---\nrouters: 3\n"), Catch::Contains("a second YAML document"));
  CHECK_THAT(refusal("routers: 1\nterminals: 1\n"), Catch::Contains("1 terminal (allowed: at least two"));
  CHECK_THAT(refusal("name: \"a\\nb\"\nrouters: 2\nlinks: [[0, 1]]\n"), Catch::Contains("name: holds a control character"));
  CHECK_THAT(refusal("name: \"a\\0b\"\nrouters: 2\nlinks: [[0, 1]]\n"), Catch::Contains("name: holds a control character"));
  CHECK_THAT(refusal("name: a\xff" "b\nrouters: 2\nlinks: [[0, 1]]\n"), Catch::Contains("name: is not valid UTF-8"));
  CHECK_THAT(refusal("name: [a, b]\nrouters: 2\nlinks: [[0, 1]]\n"), Catch::Contains("name: not a name"));
  CHECK(refusal("routers: 2\nlinks: [[0, 1]]\n---\n").empty());  // a trailing "---" holds nothing
  CHECK(refusal("routers: 2\nlinks:\n  - [0, 1]\n").empty());
  // Through a platform: the key is named, and the path is taken from the platform file's folder.
  const std::string platform = "network:\n  topology: file\n  file: no-such-network.yaml\n";
  CHECK_THROWS_WITH(load_configuration_text(platform, ""), Catch::Contains("network.file") && Catch::Contains("cannot open file"));
  // A regular file whose read fails (EIO) is a message, not a stream exception out of the loader.
  CHECK_THROWS_WITH(load_configuration_text("network:\n  topology: file\n  file: /proc/self/mem\n", ""),
                    Catch::Contains("/proc/self/mem: cannot be read: Input/output error"));
}

TEST_CASE("up*/down* escape paths never go up after going down and are the shortest such paths, from every router "
          "to every node, on the four-router file and on a torus with a failed link", "[routing][file]") {
  for (const std::string& file : {kFourRouters, kSource + "/platforms/networks/torus-8x8-failed-link.yaml"}) {
    const FileTopology t(file);
    INFO(t.describe());
    const NodeId root = 0;
    // Depth from the root, and the order (depth, number): a link to a smaller one is up.
    std::vector<int> depth(t.router_count(), -1);
    std::deque<NodeId> queue{root};
    depth[root] = 0;
    while (!queue.empty()) {
      const NodeId r = queue.front();
      queue.pop_front();
      for (int p = 0; p < t.network_ports(); ++p)
        if (const NodeId n = t.neighbour(r, p); n != kNoNode && depth[n] < 0) depth[n] = depth[r] + 1, queue.push_back(n);
    }
    auto up = [&](NodeId from, NodeId to) { return std::make_pair(depth[to], to) < std::make_pair(depth[from], from); };
    const auto routing = shortest_path(t, 1, int(root));
    for (NodeId from = 0; from < t.router_count(); ++from)
      for (NodeId to = 0; to < t.node_count(); ++to) {
        const NodeId target = t.delivery_point(to).router;
        if (from == target) continue;
        // The shortest legal path, by breadth-first search over (router, gone down yet).
        std::vector<int> legal(t.router_count() * 2, -1);
        std::deque<std::pair<NodeId, int>> states{{from, 0}};
        legal[from * 2] = 0;
        while (!states.empty()) {
          const auto [r, down] = states.front();
          states.pop_front();
          for (int p = 0; p < t.network_ports(); ++p) {
            const NodeId n = t.neighbour(r, p);
            if (n == kNoNode || (down && up(r, n))) continue;
            const int now_down = down || !up(r, n);
            if (legal[n * 2 + NodeId(now_down)] < 0)
              legal[n * 2 + NodeId(now_down)] = legal[r * 2 + NodeId(down)] + 1, states.push_back({n, now_down});
          }
        }
        int shortest = 1 << 30;
        for (int down = 0; down < 2; ++down)
          if (legal[target * 2 + NodeId(down)] >= 0) shortest = std::min(shortest, legal[target * 2 + NodeId(down)]);
        NodeId at = from;
        int input_port = t.network_ports(), hops = 0;
        bool went_down = false;
        for (; at != target && hops < 64; ++hops) {
          RouteResult r;
          routing->route(at, input_port, 0, to, r);
          REQUIRE(r.count == 1);
          const NodeId next = t.neighbour(at, r.candidates[0].port);
          CHECK_FALSE((went_down && up(at, next)));
          went_down = went_down || !up(at, next);
          input_port = t.link(at, r.candidates[0].port).input_port;
          at = next;
        }
        INFO("router " << from << " to node " << to);
        CHECK(at == target);
        CHECK(hops == shortest);
      }
    // With more VCs every shortest-path port is offered first on VCs 1.., the escape port after it on VC 0.
    const auto adaptive = shortest_path(t, 3, int(root));
    RouteResult r;
    adaptive->route(1, t.network_ports(), 0, t.node_count() - 1, r);
    int minimal[64];
    const int n = t.minimal_ports(1, t.node_count() - 1, minimal);
    REQUIRE(r.count == n + 1);
    for (int i = 0; i < n; ++i) CHECK(r.candidates[i].vc_mask == 6u);
    CHECK(r.candidates[n].vc_mask == 1u);
    CHECK(r.candidates[n].group == 1);
  }
}

TEST_CASE("the shipped irregular networks run full overload without deadlock under shortest paths with an up*/down* "
          "escape, on one VC and on four", "[network][file]") {
  for (const char* file : {"networks/chiplets-2x2.yaml", "networks/torus-8x8-failed-link.yaml"})
    for (const char* vcs : {"1", "4"}) {
      INFO(file << ", " << vcs << " VCs");
      const std::string accepted = testing::in_child_process([&] {
        auto* network = new Experiment(
            "network", load_configuration(kSource + "/platforms/chiplets.yaml", kSource + "/stimuli/uniform.yaml",
                                          {std::string("network.file=") + kSource + "/platforms/" + file,
                                           std::string("router.virtual_channels=") + vcs, "stimulus.injection.rate=1",
                                           "stimulus.injection.unit=flits", "stimulus.packet_length=8",
                                                "simulation.cycles=" + std::to_string(3000 + testing::long_run_cycles(5000)),
                                                "simulation.warmup=1000", "simulation.progress=false"}));
        testing::run(*network);  // throws on deadlock, lost flits or a stopped run
        return std::to_string(make_report(*network).accepted());
      });
      // Measured (6,000 cycles, 8-flit packets): up*/down* alone 0.081 and 0.096 flits/node/cycle, its
      // root's links the bottleneck; with 4 VCs 0.393 and 0.730.
      CHECK(std::stod(accepted) > (std::string(vcs) == "1" ? 0.05 : 0.3));
    }
}
