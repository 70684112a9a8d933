// The HyperX (Ahn et al., SC 2009; topology/hyperx.h) and its routing functions: every dimension fully
// connected, distances the number of differing coordinates, a uniform capacity equal to a brute-force
// count of the most loaded channel, and each routing function walked over every pair — dimension
// order in exactly the distance, minimal adaptive offering every differing dimension beside its escape,
// Valiant through its switch on classes that never decrease, UGAL by the paper's rule.
#include <catch2/catch.hpp>

#include <deque>
#include <map>
#include <set>

#include "common/parameters.h"
#include "routing/routing_function.h"
#include "topology/hyperx.h"

using namespace icn;

namespace {

std::unique_ptr<RoutingFunction> make(const std::string& name, const HyperX& t, int vcs) {
  const ParameterSet defaults = ParameterSet::defaults(RoutingRegistry::get(name).parameters);
  return RoutingRegistry::get(name).create(RoutingContext{t, vcs, defaults});
}

struct Queues final : PortOccupancy {
  std::map<int, int> held;
  int occupied(int port) const override { return held.count(port) ? held.at(port) : 0; }
};

}  // namespace

TEST_CASE("a HyperX links every switch to the others of its row in each dimension, links pair up, and distances are "
          "the differing coordinates, as a breadth-first search finds them", "[topology][hyperx]") {
  for (auto [l, s, t] : {std::tuple{2, 4, 4}, std::tuple{3, 3, 1}, std::tuple{1, 5, 2}, std::tuple{2, 2, 3}}) {
    const HyperX x(l, s, t);
    INFO(x.describe());
    REQUIRE(x.network_ports() == l * (s - 1));
    REQUIRE(x.is_direct() == (t == 1));
    std::set<std::pair<NodeId, int>> entered;
    for (NodeId r = 0; r < x.router_count(); ++r) {
      std::set<NodeId> neighbours;
      for (int p = 0; p < x.network_ports(); ++p) {
        const Topology::Link to = x.link(r, p);
        REQUIRE(to.router != kNoNode);
        REQUIRE(to.router != r);
        int differ = 0;
        for (int d = 0; d < l; ++d) differ += x.coordinate(r, d) != x.coordinate(to.router, d);
        CHECK(differ == 1);
        CHECK(x.coordinate(r, x.dimension_of(p)) != x.coordinate(to.router, x.dimension_of(p)));
        CHECK(neighbours.insert(to.router).second);
        CHECK(entered.insert({to.router, to.input_port}).second);
        CHECK(x.link(to.router, to.input_port).router == r);  // the way back
      }
      CHECK(int(neighbours.size()) == l * (s - 1));
      // Breadth-first search from r: hops to every switch.
      std::vector<int> hops(x.router_count(), -1);
      std::deque<NodeId> queue{r};
      hops[r] = 0;
      while (!queue.empty()) {
        const NodeId at = queue.front();
        queue.pop_front();
        for (int p = 0; p < x.network_ports(); ++p)
          if (const NodeId next = x.neighbour(at, p); hops[next] < 0) hops[next] = hops[at] + 1, queue.push_back(next);
      }
      for (NodeId node = 0; node < x.node_count(); ++node) {
        CHECK(x.distance(r, node) == hops[node / NodeId(t)]);
        int ports[64];
        const int n = x.minimal_ports(r, node, ports);
        CHECK(n == x.distance(r, node));
        for (int i = 0; i < n; ++i) CHECK(x.distance(x.neighbour(r, ports[i]), node) == x.distance(r, node) - 1);
      }
    }
  }
}

