// Dimension-order routing: every source-destination pair is routed minimally, dimension by
// dimension, and on a torus each dateline scheme (docs/routing.md) gives every hop the class it
// specifies. The expected classes are computed here from the ring geometry, independently of
// routing/dateline.h.
#include <catch2/catch.hpp>

#include <map>

#include "common/parameters.h"
#include "routing/routing_function.h"
#include "topology/kary_ncube.h"

using namespace icn;

namespace {

// A dateline scheme is given only where a dimension wraps around: on a mesh it would be refused.
std::map<std::string, std::string> dateline_of(const KaryNCube& t, const std::string& scheme) {
  for (int d = 0; d < t.dimensions(); ++d)
    if (t.wraps(d)) return {{"dateline", scheme}};
  return {};
}

std::unique_ptr<RoutingFunction> make(const KaryNCube& t, int vcs, const std::string& scheme = "entry") {
  return RoutingRegistry::get("dimension_order")
      .create(RoutingContext{t, vcs, ParameterSet::defaults(RoutingRegistry::get("dimension_order").parameters,
                                                            dateline_of(t, scheme))});
}

struct Hop {
  NodeId node;
  int port;
  std::uint32_t mask;
};

// Follows the routing function from `source` to `destination`, taking the lowest admissible VC.
std::vector<Hop> walk(const KaryNCube& t, const RoutingFunction& routing, NodeId source, NodeId destination) {
  std::vector<Hop> hops;
  NodeId node = source;
  int input_port = t.network_ports();  // injection
  int input_vc = 0;
  RouteResult route;
  while (node != destination && hops.size() <= t.node_count()) {
    routing.route(node, input_port, input_vc, destination, route);
    REQUIRE(route.count == 1);
    const Hop hop{node, route.candidates[0].port, route.candidates[0].vc_mask};
    REQUIRE(hop.mask != 0);
    hops.push_back(hop);
    input_vc = __builtin_ctz(hop.mask);
    input_port = hop.port;
    node = t.neighbour(node, hop.port);
    REQUIRE(node != kNoNode);
  }
  return hops;
}

// Whether the hop from `node` through `port` is a dateline: the wrap link, or with two datelines
// also the half-way link (+: from coordinate k/2 − 1; −: from k/2).
bool is_dateline(const KaryNCube& t, NodeId node, int port, bool two) {
  const int c = t.coordinate(node, KaryNCube::dimension_of(port)), k = t.radix();
  const bool positive = KaryNCube::is_positive(port);
  return c == (positive ? k - 1 : 0) || (two && c == (positive ? k / 2 - 1 : k / 2));
}

void check_all_pairs(const KaryNCube& t, int vcs, const std::string& scheme) {
  auto routing = make(t, vcs, scheme);
  const std::uint32_t all = (1u << vcs) - 1, class0 = (1u << ((vcs + 1) / 2)) - 1, class1 = all & ~class0;
  for (NodeId s = 0; s < t.node_count(); ++s)
    for (NodeId d = 0; d < t.node_count(); ++d) {
      if (s == d) continue;
      INFO(scheme << ", V = " << vcs << ", from " << s << " to " << d);
      const std::vector<Hop> hops = walk(t, *routing, s, d);
      REQUIRE(int(hops.size()) == t.distance(s, d));  // minimal
      for (std::size_t first = 0; first < hops.size();) {
        const int dimension = KaryNCube::dimension_of(hops[first].port);
        std::size_t last = first;
        while (last < hops.size() && KaryNCube::dimension_of(hops[last].port) == dimension) {
          REQUIRE(hops[last].port == hops[first].port);  // one direction per dimension
          ++last;
        }
        REQUIRE((first == 0 || KaryNCube::dimension_of(hops[first - 1].port) < dimension));  // dimension order
        if (t.wraps(dimension)) {
          for (std::size_t i = first; i < last; ++i) REQUIRE((hops[i].mask == class0 || hops[i].mask == class1));
          bool crosses = false, crossed = false, ok = true;
          for (std::size_t i = first; i < last; ++i) crosses |= is_dateline(t, hops[i].node, hops[i].port, false);
          for (std::size_t i = first; i < last; ++i) {
            crossed |= is_dateline(t, hops[i].node, hops[i].port, scheme == "two_datelines");
            const bool expect_class1 = scheme == "entry" ? crosses : crossed;
            ok &= hops[i].mask == (expect_class1 ? class1 : class0);
          }
          REQUIRE(ok);
        } else {
          for (std::size_t i = first; i < last; ++i) REQUIRE(hops[i].mask == all);
        }
        first = last;
      }
    }
}

}  // namespace

