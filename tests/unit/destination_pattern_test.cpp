// Destination patterns against their definitions in the papers.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "common/config_error.h"
#include "common/parameters.h"
#include "topology/kary_ncube.h"
#include "traffic/destination_pattern.h"

using namespace icn;

namespace {

ParameterSet parameters(const std::string& pattern, std::map<std::string, std::vector<std::string>> values = {}) {
  ParameterSet p;
  for (const auto& spec : PatternRegistry::get(pattern).parameters) {
    ParameterValue v;
    v.items = values.count(spec.key) ? values[spec.key] : std::vector<std::string>{spec.default_value};
    v.origin = "test";
    p.set(spec.key, v);
  }
  return p;
}

std::unique_ptr<DestinationPattern> make(const std::string& pattern, const KaryNCube& t, std::uint64_t seed = 1,
                                         std::map<std::string, std::vector<std::string>> values = {}) {
  const ParameterSet p = parameters(pattern, values);
  return PatternRegistry::get(pattern).create(PatternContext{t, p, seed});
}

NodeId to(const DestinationPattern& pattern, NodeId source) {
  RandomStream random(1, 2, source);
  return pattern.destination(source, random);
}

const KaryNCube k16n2(16, 2, {DimensionKind::Torus});
const KaryNCube k32n2(32, 2, {DimensionKind::Torus});

}  // namespace

TEST_CASE("self-tuned paper Table 2: the destinations of node 154 (10011010) in a 16-ary 2-cube", "[pattern]") {
  CHECK(to(*make("bit_reversal", k16n2), 154) == 0b01011001);     // (a0, a1, ..., a7) = N89
  CHECK(to(*make("perfect_shuffle", k16n2), 154) == 0b00110101);  // (a6, ..., a0, a7) = N53
  CHECK(to(*make("bit_complement", k16n2), 154) == 0b01100101);   // complement = N101
  // Uniform random: any node but 154, all of them eventually.
  auto uniform = make("uniform", k16n2);
  RandomStream random(9, 2, 154);
  std::set<NodeId> seen;
  for (int i = 0; i < 20000; ++i) {
    const NodeId d = uniform->destination(154, random);
    REQUIRE(d != 154);
    REQUIRE(d < 256);
    seen.insert(d);
  }
  CHECK(seen.size() == 255);
}

TEST_CASE("entropy paper Table 1 patterns on a 32x32 torus", "[pattern]") {
  const KaryNCube& t = k32n2;
  // trns: (X, Y) -> (Y, X)
  auto transpose = make("transpose", t);
  CHECK(to(*transpose, t.node_at({3, 17})) == t.node_at({17, 3}));
  // shfl: w_{2n-1} ... w_0 -> w_{2n-2} ... w_0 w_{2n-1}  (10 bits)
  CHECK(to(*make("perfect_shuffle", t), 0b1000000001) == 0b0000000011);
  CHECK(to(*make("perfect_shuffle", t), 0b0100000000) == 0b1000000000);
  // bcmp: every bit complemented
  CHECK(to(*make("bit_complement", t), 0b1010101010) == 0b0101010101);
  // brev: w_{2n-1} ... w_0 -> w_0 ... w_{2n-1}
  CHECK(to(*make("bit_reversal", t), 0b1100000010) == 0b0100000011);
  // brot: w_{2n-1} ... w_1 w_0 -> w_0 w_{2n-1} ... w_1
  CHECK(to(*make("bit_rotation", t), 0b0000000001) == 0b1000000000);
  CHECK(to(*make("bit_rotation", t), 0b1000000010) == 0b0100000001);
  // torn: W -> mod(W + N/2, N^2) with N = 32
  auto tornado = make("tornado", t);
  CHECK(to(*tornado, 0) == 16);
  CHECK(to(*tornado, 20) == 36);
  CHECK(to(*tornado, 1023) == 15);
  // Every bit permutation and the transpose are permutations of the 1,024 nodes.
  for (const char* name : {"transpose", "perfect_shuffle", "bit_complement", "bit_reversal", "bit_rotation", "tornado",
                           "butterfly"}) {
    auto pattern = make(name, t);
    std::set<NodeId> images;
    for (NodeId s = 0; s < t.node_count(); ++s) images.insert(to(*pattern, s));
    INFO(name);
    CHECK(images.size() == t.node_count());
  }
}