TEST_CASE("a HyperX's uniform capacity is min(1, S/T): its most loaded channel under dimension-order routing, "
          "counted pair by pair", "[topology][hyperx]") {
  for (auto [l, s, t] : {std::tuple{2, 4, 4}, std::tuple{2, 3, 6}, std::tuple{3, 3, 1}, std::tuple{1, 4, 8}}) {
    const HyperX x(l, s, t);
    INFO(x.describe());
    std::map<std::pair<NodeId, int>, double> load;  // flits per cycle at 1 flit/node/cycle
    const double share = 1.0 / double(x.node_count() - 1);
    for (NodeId from = 0; from < x.node_count(); ++from)
      for (NodeId to = 0; to < x.node_count(); ++to) {
        if (from == to) continue;
        for (NodeId at = from / NodeId(t); at != to / NodeId(t);) {
          const int p = x.deterministic_port(at, to);
          load[{at, p}] += share;
          at = x.neighbour(at, p);
        }
      }
    double most = 0;
    for (const auto& [_, flits] : load) most = std::max(most, flits);
    // Uniform traffic here includes a node's own router's terminals; the formula counts N/S^2 of
    // N - 1 destinations per link, which the count reproduces up to that one-node difference.
    CHECK(std::min(1.0, 1.0 / most) == Approx(x.uniform_capacity()).epsilon(0.1));
  }
}

TEST_CASE("on a HyperX dimension order takes exactly the distance, minimal adaptive offers every differing "
          "dimension and an escape in dimension order, and Valiant passes its switch on classes that never "
          "decrease", "[routing][hyperx]") {
  const HyperX x(2, 3, 2);
  const auto minimal = make("minimal", x, 1);
  const auto adaptive = make("minimal_adaptive", x, 3);
  const auto valiant = make("valiant", x, 4);
  CHECK_THROWS_AS(make("minimal_adaptive", x, 1), std::invalid_argument);
  CHECK_THROWS_AS(make("valiant", x, 1), std::invalid_argument);
  for (NodeId from = 0; from < x.router_count(); ++from)
    for (NodeId to = 0; to < x.node_count(); ++to) {
      if (from == to / 2) continue;
      NodeId at = from;
      int hops = 0;
      for (; at != to / 2 && hops < 5; ++hops) {
        RouteResult r;
        minimal->route(at, x.network_ports(), 0, to, r);
        REQUIRE(r.count == 1);
        at = x.neighbour(at, r.candidates[0].port);
      }
      CHECK(hops == x.distance(from, to));
      RouteResult r;
      adaptive->route(from, x.network_ports(), 0, to, r);
      REQUIRE(r.count == x.distance(from, to) + 1);
      CHECK(r.candidates[r.count - 1].port == x.deterministic_port(from, to));
      CHECK(r.candidates[r.count - 1].vc_mask == 1u);
      CHECK(r.candidates[r.count - 1].group > r.candidates[0].group);
      for (NodeId waypoint = 0; waypoint < x.router_count(); ++waypoint) {
        INFO("from " << from << " to node " << to << " through switch " << waypoint);
        NodeId here = from;
        int input_port = x.network_ports(), vc = 0, last_class = 0, steps = 0;
        bool passed = here == waypoint;
        for (; here != to / 2 && steps < 6; ++steps) {
          RouteResult v;
          valiant->route_via(here, input_port, vc, to, waypoint, v);
          REQUIRE(v.count == 1);
          vc = __builtin_ctz(v.candidates[0].vc_mask);
          const int cls = vc / 2;
          CHECK(cls >= last_class);
          last_class = cls;
          const Topology::Link next = x.link(here, v.candidates[0].port);
          here = next.router, input_port = next.input_port;
          passed = passed || here == waypoint;
        }
        CHECK(here == to / 2);
        CHECK(steps <= x.distance(from, waypoint * 2) + x.distance(waypoint, to));
        if (!passed) {  // delivered on the way to the waypoint: the destination lies on that leg
          bool on_leg = false;
          for (NodeId at = from; at != waypoint;) {
            const int d = x.first_difference(at, waypoint);
            at = x.neighbour(at, x.port_to(at, d, x.coordinate(waypoint, d)));
            on_leg = on_leg || at == to / 2;
          }
          CHECK(on_leg);
        }
      }
    }
}

