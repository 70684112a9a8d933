// The dragonfly's wiring (Kim, Dally, Scott, Abts, ISCA 2008; topology/dragonfly.h): all to all in a
// group, one global channel between every pair of groups, minimal routes of at most three hops that
// the topology's distances agree with, and a uniform capacity equal to a brute-force count of every
// channel's load. "Minimal" is the paper's: at most one global hop. Through a third group two global
// hops can be fewer hops than local, global, local — that path is non-minimal routing's (Valiant).
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "topology/dragonfly.h"

using namespace icn;

namespace {

// Router-to-router hops over paths with at most one global hop (`global_hops`: the most allowed), by
// breadth-first search over the links alone.
std::vector<int> hops_from(const Dragonfly& t, NodeId from, int global_hops) {
  const int states = global_hops + 1;
  std::vector<int> hops(t.router_count() * NodeId(states), -1);
  std::deque<std::pair<NodeId, int>> queue{{from, 0}};
  hops[from * NodeId(states)] = 0;
  while (!queue.empty()) {
    const auto [r, used] = queue.front();
    queue.pop_front();
    for (int p = 0; p < t.network_ports(); ++p) {
      const NodeId next = t.neighbour(r, p);
      const int now_used = used + int(t.is_global(p));
      if (next == kNoNode || now_used > global_hops || hops[next * NodeId(states) + NodeId(now_used)] >= 0) continue;
      hops[next * NodeId(states) + NodeId(now_used)] = hops[r * NodeId(states) + NodeId(used)] + 1;
      queue.push_back({next, now_used});
    }
  }
  std::vector<int> shortest(t.router_count(), -1);
  for (NodeId r = 0; r < t.router_count(); ++r)
    for (int used = 0; used < states; ++used)
      if (const int h = hops[r * NodeId(states) + NodeId(used)]; h >= 0 && (shortest[r] < 0 || h < shortest[r]))
        shortest[r] = h;
  return shortest;
}

}  // namespace

TEST_CASE("a dragonfly's links pair up, its groups are all to all, and one global channel joins every pair "
          "of groups", "[topology][dragonfly]") {
  for (auto [p, a, h, g] : {std::tuple{2, 4, 2, 9}, std::tuple{1, 3, 1, 4}, std::tuple{2, 4, 2, 5}, std::tuple{3, 2, 3, 7}}) {
    const Dragonfly t(p, a, h, g);
    INFO(t.describe());
    REQUIRE(t.router_count() == NodeId(a * g));
    REQUIRE(t.node_count() == NodeId(p * a * g));
    std::map<std::pair<int, int>, int> channels;  // between pairs of groups
    int unconnected = 0;
    for (NodeId r = 0; r < t.router_count(); ++r)
      for (int port = 0; port < t.network_ports(); ++port) {
        const Topology::Link to = t.link(r, port);
        if (to.router == kNoNode) {
          CHECK(t.is_global(port));
          ++unconnected;
          continue;
        }
        const Topology::Link back = t.link(to.router, to.input_port);  // the channel the other way
        CHECK(back.router == r);
        CHECK(back.input_port == port);
        CHECK(t.is_global(port) == t.is_global(to.input_port));
        CHECK((t.group(to.router) == t.group(r)) == !t.is_global(port));
        if (t.is_global(port)) ++channels[{t.group(r), t.group(to.router)}];
      }
    // Local: every router reaches the other a − 1 of its group in one hop; global: each ordered pair once.
    for (int from = 0; from < g; ++from)
      for (int to = 0; to < g; ++to)
        if (from != to) CHECK(channels[{from, to}] == 1);
    CHECK(unconnected == g * (a * h - (g - 1)));  // the channels a smaller network leaves free
  }
}

TEST_CASE("a dragonfly's minimal route has at most three hops, the fewest with at most one global hop, and its "
          "distance and deterministic port follow it", "[topology][dragonfly]") {
  for (auto [p, a, h, g] : {std::tuple{2, 4, 2, 9}, std::tuple{1, 2, 2, 5}, std::tuple{2, 3, 1, 3}}) {
    const Dragonfly t(p, a, h, g);
    INFO(t.describe());
    for (NodeId from = 0; from < t.router_count(); ++from) {
      const std::vector<int> shortest = hops_from(t, from, 1);
      const std::vector<int> any = hops_from(t, from, 2);  // through a third group: never longer
      for (NodeId target = 0; target < t.router_count(); ++target) {
        const NodeId node = target * NodeId(p) + NodeId(p - 1);  // the router's last terminal
        const int d = t.distance(from, node);
        CHECK(d == shortest[target]);
        CHECK(d <= 3);
        CHECK(any[target] <= d);
        int walked = 0;
        for (NodeId at = from; at != target; ++walked) {
          int ports[64];
          REQUIRE(t.minimal_ports(at, node, ports) == 1);
          CHECK(ports[0] == t.deterministic_port(at, node));
          at = t.neighbour(at, ports[0]);
          REQUIRE(walked < 3);
        }
        CHECK(walked == d);
        CHECK(t.deterministic_port(target, node) == -1);
      }
    }
  }
}

TEST_CASE("a dragonfly's uniform capacity is what its most loaded channel allows, counted pair by pair",
          "[topology][dragonfly]") {
  // p = 4 terminals on a = 2 routers with h = 1: local channels carry the most (a group's traffic to and
  // from the other groups crosses them), well below the injection rate.
  for (auto [p, a, h, g] : {std::tuple{4, 2, 1, 3}, std::tuple{2, 4, 2, 9}, std::tuple{1, 4, 1, 5}, std::tuple{3, 3, 2, 4}}) {
    const Dragonfly t(p, a, h, g);
    INFO(t.describe());
    std::map<std::pair<NodeId, int>, double> load;  // flits/cycle per channel, every node sending 1 flit/cycle
    const double rate = 1.0 / double(t.node_count() - 1);
    for (NodeId s = 0; s < t.node_count(); ++s)
      for (NodeId d = 0; d < t.node_count(); ++d) {
        if (s == d) continue;
        for (NodeId at = s / NodeId(p); at != d / NodeId(p);) {
          const int port = t.deterministic_port(at, d);
          load[{at, port}] += rate;
          at = t.neighbour(at, port);
        }
      }
    double most = 0;
    for (const auto& [channel, flits] : load) most = std::max(most, flits);
    CHECK(t.uniform_capacity() == Approx(std::min(1.0, 1.0 / most)).epsilon(1e-9));
  }
  CHECK(Dragonfly(4, 2, 1, 3).uniform_capacity() == Approx(23.0 / 80.0));  // 5 router pairs · 16 / 23 per local channel
}