TEST_CASE("random pair pairs every node with one partner, fixed by the seed", "[pattern]") {
  auto a = make("random_pair", k32n2, 5), b = make("random_pair", k32n2, 5), c = make("random_pair", k32n2, 6);
  int differences = 0;
  for (NodeId s = 0; s < k32n2.node_count(); ++s) {
    const NodeId partner = to(*a, s);
    CHECK(partner != s);
    CHECK(to(*a, partner) == s);  // pairs are mutual
    CHECK(to(*b, s) == partner);  // same seed, same pairing
    differences += to(*c, s) != partner;
  }
  CHECK(differences > 900);
  // An odd node count leaves exactly one node without a partner.
  const KaryNCube odd(5, 1, {DimensionKind::Torus});
  auto pairs = make("random_pair", odd, 3);
  int alone = 0;
  for (NodeId s = 0; s < 5; ++s) alone += to(*pairs, s) == s;
  CHECK(alone == 1);
}

TEST_CASE("random permutation sends every node to a different node and every node receives once, fixed by the seed, "
          "and not a pairing", "[pattern]") {
  auto a = make("random_permutation", k32n2, 5), b = make("random_permutation", k32n2, 5),
       c = make("random_permutation", k32n2, 6);
  std::set<NodeId> images;
  int differences = 0, mutual = 0;
  for (NodeId s = 0; s < k32n2.node_count(); ++s) {
    const NodeId d = to(*a, s);
    CHECK(d != s);                // no fixed point: every node sends
    images.insert(d);
    CHECK(to(*b, s) == d);        // same seed, same permutation
    differences += to(*c, s) != d;
    mutual += to(*a, d) == s;
  }
  CHECK(images.size() == k32n2.node_count());  // a permutation: every node receives from one
  CHECK(differences > 900);
  CHECK(mutual < 20);  // about one pair in a uniform derangement of 1,024 nodes, not a pairing's 1,024
  const KaryNCube two(2, 1, {DimensionKind::Mesh});
  auto swap = make("random_permutation", two, 3);
  CHECK(to(*swap, 0) == 1);
  CHECK(to(*swap, 1) == 0);
}

TEST_CASE("butterfly swaps the highest and lowest bits, and tornado per dimension shifts each coordinate", "[pattern]") {
  CHECK(to(*make("butterfly", k16n2), 0b10000000) == 0b00000001);
  CHECK(to(*make("butterfly", k16n2), 0b10011010) == 0b00011011);
  auto tornado = make("tornado", k16n2, 1, {{"per_dimension", {"true"}}});
  CHECK(to(*tornado, k16n2.node_at({2, 15})) == k16n2.node_at({9, 6}));  // + (16/2 - 1) = 7 per dimension
}

TEST_CASE("bit patterns need a power-of-two node count; transpose needs two dimensions or a ring of 4^h nodes",
          "[pattern]") {
  const KaryNCube k5(5, 2, {DimensionKind::Torus});
  for (const char* name : {"bit_reversal", "perfect_shuffle", "bit_complement", "butterfly", "bit_rotation"}) {
    INFO(name);
    CHECK_THROWS_AS(make(name, k5), std::invalid_argument);
  }
  CHECK_NOTHROW(make("transpose", k5));
  CHECK_NOTHROW(make("tornado", k5));
  CHECK_THROWS_AS(make("transpose", KaryNCube(8, 1, {DimensionKind::Torus})), std::invalid_argument);   // 2^3
  CHECK_THROWS_AS(make("transpose", KaryNCube(12, 1, {DimensionKind::Torus})), std::invalid_argument);  // not 2^b
}

