#include <catch2/catch.hpp>

#include <cstdlib>

#include "topology/kary_ncube.h"

using namespace icn;

namespace {
KaryNCube torus(int k, int n) { return KaryNCube(k, n, {DimensionKind::Torus}); }
KaryNCube mesh(int k, int n) { return KaryNCube(k, n, {DimensionKind::Mesh}); }
}  // namespace

TEST_CASE("nodes are numbered with dimension 0 varying fastest", "[topology]") {
  const KaryNCube t = torus(16, 2);
  CHECK(t.node_count() == 256);
  CHECK(t.coordinates(154) == std::vector<int>{10, 9});  // N154 of the self-tuned paper's Table 2
  for (NodeId node = 0; node < t.node_count(); ++node) CHECK(t.node_at(t.coordinates(node)) == node);
  CHECK(KaryNCube(16, 3, {DimensionKind::Torus}).node_count() == 4096);
}

TEST_CASE("neighbours wrap on a torus and stop at a mesh edge", "[topology]") {
  const KaryNCube t = torus(4, 2), m = mesh(4, 2);
  CHECK(t.neighbour(0, KaryNCube::port_of(0, true)) == 1);
  CHECK(t.neighbour(0, KaryNCube::port_of(0, false)) == 3);   // wraps to x = 3
  CHECK(t.neighbour(0, KaryNCube::port_of(1, false)) == 12);  // wraps to y = 3
  CHECK(t.neighbour(15, KaryNCube::port_of(1, true)) == 3);
  CHECK(m.neighbour(0, KaryNCube::port_of(0, false)) == kNoNode);
  CHECK(m.neighbour(3, KaryNCube::port_of(0, true)) == kNoNode);
  CHECK(m.neighbour(5, KaryNCube::port_of(1, true)) == 9);
  // A port and its opposite are inverse moves everywhere they exist.
  for (NodeId a = 0; a < t.node_count(); ++a)
    for (int p = 0; p < t.network_ports(); ++p) CHECK(t.neighbour(t.neighbour(a, p), p ^ 1) == a);
}

TEST_CASE("a mixed network wraps only its torus dimensions", "[topology]") {
  const KaryNCube t(4, 2, {DimensionKind::Torus, DimensionKind::Mesh});
  CHECK(t.neighbour(0, KaryNCube::port_of(0, false)) == 3);
  CHECK(t.neighbour(0, KaryNCube::port_of(1, false)) == kNoNode);
}

TEST_CASE("distances are minimal hop counts", "[topology]") {
  const KaryNCube t = torus(8, 2), m = mesh(8, 2);
  CHECK(t.distance(0, t.node_at({7, 0})) == 1);
  CHECK(m.distance(0, m.node_at({7, 0})) == 7);
  CHECK(t.distance(0, t.node_at({4, 4})) == 8);
  CHECK(t.distance(t.node_at({1, 6}), t.node_at({6, 1})) == 3 + 3);
  // Average distance of a k-ary ring with even k over all ordered pairs including self is k/4.
  const KaryNCube ring = torus(16, 1);
  long total = 0;
  for (NodeId a = 0; a < 16; ++a)
    for (NodeId b = 0; b < 16; ++b) total += ring.distance(a, b);
  CHECK(double(total) / 256.0 == Approx(4.0));
}

TEST_CASE("an offset of exactly k/2 on an even ring is minimal both ways", "[topology]") {
  const KaryNCube t = torus(8, 1);
  bool tie = false;
  CHECK(t.minimal_offset(1, 5, 0, &tie) == 4);
  CHECK(tie);
  CHECK(t.minimal_ports(1, 5) == std::vector<int>{0, 1});
  CHECK(t.minimal_offset(1, 6, 0, &tie) == -3);
  CHECK_FALSE(tie);
  CHECK(t.minimal_ports(1, 6) == std::vector<int>{1});
}

TEST_CASE("the dateline of a torus dimension is its wrap-around link", "[topology]") {
  const KaryNCube t = torus(4, 2), m = mesh(4, 2);
  CHECK(t.crosses_dateline(t.node_at({3, 1}), KaryNCube::port_of(0, true)));
  CHECK(t.crosses_dateline(t.node_at({0, 1}), KaryNCube::port_of(0, false)));
  CHECK_FALSE(t.crosses_dateline(t.node_at({2, 1}), KaryNCube::port_of(0, true)));
  CHECK_FALSE(t.crosses_dateline(t.node_at({3, 1}), KaryNCube::port_of(0, false)));
  CHECK(t.crosses_dateline(t.node_at({1, 3}), KaryNCube::port_of(1, true)));
  CHECK_FALSE(m.crosses_dateline(m.node_at({3, 1}), KaryNCube::port_of(0, true)));
}