TEST_CASE("dimension-order routes every pair of a 4-ary 3-cube torus minimally with each scheme's dateline classes",
          "[routing]") {
  for (const char* scheme : {"entry", "wrap", "two_datelines"}) {
    check_all_pairs(KaryNCube(4, 3, {DimensionKind::Torus}), 2, scheme);
    check_all_pairs(KaryNCube(4, 3, {DimensionKind::Torus}), 3, scheme);
  }
}

TEST_CASE("dimension-order routes every pair of a 4-ary 3-cube mesh minimally on all VCs", "[routing]") {
  check_all_pairs(KaryNCube(4, 3, {DimensionKind::Mesh}), 1, "entry");
}

TEST_CASE("dimension-order routes odd and even rings and mixed networks minimally with each scheme", "[routing]") {
  for (const char* scheme : {"entry", "wrap", "two_datelines"}) {
    check_all_pairs(KaryNCube(5, 2, {DimensionKind::Torus}), 2, scheme);
    check_all_pairs(KaryNCube(3, 3, {DimensionKind::Torus, DimensionKind::Mesh, DimensionKind::Torus}), 2, scheme);
    check_all_pairs(KaryNCube(16, 1, {DimensionKind::Torus}), 4, scheme);
    check_all_pairs(KaryNCube(7, 1, {DimensionKind::Torus}), 3, scheme);
  }
}

TEST_CASE("every scheme uses both dateline classes on a ring, and they never share a VC", "[routing]") {
  const KaryNCube t(8, 1, {DimensionKind::Torus});
  for (const char* scheme : {"entry", "wrap", "two_datelines"})
    for (int vcs = 2; vcs <= 8; ++vcs) {
      auto routing = make(t, vcs, scheme);
      std::uint32_t seen[2] = {0, 0};
      int hops_in_class1 = 0, hops = 0;
      RouteResult r;
      for (NodeId s = 0; s < t.node_count(); ++s)
        for (NodeId d = 0; d < t.node_count(); ++d) {
          if (s == d) continue;
          routing->route(s, t.network_ports(), 0, d, r);
          const bool class1 = (r.candidates[0].vc_mask & 1u) == 0;
          seen[class1] |= r.candidates[0].vc_mask;
          hops_in_class1 += class1;
          ++hops;
        }
      INFO(scheme << ", V = " << vcs);
      CHECK((seen[0] & seen[1]) == 0);
      CHECK((seen[0] | seen[1]) == (1u << vcs) - 1);
      CHECK(hops_in_class1 > 0);
      CHECK(hops_in_class1 < hops);
    }
}

TEST_CASE("dimension-order on a torus refuses a single VC", "[routing]") {
  const KaryNCube t(4, 2, {DimensionKind::Torus});
  CHECK_THROWS_AS(make(t, 1), std::invalid_argument);
}

namespace {

// The entropy paper's scheme (sec. 5.1): "a packet is injected in the channel-0 and, every time it
// goes across a date-line, the assigned virtual channel number is increased by one", with datelines
// at 0 and N/2 of every ring. Counted here hop by hop from the ring geometry.
void check_counted(const KaryNCube& t, int vcs) {
  auto routing = make(t, vcs, "counted");
  for (NodeId s = 0; s < t.node_count(); ++s)
    for (NodeId d = 0; d < t.node_count(); ++d) {
      if (s == d) continue;
      INFO("V = " << vcs << ", from " << s << " to " << d);
      const std::vector<Hop> hops = walk(t, *routing, s, d);
      REQUIRE(int(hops.size()) == t.distance(s, d));
      int crossed = 0;
      for (const Hop& h : hops) {
        if (t.wraps(KaryNCube::dimension_of(h.port))) crossed += is_dateline(t, h.node, h.port, true);
        REQUIRE(h.mask == (1u << crossed));  // exactly one VC: the datelines crossed so far, this hop included
      }
    }
}

}  // namespace

TEST_CASE("counted datelines give each hop the VC numbered by the datelines crossed so far, across dimensions",
          "[routing]") {
  check_counted(KaryNCube(4, 3, {DimensionKind::Torus}), 4);
  check_counted(KaryNCube(5, 2, {DimensionKind::Torus}), 3);
  check_counted(KaryNCube(8, 2, {DimensionKind::Torus}), 3);
  check_counted(KaryNCube(3, 3, {DimensionKind::Torus, DimensionKind::Mesh, DimensionKind::Torus}), 3);
}

TEST_CASE("counted datelines refuse a torus with no more VCs than dimensions", "[routing]") {
  CHECK_THROWS_AS(make(KaryNCube(8, 2, {DimensionKind::Torus}), 2, "counted"), std::invalid_argument);
  CHECK_NOTHROW(make(KaryNCube(8, 2, {DimensionKind::Torus, DimensionKind::Mesh}), 2, "counted"));
}
