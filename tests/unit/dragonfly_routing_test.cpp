// The dragonfly's routing functions walked hop by hop (routing/dragonfly_*_routing.cpp): every packet
// reaches its destination, on VC classes that never decrease along its path — the order that makes
// them deadlock-free — minimal routing in at most three hops with one global, Valiant through its
// intermediate group in at most five with two.
#include <catch2/catch.hpp>

#include <map>

#include "common/parameters.h"
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
// offers; a VC's class is its quarter (PAR, `classes` 4), third (Valiant, 3) or half (minimal, 2) of
// `vcs`. With `changed_mind` the waypoint becomes that group after the first hop, as PAR's can.
Walk walk(const Dragonfly& t, const RoutingFunction& routing, NodeId from, NodeId to, NodeId waypoint, int vcs,
          int classes, NodeId changed_mind = kNoNode) {
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
    if (w.hops == 0 && changed_mind != kNoNode) waypoint = changed_mind;
    w.visited_intermediate = w.visited_intermediate || t.group(at) == int(waypoint);
  }
  return w;
}

// Scripted queues anywhere in the network: (router, port) -> flits.
struct NetworkQueues final : NetworkOccupancy {
  std::map<std::pair<NodeId, int>, int> held;
  int occupied(NodeId router, int port) const override {
    const auto it = held.find({router, port});
    return it == held.end() ? 0 : it->second;
  }
};

// Scripted output queues: flits held downstream of each port; with `everywhere`, the network's too.
struct Queues final : PortOccupancy {
  std::map<int, int> held;
  const NetworkOccupancy* everywhere = nullptr;
  int occupied(int port) const override { return held.count(port) ? held.at(port) : 0; }
  const NetworkOccupancy* network() const override { return everywhere; }
};

std::unique_ptr<RoutingFunction> make(const std::string& name, const Dragonfly& t, int vcs) {
  const ParameterSet defaults = ParameterSet::defaults(RoutingRegistry::get(name).parameters);
  return RoutingRegistry::get(name).create(RoutingContext{t, vcs, defaults, false});
}