TEST_CASE("UGAL on a HyperX takes the minimal route unless its first queue times its hops exceeds a random switch's "
          "route's, and a minimal choice keeps the packet on the second class from the start", "[routing][hyperx]") {
  const HyperX x(2, 4, 1);
  const auto ugal = make("ugal", x, 2);
  CHECK(ugal->uses_waypoints());
  const NodeId from = 0, to = 5;  // (0,0) to (1,1): two hops
  RandomStream random(4, 5, 6);
  Queues queues;
  for (int i = 0; i < 500; ++i) CHECK(ugal->choose_waypoint(from, x.network_ports(), 0, to, kNoNode, random, queues) == from);
  queues.held[x.deterministic_port(from, to)] = 30;  // the dimension-order route's first channel is backed up
  RandomStream replay(4, 5, 6);
  for (int i = 0; i < 500; ++i) replay.below(16);  // the draws above
  int away = 0;
  for (int i = 0; i < 500; ++i) {
    const NodeId candidate = NodeId(replay.below(16));
    const NodeId chosen = ugal->choose_waypoint(from, x.network_ports(), 0, to, kNoNode, random, queues);
    const int first = candidate == from ? x.deterministic_port(from, to)
                                        : x.port_to(from, x.first_difference(from, candidate),
                                                    x.coordinate(candidate, x.first_difference(from, candidate)));
    const int hops = x.distance(from, candidate) + x.distance(candidate, to);
    const bool minimal = 30LL * 2 <= (long long)queues.occupied(first) * hops;
    REQUIRE(chosen == (minimal ? from : candidate));
    away += !minimal;
  }
  CHECK(away > 250);
  RouteResult r;
  ugal->route_via(from, x.network_ports(), 0, to, from, r);  // minimal: class 1 (VC 1) at once
  CHECK(r.candidates[0].vc_mask == 2u);
}

TEST_CASE("BookSim's UGAL on a HyperX: a threshold added to the Valiant route's cost keeps a packet minimal on a tie "
          "within it, and the intermediate switch keeps the coordinates source and destination share",
          "[routing][hyperx]") {
  const HyperX x(3, 4, 1);
  const ParameterSet booksim = ParameterSet::defaults(
      RoutingRegistry::get("ugal").parameters, {{"threshold", "2"}, {"intermediate", "differing_dimensions"}});
  const auto ugal = RoutingRegistry::get("ugal").create(RoutingContext{x, 2, booksim});
  // (0,0,0) to (1,0,2): dimensions 0 and 2 differ, dimension 1 is shared (0).
  const NodeId from = 0, to = 1 + 2 * 16;
  RandomStream random(8, 1, 2);
  Queues queues;
  queues.held[x.deterministic_port(from, to)] = 100;  // minimal badly backed up: every other draw is taken
  std::set<int> dimension0, dimension2;
  for (int i = 0; i < 400; ++i) {
    const NodeId chosen = ugal->choose_waypoint(from, x.network_ports(), 0, to, kNoNode, random, queues);
    CHECK(x.coordinate(chosen, 1) == 0);  // the shared coordinate kept
    dimension0.insert(x.coordinate(chosen, 0));
    dimension2.insert(x.coordinate(chosen, 2));
  }
  // The differing ones drawn over all their values — but a switch reached first along the minimal
  // route's own congested channel (coordinate 1 in dimension 0) is never worth the detour.
  CHECK(dimension0 == std::set<int>{0, 2, 3});
  CHECK(dimension2.size() == 4);
  // A queue of 1 flit on the minimal route (cost 1 x 2 hops) against an empty Valiant route: minimal
  // with the threshold, the Valiant route (cost 0) without it, whenever the draw is not the source.
  queues.held.clear();
  queues.held[x.deterministic_port(from, to)] = 1;
  const auto plain = RoutingRegistry::get("ugal").create(
      RoutingContext{x, 2, ParameterSet::defaults(RoutingRegistry::get("ugal").parameters)});
  int plain_away = 0;
  for (int i = 0; i < 200; ++i) {
    CHECK(ugal->choose_waypoint(from, x.network_ports(), 0, to, kNoNode, random, queues) == from);
    plain_away += plain->choose_waypoint(from, x.network_ports(), 0, to, kNoNode, random, queues) != from;
  }
  CHECK(plain_away > 150);
}
