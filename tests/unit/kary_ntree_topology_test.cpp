// The k-ary n-tree (Petrini & Vanneschi 1997; topology/kary_ntree.h): links pair up between adjacent
// levels, every subtree has as many channels up as nodes below it (full bisection), distances agree
// with a breadth-first search that climbs before it descends, and nearest-common-ancestor routing
// reaches every node in 2·(ancestor level) hops, up before down, by every up-port rule.
#include <catch2/catch.hpp>

#include <deque>
#include <map>
#include <set>

#include "common/parameters.h"
#include "routing/routing_function.h"
#include "topology/kary_ntree.h"

using namespace icn;

namespace {

// Hops from router `from` to every router over up*/down* paths (any up hops, then any down hops), by
// breadth-first search over the links alone: state (router, gone down yet).
std::vector<int> up_down_hops(const KaryNTree& t, NodeId from) {
  std::vector<int> hops(t.router_count() * 2, -1);
  std::deque<std::pair<NodeId, int>> queue{{from, 0}};
  hops[from * 2] = 0;
  while (!queue.empty()) {
    const auto [r, down] = queue.front();
    queue.pop_front();
    for (int p = 0; p < t.network_ports(); ++p) {
      const NodeId next = t.neighbour(r, p);
      if (next == kNoNode || (down && t.is_up(p))) continue;
      const int now_down = down || !t.is_up(p);
      if (hops[next * 2 + NodeId(now_down)] >= 0) continue;
      hops[next * 2 + NodeId(now_down)] = hops[r * 2 + NodeId(down)] + 1;
      queue.push_back({next, now_down});
    }
  }
  std::vector<int> shortest(t.router_count(), -1);
  for (NodeId r = 0; r < t.router_count(); ++r)
    for (int down = 0; down < 2; ++down)
      if (const int h = hops[r * 2 + NodeId(down)]; h >= 0 && (shortest[r] < 0 || h < shortest[r])) shortest[r] = h;
  return shortest;
}

}  // namespace

TEST_CASE("a k-ary n-tree's links pair up between adjacent levels, up into down, and every subtree sends as many "
          "channels up as it has nodes: full bisection", "[topology][kary_ntree]") {
  for (auto [k, n] : {std::pair{2, 3}, std::pair{4, 3}, std::pair{3, 4}, std::pair{2, 1}}) {
    const KaryNTree t(k, n);
    INFO(t.describe());
    NodeId per_level = 1;
    for (int i = 1; i < n; ++i) per_level *= NodeId(k);
    REQUIRE(t.node_count() == per_level * NodeId(k));
    REQUIRE(t.router_count() == per_level * NodeId(n));
    REQUIRE(t.network_ports() == 2 * k);
    std::set<std::pair<NodeId, int>> entered;
    for (NodeId r = 0; r < t.router_count(); ++r) {
      CHECK(t.terminal_slots(r) == (t.level(r) == 0 ? k : 0));
      for (int p = 0; p < t.network_ports(); ++p) {
        const Topology::Link to = t.link(r, p);
        if (to.router == kNoNode) {
          CHECK(((t.is_up(p) && t.level(r) == n - 1) || (!t.is_up(p) && t.level(r) == 0)));
          continue;
        }
        CHECK(t.level(to.router) == t.level(r) + (t.is_up(p) ? 1 : -1));
        CHECK(t.is_up(to.input_port) != t.is_up(p));  // up ports enter down ports and the other way
        CHECK(entered.insert({to.router, to.input_port}).second);
        const Topology::Link back = t.link(to.router, to.input_port);  // the channel back the same way
        CHECK(back.router == r);
        CHECK(back.input_port == p);
      }
    }
    // A subtree rooted at level l (switches sharing the digits from l on, levels 0 … l) holds k^(l+1)
    // nodes, and exactly that many channels leave its top level upwards.
    for (int l = 0; l < n - 1; ++l) {
      std::map<NodeId, int> up_channels;  // by the subtree's digits from l on
      for (NodeId w = 0; w < per_level; ++w) {
        const NodeId r = NodeId(l) * per_level + w;
        NodeId above = 1;
        for (int i = 0; i < l; ++i) above *= NodeId(k);
        for (int p = k; p < 2 * k; ++p) up_channels[w / above] += t.has_link(r, p);
      }
      NodeId nodes_below = NodeId(k);
      for (int i = 0; i < l; ++i) nodes_below *= NodeId(k);
      for (const auto& [subtree, channels] : up_channels) CHECK(NodeId(channels) == nodes_below);
    }
    CHECK(t.uniform_capacity() == 1.0);
  }
}

TEST_CASE("a k-ary n-tree's distances are the shortest up*/down* paths, its minimal ports lead one hop closer, and "
          "no route is longer than 2(n - 1) hops", "[topology][kary_ntree]") {
  for (auto [k, n] : {std::pair{2, 3}, std::pair{4, 3}, std::pair{3, 4}}) {
    const KaryNTree t(k, n);
    INFO(t.describe());
    int longest = 0;
    for (NodeId from = 0; from < t.router_count(); ++from) {
      const std::vector<int> hops = up_down_hops(t, from);
      for (NodeId to = 0; to < t.node_count(); ++to) {
        const NodeId leaf = to / NodeId(k);
        // A router above the leaf may have no up*/down* path starting down the wrong subtree; from
        // any router the path up and down exists.
        REQUIRE(hops[leaf] >= 0);
        CHECK(t.distance(from, to) == hops[leaf]);
        longest = std::max(longest, t.distance(from, to));
        int ports[64];
        const int count = t.minimal_ports(from, to, ports);
        CHECK(count == (from == leaf ? 0 : (t.ancestor_level(from, to) > t.level(from) ? k : 1)));
        for (int i = 0; i < count; ++i) CHECK(t.distance(t.neighbour(from, ports[i]), to) == t.distance(from, to) - 1);
        const int fixed = t.deterministic_port(from, to);
        if (count == 0) CHECK(fixed == -1);
        else CHECK(std::find(ports, ports + count, fixed) != ports + count);
      }
    }
    CHECK(longest == 2 * (n - 1));
  }
}