TEST_CASE("on the realistic-loads paper's 64-node ring, transpose reads a node as an 8 x 8 matrix index", "[pattern]") {
  const KaryNCube ring(64, 1, {DimensionKind::Torus});
  auto transpose = make("transpose", ring);
  // (row 2, column 5) = 0b010'101 -> (row 5, column 2) = 0b101'010
  CHECK(to(*transpose, 0b010101) == 0b101010);
  CHECK(to(*transpose, 0b000111) == 0b111000);
  CHECK(to(*transpose, 9) == 9);  // the diagonal sends nothing
  // The same map as (x, y) -> (y, x) on an 8-ary 2-cube, node for node.
  const KaryNCube square(8, 2, {DimensionKind::Torus});
  auto square_transpose = make("transpose", square);
  for (NodeId node = 0; node < 64; ++node) CHECK(to(*transpose, node) == to(*square_transpose, node));
}

TEST_CASE("on a torus of four terminals per router tornado and transpose move between routers and keep the terminal "
          "slot; bit patterns read the whole node number", "[pattern][concentration]") {
  const KaryNCube four(4, 2, {DimensionKind::Torus}, 4);  // node = slot·16 + router
  auto tornado = make("tornado", four);
  CHECK(to(*tornado, 2 * 16 + 3) == 2 * 16 + 5);    // router 3 → 3 + ⌊4/2⌋, slot 2 kept
  CHECK(to(*tornado, 3 * 16 + 15) == 3 * 16 + 1);   // wraps over the 16 routers, not the 64 nodes
  auto transpose = make("transpose", four);
  CHECK(to(*transpose, 1 * 16 + four.node_at({1, 3})) == 1 * 16 + four.node_at({3, 1}));
  auto per_dimension = make("tornado", four, 1, {{"per_dimension", {"true"}}});
  CHECK(to(*per_dimension, 3 * 16 + four.node_at({0, 2})) == 3 * 16 + four.node_at({1, 3}));
  CHECK(to(*make("bit_complement", four), 0) == 63);
  const KaryNCube ring(16, 1, {DimensionKind::Torus}, 2);  // a ring of 4^2 routers: their bit halves swap
  CHECK(to(*make("transpose", ring), 16 + 0b0111) == 16 + 0b1101);
}

TEST_CASE("hot region sends its fraction to nodes 0-7 and the rest uniformly", "[pattern]") {
  auto hot = make("hot_region", k16n2);
  RandomStream random(4, 2, 100);
  int inside = 0;
  const int draws = 200000;
  for (int i = 0; i < draws; ++i) {
    const NodeId d = hot->destination(100, random);
    REQUIRE(d != 100);
    inside += d <= 7;
  }
  // 25 % by the hot choice plus the uniform remainder's share of 8 of 255 nodes.
  const double expected = 0.25 + 0.75 * 8.0 / 255.0;
  CHECK(double(inside) / draws == Approx(expected).epsilon(0.02));
  CHECK_THROWS_AS(make("hot_region", k16n2, 1, {{"last", {"300"}}}), ConfigError);
}

TEST_CASE("hot spot sends its fraction to the hot nodes", "[pattern]") {
  auto hot = make("hot_spot", k16n2, 1, {{"nodes", {"3", "200"}}, {"fraction", {"0.5"}}});
  RandomStream random(4, 2, 7);
  int hits = 0;
  const int draws = 100000;
  for (int i = 0; i < draws; ++i) {
    const NodeId d = hot->destination(7, random);
    REQUIRE(d != 7);
    hits += d == 3 || d == 200;
  }
  CHECK(double(hits) / draws == Approx(0.5 + 0.5 * 2.0 / 255.0).epsilon(0.03));
}