TEST_CASE("uniform capacity is 8/k on a torus and 4/k on a mesh", "[topology]") {
  CHECK(torus(16, 2).uniform_capacity() == Approx(0.5));
  CHECK(torus(8, 3).uniform_capacity() == Approx(1.0));
  CHECK(mesh(16, 2).uniform_capacity() == Approx(0.25));
  CHECK(torus(5, 2).uniform_capacity() == Approx(8.0 * 5 / 24));
}

TEST_CASE("useful channels are the ports on some minimal path", "[topology]") {
  const KaryNCube t = torus(8, 2), m = mesh(8, 2);
  int ports[4];
  // Offset (+2, -3): + in dimension 0, - in dimension 1.
  REQUIRE(t.minimal_ports(t.node_at({1, 5}), t.node_at({3, 2}), ports) == 2);
  CHECK(ports[0] == KaryNCube::port_of(0, true));
  CHECK(ports[1] == KaryNCube::port_of(1, false));
  // Offset k/2 in dimension 0 of a torus: both directions are useful; on a mesh only one exists.
  CHECK(t.minimal_ports(t.node_at({0, 0}), t.node_at({4, 0}), ports) == 2);
  CHECK(m.minimal_ports(m.node_at({0, 0}), m.node_at({4, 0}), ports) == 1);
  CHECK(ports[0] == KaryNCube::port_of(0, true));
  CHECK(t.minimal_ports(5, 5, ports) == 0);
}

TEST_CASE("through the interface, every output port of a k-ary n-cube leads one step along its dimension and "
          "direction, into the input port of the same number, and every input port is entered at most once",
          "[topology]") {
  const KaryNCube shapes[] = {torus(4, 3), mesh(3, 2), KaryNCube(5, 2, {DimensionKind::Torus, DimensionKind::Mesh})};
  for (const KaryNCube& cube : shapes) {
    const Topology& t = cube;
    INFO(t.describe());
    const int k = cube.radix();
    std::vector<int> entered(std::size_t(t.node_count()) * t.network_ports(), 0);
    for (NodeId a = 0; a < t.node_count(); ++a)
      for (int p = 0; p < t.network_ports(); ++p) {
        std::vector<int> c = cube.coordinates(a);
        const int d = p / 2;
        c[d] += p % 2 == 0 ? 1 : -1;
        const bool off_edge = c[d] < 0 || c[d] >= k;
        const Topology::Link to = t.link(a, p);
        if (off_edge && !cube.wraps(d)) {
          CHECK(to.router == kNoNode);
          continue;
        }
        c[d] = (c[d] + k) % k;
        REQUIRE(to.router == cube.node_at(c));
        CHECK(to.input_port == p);
        ++entered[std::size_t(to.router) * t.network_ports() + to.input_port];
      }
    int edges = 0;
    for (int e : entered) {
      CHECK(e <= 1);
      edges += e == 0;
    }
    int expected_edges = 0;  // two unentered input ports per line of each mesh dimension
    for (int d = 0; d < cube.dimensions(); ++d)
      if (!cube.wraps(d)) expected_edges += 2 * int(t.node_count()) / k;
    CHECK(edges == expected_edges);
  }
}

TEST_CASE("through the interface, every minimal port leads one hop closer and the deterministic route arrives in "
          "exactly the distance", "[topology]") {
  const KaryNCube shapes[] = {torus(4, 2), mesh(3, 3), torus(5, 2), KaryNCube(6, 1, {DimensionKind::Torus})};
  for (const KaryNCube& cube : shapes) {
    const Topology& t = cube;
    INFO(t.describe());
    int ports[16];
    for (NodeId from = 0; from < t.node_count(); ++from)
      for (NodeId to = 0; to < t.node_count(); ++to) {
        const int count = t.minimal_ports(from, to, ports);
        CHECK((count == 0) == (from == to));
        for (int i = 0; i < count; ++i) CHECK(t.distance(t.neighbour(from, ports[i]), to) == t.distance(from, to) - 1);
        NodeId at = from;
        int hops = 0;
        for (int port; (port = t.deterministic_port(at, to)) >= 0 && hops <= t.distance(from, to); ++hops)
          at = t.neighbour(at, port);
        CHECK(at == to);
        CHECK(hops == t.distance(from, to));
      }
  }
}
