// The dragonfly's routing functions walked hop by hop (routing/dragonfly_*_routing.cpp): every packet
// reaches its destination, on VC classes that never decrease along its path — the order that makes
// them deadlock-free — minimal routing in at most three hops with one global, Valiant through its
// intermediate group in at most five with two.
#include <catch2/catch.hpp>

#include <map>

#include "core/parameters.h"
#include "routing/routing_function.h"
#include "topology/dragonfly.h"

using namespace icn;

namespace {

struct Walk {
  bool arrived = false;
  int hops = 0, global_hops = 0;
  bool classes_never_decrease = true, visited_intermediate = false;
};

// Routes a packet from router `from` to node `to` through `waypoint`, taking the lowest VC each hop
// offers; a VC's class is its third (Valiant, `classes` 3) or half (minimal, 2) of `vcs`.
Walk walk(const Dragonfly& t, const RoutingFunction& routing, NodeId from, NodeId to, NodeId waypoint, int vcs,
          int classes) {
  Walk w;
  NodeId at = from;
  int input_port = t.network_ports(), input_vc = 0, last_class = 0;
  w.visited_intermediate = waypoint == kNoNode || t.group(at) == int(waypoint);
  for (; w.hops <= 6; ++w.hops) {
    if (at == to / NodeId(t.terminals())) {
      w.arrived = true;
      break;
    }
    RouteResult r;
    routing.route_via(at, input_port, input_vc, to, waypoint, r);
    REQUIRE(r.count == 1);
    const int port = r.candidates[0].port;
    const int vc = __builtin_ctz(r.candidates[0].vc_mask);
    const int cls = vc * classes / vcs;
    w.classes_never_decrease = w.classes_never_decrease && cls >= last_class;
    last_class = cls;
    w.global_hops += t.is_global(port);
    const Topology::Link next = t.link(at, port);
    REQUIRE(next.router != kNoNode);
    at = next.router;
    input_port = next.input_port;
    input_vc = vc;
    w.visited_intermediate = w.visited_intermediate || t.group(at) == int(waypoint);
  }
  return w;
}

// Scripted output queues: flits held downstream of each port.
struct Queues final : PortOccupancy {
  std::map<int, int> held;
  int occupied(int port) const override { return held.count(port) ? held.at(port) : 0; }
};

std::unique_ptr<RoutingFunction> make(const std::string& name, const Dragonfly& t, int vcs) {
  const ParameterSet none;
  return RoutingRegistry::get(name).create(RoutingContext{t, vcs, none});
}

}  // namespace

TEST_CASE("minimal routing on a dragonfly reaches every destination in at most three hops, one global, on classes "
          "that never decrease", "[dragonfly][routing]") {
  const Dragonfly t(2, 4, 2, 9);
  const auto minimal = make("minimal", t, 2);
  for (NodeId from = 0; from < t.router_count(); ++from)
    for (NodeId to = 0; to < t.node_count(); ++to) {
      if (from == to / 2) continue;
      const Walk w = walk(t, *minimal, from, to, kNoNode, 2, 2);
      REQUIRE(w.arrived);
      CHECK(w.hops == t.distance(from, to));
      CHECK(w.global_hops <= 1);
      CHECK(w.classes_never_decrease);
    }
}

TEST_CASE("Valiant routing on a dragonfly passes through the intermediate group (unless it meets its destination on "
          "the way out of its own group) and reaches every destination in at most five hops, two global, on classes "
          "that never decrease", "[dragonfly][routing]") {
  for (auto [p, a, h, g] : {std::tuple{2, 4, 2, 9}, std::tuple{1, 3, 2, 5}}) {
    const Dragonfly t(p, a, h, g);
    INFO(t.describe());
    for (const int vcs : {3, 6}) {
      const auto valiant = make("valiant", t, vcs);
      CHECK(valiant->uses_waypoints());
      for (NodeId from = 0; from < t.router_count(); ++from)
        for (NodeId to = 0; to < t.node_count(); to += NodeId(p))
          for (int intermediate = 0; intermediate < g; ++intermediate) {
            if (from == to / NodeId(p)) continue;
            const Walk w = walk(t, *valiant, from, to, NodeId(intermediate), vcs, 3);
            INFO("from router " << from << " to node " << to << " through group " << intermediate);
            REQUIRE(w.arrived);
            // A router delivers a packet for one of its terminals before routing it on: on its way out
            // of its own group a packet may pass its destination's router, and only then skips the
            // intermediate group.
            if (!w.visited_intermediate) CHECK(t.group(from) == t.group(to / NodeId(p)));
            CHECK(w.hops <= 5);
            CHECK(w.global_hops <= 2);
            CHECK(w.classes_never_decrease);
          }
    }
  }
  // The waypoint is a group, drawn uniformly.
  const Dragonfly t(2, 4, 2, 9);
  const auto valiant = make("valiant", t, 3);
  RandomStream random(1, 2, 3);
  std::vector<int> drawn(9, 0);
  const Queues empty;
  for (int i = 0; i < 9000; ++i) ++drawn[std::size_t(valiant->choose_waypoint(0, 40, random, empty))];
  for (int n : drawn) CHECK(n == Approx(1000).margin(150));
}

TEST_CASE("UGAL-L takes the minimal route unless its first queue times its hops exceeds a random Valiant route's, "
          "and then routes as Valiant does", "[dragonfly][routing]") {
  const Dragonfly t(2, 4, 2, 9);
  const auto ugal = make("ugal_local", t, 3);
  CHECK(ugal->uses_waypoints());
  // From router 0 (group 0) to node 40 (router 20, group 5): the minimal route's first port.
  const NodeId destination = 40;
  const int minimal_port = t.deterministic_port(0, destination);
  RandomStream random(7, 2, 3);
  Queues queues;
  int minimal = 0, other = 0;
  for (int i = 0; i < 2000; ++i) minimal += ugal->choose_waypoint(0, destination, random, queues) == 5;
  CHECK(minimal == 2000);  // empty queues: the minimal route always
  queues.held[minimal_port] = 32;  // the minimal route's first channel holds a full buffer of every lane
  for (int i = 0; i < 2000; ++i) {
    const NodeId group = ugal->choose_waypoint(0, destination, random, queues);
    other += group != 5 && group != 0;  // a Valiant route through a third group
  }
  // Every third group's route starts on another port (empty), except the groups whose route shares
  // the minimal route's first port: most draws go non-minimal.
  CHECK(other > 1000);
  for (NodeId from = 0; from < t.router_count(); ++from)
    for (NodeId to = 0; to < t.node_count(); to += 2)
      for (int intermediate = 0; intermediate < 9; ++intermediate) {
        if (from == to / 2) continue;
        const Walk w = walk(t, *ugal, from, to, NodeId(intermediate), 3, 3);
        REQUIRE(w.arrived);
        CHECK(w.classes_never_decrease);
      }
}
