// Dimension-order routing: every source-destination pair is routed minimally, dimension by
// dimension, and on a torus the VC classes follow the dateline rule.
#include <catch2/catch.hpp>

#include "core/parameters.h"
#include "routing/routing_function.h"
#include "topology/topology.h"

using namespace icn;

namespace {

struct Walk {
  int hops = 0;
  bool dimension_order = true;
  bool classes_ok = true;
};

// Follows the routing function from `source` to `destination`, taking the lowest admissible VC.
Walk walk(const Topology& t, const RoutingFunction& routing, int vcs, NodeId source, NodeId destination) {
  Walk w;
  NodeId node = source;
  int input_port = t.network_ports();  // injection
  int input_vc = 0;
  int last_dimension = -1;
  const int low = (vcs + 1) / 2;
  RouteResult route;
  while (node != destination && w.hops <= int(t.node_count())) {
    routing.route(node, input_port, input_vc, destination, route);
    REQUIRE(route.count == 1);
    const int port = route.candidates[0].port;
    const std::uint32_t mask = route.candidates[0].vc_mask;
    REQUIRE(mask != 0);
    const int dimension = Topology::dimension_of(port);
    if (dimension < last_dimension) w.dimension_order = false;
    if (t.wraps(dimension)) {
      // High class exactly on and after the dateline hop within this dimension.
      const bool continuing = port == input_port;
      const bool high_expected = t.crosses_dateline(node, port) || (continuing && input_vc >= low);
      const std::uint32_t low_mask = (1u << low) - 1;
      if (high_expected ? (mask & low_mask) != 0 : (mask & ~low_mask) != 0) w.classes_ok = false;
    }
    last_dimension = dimension;
    input_vc = __builtin_ctz(mask);
    input_port = port;
    node = t.neighbour(node, port);
    REQUIRE(node != kNoNode);
    ++w.hops;
  }
  return w;
}

void check_all_pairs(const Topology& t, int vcs) {
  ParameterSet none;
  auto routing = RoutingRegistry::get("dimension_order").create(RoutingContext{t, vcs, none});
  for (NodeId s = 0; s < t.node_count(); ++s)
    for (NodeId d = 0; d < t.node_count(); ++d) {
      if (s == d) continue;
      const Walk w = walk(t, *routing, vcs, s, d);
      INFO("from " << s << " to " << d);
      REQUIRE(w.hops == t.distance(s, d));
      REQUIRE(w.dimension_order);
      REQUIRE(w.classes_ok);
    }
}

}  // namespace

TEST_CASE("dimension-order routes every pair of a 4-ary 3-cube torus minimally with dateline classes", "[routing]") {
  check_all_pairs(Topology(4, 3, {DimensionKind::Torus}), 2);
  check_all_pairs(Topology(4, 3, {DimensionKind::Torus}), 3);
}

TEST_CASE("dimension-order routes every pair of a 4-ary 3-cube mesh minimally", "[routing]") {
  check_all_pairs(Topology(4, 3, {DimensionKind::Mesh}), 1);
}

TEST_CASE("dimension-order routes odd rings and mixed networks minimally", "[routing]") {
  check_all_pairs(Topology(5, 2, {DimensionKind::Torus}), 2);
  check_all_pairs(Topology(3, 3, {DimensionKind::Torus, DimensionKind::Mesh, DimensionKind::Torus}), 2);
  check_all_pairs(Topology(16, 1, {DimensionKind::Torus}), 4);
}

TEST_CASE("the two dateline classes never share a VC", "[routing]") {
  const Topology t(4, 1, {DimensionKind::Torus});
  ParameterSet none;
  for (int vcs = 2; vcs <= 8; ++vcs) {
    auto routing = RoutingRegistry::get("dimension_order").create(RoutingContext{t, vcs, none});
    RouteResult before, after;
    routing->route(1, t.network_ports(), 0, 2, before);  // 1 -> 2, no crossing: low class
    routing->route(3, t.network_ports(), 0, 0, after);   // 3 -> 0 crosses the dateline: high class
    CHECK((before.candidates[0].vc_mask & after.candidates[0].vc_mask) == 0);
    CHECK((before.candidates[0].vc_mask | after.candidates[0].vc_mask) == (1u << vcs) - 1);
  }
}

TEST_CASE("dimension-order on a torus refuses a single VC", "[routing]") {
  const Topology t(4, 2, {DimensionKind::Torus});
  ParameterSet none;
  CHECK_THROWS_AS(RoutingRegistry::get("dimension_order").create(RoutingContext{t, 1, none}), std::invalid_argument);
}
