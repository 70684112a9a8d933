// Duato routing: adaptive candidates are exactly the minimal directions on the adaptive VCs, and
// the escape candidate is the dimension-order hop on escape VCs of the right dateline class.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "common/parameters.h"
#include "routing/routing_function.h"
#include "topology/kary_ncube.h"

using namespace icn;

namespace {
std::unique_ptr<RoutingFunction> make(const std::string& name, const KaryNCube& t, int vcs, int escape = 0,
                                      const std::string& dateline = "wrap") {
  std::map<std::string, std::string> given{{"escape_vcs", std::to_string(escape)}};
  bool wraps = false;  // a dateline scheme is given only where a dimension wraps around
  for (int d = 0; d < t.dimensions(); ++d) wraps |= t.wraps(d);
  if (name == "duato" && wraps) given["dateline"] = dateline;
  return RoutingRegistry::get(name).create(
      RoutingContext{t, vcs, ParameterSet::defaults(RoutingRegistry::get(name).parameters, given)});
}
}  // namespace

TEST_CASE("Duato: adaptive routes are always minimal and the escape path is always dimension order", "[routing][duato]") {
  for (auto kind : {DimensionKind::Torus, DimensionKind::Mesh}) {
    const KaryNCube t(4, 3, {kind});
    const int vcs = 4;
    auto duato = make("duato", t, vcs);
    auto dor = RoutingRegistry::get("dimension_order")
                   .create(RoutingContext{t, vcs, ParameterSet::defaults(RoutingRegistry::get("dimension_order").parameters)});
    const std::uint32_t escape = kind == DimensionKind::Torus ? 0b0011u : 0b0001u;
    RouteResult r, d;
    for (NodeId s = 0; s < t.node_count(); ++s)
      for (NodeId dst = 0; dst < t.node_count(); ++dst) {
        if (s == dst) continue;
        duato->route(s, t.network_ports(), 0, dst, r);
        dor->route(s, t.network_ports(), 0, dst, d);
        const auto minimal = t.minimal_ports(s, dst);
        REQUIRE(r.count == int(minimal.size()) + 1);
        for (int i = 0; i + 1 < r.count; ++i) {
          CHECK(r.candidates[i].group == 0);
          CHECK(r.candidates[i].needs_empty_buffer);
          CHECK(r.candidates[i].vc_mask == (0b1111u & ~escape));
          CHECK(std::find(minimal.begin(), minimal.end(), r.candidates[i].port) != minimal.end());
        }
        const RouteCandidate& e = r.candidates[r.count - 1];
        CHECK(e.group == 1);
        CHECK(e.port == d.candidates[0].port);  // the dimension-order hop
        CHECK((e.vc_mask & ~escape) == 0);
        CHECK(e.vc_mask != 0);
      }
  }
}

TEST_CASE("Duato's escape network reaches every destination minimally along dimension order", "[routing][duato]") {
  const KaryNCube t(5, 2, {DimensionKind::Torus});
  auto duato = make("duato", t, 3);
  RouteResult r;
  for (NodeId s = 0; s < t.node_count(); ++s)
    for (NodeId dst = 0; dst < t.node_count(); ++dst) {
      NodeId node = s;
      int hops = 0;
      while (node != dst && hops <= 25) {
        duato->route(node, 0, 0, dst, r);
        node = t.neighbour(node, r.candidates[r.count - 1].port);
        ++hops;
      }
      CHECK(hops == t.distance(s, dst));
    }
}

TEST_CASE("Duato's escape classes depend on position only: class 1 iff the rest of the path crosses no dateline",
          "[routing][duato]") {
  const KaryNCube t(8, 2, {DimensionKind::Torus});
  for (const char* scheme : {"wrap", "two_datelines"}) {
    auto duato = make("duato", t, 3, 0, scheme);
    RouteResult r;
    for (NodeId s = 0; s < t.node_count(); ++s)
      for (NodeId dst = 0; dst < t.node_count(); ++dst) {
        if (s == dst) continue;
        duato->route(s, t.network_ports(), 0, dst, r);
        const RouteCandidate& e = r.candidates[r.count - 1];
        // Walk the rest of this dimension after the hop and look for a dateline link.
        const int d = KaryNCube::dimension_of(e.port), k = t.radix();
        const bool positive = KaryNCube::is_positive(e.port);
        int c = (t.coordinate(s, d) + (positive ? 1 : k - 1)) % k;
        bool crosses_later = false;
        for (; c != t.coordinate(dst, d); c = (c + (positive ? 1 : k - 1)) % k)
          crosses_later |= c == (positive ? k - 1 : 0) ||
                           (std::string(scheme) == "two_datelines" && c == (positive ? k / 2 - 1 : k / 2));
        INFO(scheme << ": " << s << " -> " << dst);
        CHECK(e.vc_mask == (crosses_later ? 0b01u : 0b10u));
      }
  }
  CHECK_THROWS_AS(make("duato", t, 3, 0, "entry"), std::invalid_argument);
}

TEST_CASE("Duato needs adaptive VCs beyond the escape ones", "[routing][duato]") {
  const KaryNCube t(4, 2, {DimensionKind::Torus});
  CHECK_THROWS_AS(make("duato", t, 2), std::invalid_argument);
  CHECK_THROWS_AS(make("duato", t, 4, 1), std::invalid_argument);
  CHECK_NOTHROW(make("duato", t, 3));
  CHECK_NOTHROW(make("duato", KaryNCube(4, 2, {DimensionKind::Mesh}), 2));
}

TEST_CASE("the adaptive bubble router: adaptive candidates minimal, escape in dimension order under the bubble rule",
          "[routing][bubble]") {
  const KaryNCube t(4, 2, {DimensionKind::Torus});
  ParameterSet p;
  ParameterValue v;
  v.items = {"1"};
  v.origin = "test";
  p.set("escape_vcs", v);
  auto bubble = RoutingRegistry::get("bubble").create(RoutingContext{t, 3, p, true});
  RouteResult r;
  for (NodeId s = 0; s < t.node_count(); ++s)
    for (NodeId d = 0; d < t.node_count(); ++d) {
      if (s == d) continue;
      bubble->route(s, t.network_ports(), 0, d, r);
      const auto minimal = t.minimal_ports(s, d);
      REQUIRE(r.count == int(minimal.size()) + 1);
      for (int i = 0; i + 1 < r.count; ++i) {
        CHECK(r.candidates[i].vc_mask == 0b110u);
        CHECK_FALSE(r.candidates[i].bubble);
        CHECK(std::find(minimal.begin(), minimal.end(), r.candidates[i].port) != minimal.end());
      }
      CHECK(r.candidates[r.count - 1].port == t.dimension_order_port(s, d));
      CHECK(r.candidates[r.count - 1].vc_mask == 0b001u);
      CHECK(r.candidates[r.count - 1].bubble);
    }
  CHECK_THROWS_AS(RoutingRegistry::get("bubble").create(RoutingContext{t, 3, p, false}), std::invalid_argument);
}