// The waypoint a packet entering the network at router `from` for `destination` is given.
NodeId entering(const RoutingFunction& routing, const Dragonfly& t, NodeId from, NodeId destination,
                RandomStream& random, const PortOccupancy& queues) {
  return routing.choose_waypoint(from, t.network_ports(), 0, destination, kNoNode, random, queues);
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
  for (int i = 0; i < 9000; ++i) ++drawn[std::size_t(entering(*valiant, t, 0, 40, random, empty))];
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
  for (int i = 0; i < 2000; ++i) minimal += entering(*ugal, t, 0, destination, random, queues) == 5;
  CHECK(minimal == 2000);  // empty queues: the minimal route always
  queues.held[minimal_port] = 32;  // the minimal route's first channel holds a full buffer of every VC
  for (int i = 0; i < 2000; ++i) {
    const NodeId group = entering(*ugal, t, 0, destination, random, queues);
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

TEST_CASE("UGAL-G judges each route by the queue of the global channel it leaves the source group by, wherever in "
          "the group that channel is: q_min x H_min against q_nm x H_nm, the minimal route on a tie",
          "[dragonfly][routing]") {
  const Dragonfly t(2, 4, 2, 9);
  NetworkQueues network;
  const auto ugal = make("ugal_global", t, 3);
  const auto local = make("ugal_local", t, 3);
  CHECK(ugal->uses_waypoints());
  // From router 0 (group 0) to node 40 (router 20, group 5). The channel to group 5 is held by another
  // router of group 0, so router 0's own queues cannot see it.
  const NodeId destination = 40;
  int minimal_port = 0;
  const NodeId minimal_gateway = t.gateway(0, 5, minimal_port);
  REQUIRE(minimal_gateway != 0);
  // The hops of a route through group i, counted here from the wiring.
  auto hops_through = [&](int i) {
    if (i == 0 || i == 5) return t.distance(0, destination);
    int port = 0;
    const NodeId exit = t.gateway(0, i, port);
    return int(exit != 0) + 1 + t.distance(t.link(exit, port).router, destination);
  };
  auto global_queue = [&](int i) {
    int port = 0;
    const NodeId exit = t.gateway(0, i == 0 ? 5 : i, port);
    return network.occupied(exit, port);
  };
  const Queues quiet;  // router 0's own queues: empty
  Queues seen;  // the same, asked by a router that can read every router's queues
  seen.everywhere = &network;
  for (const auto& [minimal_queue, others] : {std::pair{0, 0}, std::pair{40, 0}, std::pair{40, 30}, std::pair{12, 7}}) {
    network.held.clear();
    network.held[{minimal_gateway, minimal_port}] = minimal_queue;
    for (int i = 1; i < 9; ++i) {
      int port = 0;
      const NodeId exit = t.gateway(0, i, port);
      if (i != 5) network.held[{exit, port}] = others + i;  // unequal, so that each group is judged on its own
    }
    RandomStream random(11, 2, 3), replay(11, 2, 3), local_random(11, 2, 3);
    int non_minimal = 0;
    for (int draw = 0; draw < 400; ++draw) {
      const int candidate = int(replay.below(9));
      const bool minimal = (long long)global_queue(5) * hops_through(5) <=
                           (long long)global_queue(candidate) * hops_through(candidate);
      const NodeId chosen = entering(*ugal, t, 0, destination, random, seen);
      INFO("queues " << minimal_queue << "/" << others << ", candidate group " << candidate);
      REQUIRE(chosen == NodeId(minimal ? 5 : candidate));
      non_minimal += !minimal;
      // UGAL-L at the same router sees only its empty queues: always minimal.
      CHECK(entering(*local, t, 0, destination, local_random, quiet) == 5);
    }
    if (minimal_queue == 0) CHECK(non_minimal == 0);
    if (minimal_queue == 40 && others == 0) CHECK(non_minimal > 250);  // all but draws of groups 0 and 5
  }
  // Inside the network a packet keeps its waypoint; asked where the network's queues cannot be read it
  // cannot choose.
  RandomStream random(1, 2, 3);
  CHECK(ugal->choose_waypoint(20, 0, 0, destination, 7, random, quiet) == 7);
  CHECK_THROWS_AS(entering(*ugal, t, 0, destination, random, quiet), std::logic_error);
}

TEST_CASE("PAR decides as UGAL-L where a packet enters and once more at the next router of its source group; a "
          "packet that changes its mind there takes a second local hop on a fourth VC class, and classes never "
          "decrease", "[dragonfly][routing]") {
  const Dragonfly t(2, 4, 2, 9);
  CHECK_THROWS_AS(make("par", t, 3), std::invalid_argument);
  for (const int vcs : {4, 8}) {
    const auto par = make("par", t, vcs);
    for (NodeId from = 0; from < t.router_count(); ++from)
      for (NodeId to = 0; to < t.node_count(); to += 2)
        for (int intermediate = 0; intermediate < 9; ++intermediate) {
          if (from == to / 2) continue;
          const int target = t.group_of_node(to);
          INFO("from router " << from << " to node " << to << " then through group " << intermediate);
          // Minimal from the source, rerouted through `intermediate` at the next router.
          const Walk w = walk(t, *par, from, to, NodeId(target), vcs, 4, NodeId(intermediate));
          REQUIRE(w.arrived);
          CHECK(w.hops <= 6);
          CHECK(w.global_hops <= 2);
          CHECK(w.classes_never_decrease);
        }
  }
  // The decision at the next router: router 1 of group 0 holds a global channel; a packet from router 0
  // came to it on a local channel heading minimally for that channel's group.
  const auto par = make("par", t, 4);
  int global_port = t.network_ports() - 1;
  const NodeId next_group_router = t.link(1, global_port).router;
  const int target = t.group(next_group_router);
  const NodeId destination = next_group_router * 2;
  const int came_from_router_0 = t.link(0, t.port_to_group(0, target)).input_port;
  REQUIRE(t.link(0, t.port_to_group(0, target)).router == 1);
  RandomStream random(5, 2, 3);
  Queues queues;
  for (int i = 0; i < 200; ++i)
    CHECK(par->choose_waypoint(1, came_from_router_0, 0, destination, NodeId(target), random, queues) == NodeId(target));
  queues.held[global_port] = 40;  // its minimal channel is congested: most draws leave the minimal route
  int changed = 0;
  for (int i = 0; i < 400; ++i)
    changed += par->choose_waypoint(1, came_from_router_0, 0, destination, NodeId(target), random, queues) !=
               NodeId(target);
  CHECK(changed > 250);
  // A non-minimal choice is final, and outside the source group nothing is reconsidered.
  CHECK(par->choose_waypoint(1, came_from_router_0, 0, destination, 3, random, queues) == 3);
  const int landed_on = t.link(1, global_port).input_port;
  CHECK(par->choose_waypoint(next_group_router, landed_on, 0, destination, NodeId(target), random, queues) ==
        NodeId(target));
}