TEST_CASE("nearest-common-ancestor routing climbs to the ancestor and descends, 2·(ancestor level) hops from a leaf, "
          "by every up-port rule: least loaded offers every up port, random follows its drawn switch, destination "
          "its digits, two random the port it chose", "[topology][kary_ntree][routing]") {
  const KaryNTree t(3, 3);
  for (const char* up : {"least_loaded", "random", "destination", "two_random"}) {
    INFO(up);
    const ParameterSet parameters =
        ParameterSet::defaults(RoutingRegistry::get("nearest_common_ancestor").parameters, {{"up_port", up}});
    const auto routing = RoutingRegistry::get("nearest_common_ancestor").create(RoutingContext{t, 2, parameters});
    CHECK(routing->uses_waypoints() == (std::string(up) == "random" || std::string(up) == "two_random"));
    RandomStream random(3, 4, 5);
    std::map<int, int> tops;  // top-level switches passed, for the random rule
    for (NodeId from = 0; from < t.node_count(); ++from)
      for (NodeId to = 0; to < t.node_count(); ++to) {
        if (from / 3 == to / 3) continue;
        const struct DummyLoad final : PortOccupancy {
          int occupied(int) const override { return 0; }
        } load;
        NodeId at = from / 3, waypoint = kNoNode;
        int input_port = t.network_ports(), hops = 0, highest = 0;
        bool went_down = false;
        while (at != to / 3 && hops < 10) {
          waypoint = routing->choose_waypoint(at, input_port, 0, to, waypoint, random, load);
          RouteResult r;
          routing->route_via(at, input_port, 0, to, waypoint, r);
          REQUIRE(r.count >= 1);
          const bool climbing = t.ancestor_level(at, to) > t.level(at);
          CHECK(r.count == (climbing && std::string(up) == "least_loaded" ? 3 : 1));
          const int port = r.candidates[r.count - 1].port;  // any of them
          CHECK(t.is_up(port) == climbing);
          CHECK(!(went_down && t.is_up(port)));
          went_down = went_down || !t.is_up(port);
          const Topology::Link next = t.link(at, port);
          REQUIRE(next.router != kNoNode);
          at = next.router, input_port = next.input_port, ++hops;
          highest = std::max(highest, t.level(at));
          if (t.level(at) == 2) ++tops[int(at % 9)];
        }
        CHECK(at == to / 3);
        CHECK(hops == 2 * t.ancestor_level(from / 3, to));
        CHECK(hops == t.distance(from / 3, to));
        CHECK(highest == t.ancestor_level(from / 3, to));
      }
    if (std::string(up) == "random") {  // every top switch taken about as often
      CHECK(tops.size() == 9);
      int most = 0, fewest = 1 << 30;
      for (const auto& [_, n] : tops) most = std::max(most, n), fewest = std::min(fewest, n);
      CHECK(fewest > 0.7 * most);
    }
  }
}

TEST_CASE("two-random up-port selection on a fat tree takes the less loaded of two random up ports at each router and "
          "keeps it (BookSim 2's anca)", "[topology][kary_ntree][routing]") {
  const KaryNTree t(4, 3);
  const ParameterSet parameters =
      ParameterSet::defaults(RoutingRegistry::get("nearest_common_ancestor").parameters, {{"up_port", "two_random"}});
  const auto routing = RoutingRegistry::get("nearest_common_ancestor").create(RoutingContext{t, 2, parameters});
  struct Load final : PortOccupancy {  // up port j of a leaf switch (network port k + j) holds 10 j flits
    int occupied(int port) const override { return port >= 4 ? 10 * (port - 4) : 0; }
  } load;
  // From leaf switch 0 to node 63 (under the last leaf switch): climbing. Replaying the draws, the
  // smaller of the two drawn ports is the one taken, and the route offers that port alone.
  RandomStream random(7, 1, 2), replay(7, 1, 2);
  int taken[4] = {};
  for (int draw = 0; draw < 400; ++draw) {
    const int first = int(replay.below(4)), second = int(replay.below(4));
    const NodeId chosen = routing->choose_waypoint(0, t.network_ports(), 0, 63, kNoNode, random, load);
    REQUIRE(int(chosen) == std::min(first, second));
    RouteResult r;
    routing->route_via(0, t.network_ports(), 0, 63, chosen, r);
    REQUIRE(r.count == 1);
    CHECK(r.candidates[0].port == 4 + int(chosen));
    ++taken[chosen];
  }
  // The less loaded port of two random ones: port 0 in 7 of 16 draws, port 3 in 1 of 16.
  CHECK(taken[0] > 3 * taken[3]);
  CHECK(taken[3] > 0);
  // On the way down nothing is drawn: the waypoint passes through unchanged.
  CHECK(routing->choose_waypoint(t.router_count() - 1, 0, 0, 0, 2, random, load) == 2);
}
