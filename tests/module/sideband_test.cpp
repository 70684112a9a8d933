// The sideband (self-tuned paper sec. 3.1): every node gets the sum of the values all nodes had
// when a gather started, exactly g = (k/2)·h·n cycles later; narrower links take proportionally
// longer per hop. Off the k-ary n-cube, along a spanning tree: g = 2·radius·h.
#include <catch2/catch.hpp>

#include <sstream>

#include "common/cycle_clock.h"
#include "sideband/sideband.h"
#include "support/child_process.h"
#include "support/gather_probe.h"
#include "topology/dragonfly.h"
#include "topology/file_topology.h"
#include "topology/hyperx.h"
#include "topology/kary_ncube.h"
#include "topology/kary_ntree.h"

using namespace icn;

namespace {


// Returns "g errors snapshots": g, the number of wrong sums or arrival times, and snapshots seen.
std::string gather(int k, int n, DimensionKind kind, int width, int hop_delay = 2, int terminals = 1) {
  return testing::in_child_process([=] {
    KaryNCube topology(k, n, {kind}, terminals);
    auto* clock = new CycleClock("clock", sc_core::sc_time(1, sc_core::SC_NS));
    auto* sideband = new Sideband("sideband", topology, *clock, SidebandConfig{hop_delay, width});
    std::vector<testing::GatherProbe> probes(topology.node_count());
    for (NodeId i = 0; i < topology.node_count(); ++i) {
      probes[i].node = i;
      probes[i].clock = clock;
      sideband->attach(i, &probes[i], {12, 13});
    }
    sc_core::sc_start(sc_core::sc_time(double(sideband->gather_cycles() * 5 + 3), sc_core::SC_NS));
    long errors = testing::wrong_sums(probes);
    for (const auto& p : probes) {
      for (std::size_t s = 0; s < p.sums0.size(); ++s) {
        errors += p.arrived[s] != p.taken[s] + sideband->gather_cycles();
        errors += p.taken[s] != s * sideband->gather_cycles();
      }
    }
    std::ostringstream out;
    out << sideband->gather_cycles() << " " << errors << " " << probes[0].sums0.size();
    return out.str();
  });
}

void check(const std::string& result, Cycle g, std::size_t min_snapshots = 4) {
  std::istringstream in(result);
  Cycle measured = 0;
  long errors = -1;
  std::size_t snapshots = 0;
  in >> measured >> errors >> snapshots;
  CHECK(measured == g);
  CHECK(errors == 0);
  CHECK(snapshots >= min_snapshots);
}

}  // namespace

TEST_CASE("the sideband sums every node's values and delivers them g = (k/2)·h·n cycles later", "[sideband]") {
  check(gather(4, 2, DimensionKind::Torus, 0), 2 * 2 * 2);
  check(gather(16, 2, DimensionKind::Torus, 0), 32);  // the paper's 32 cycles for the 16-ary 2-cube
  check(gather(5, 2, DimensionKind::Torus, 0), 2 * 2 * 2);   // odd ring: 2 hops each way
  check(gather(4, 3, DimensionKind::Mesh, 0), 3 * 2 * 3);    // a mesh line needs k - 1 hops
  check(gather(8, 1, DimensionKind::Torus, 0, 3), 4 * 3);    // another hop delay
}

TEST_CASE("on a k-ary n-cube of four terminals per router a router adds its terminals' values before the rows: every "
          "node still gets the sum of all nodes' values g = (k/2)·h·n cycles later", "[sideband]") {
  check(gather(4, 2, DimensionKind::Torus, 0, 2, 4), 2 * 2 * 2);
  check(gather(3, 2, DimensionKind::Mesh, 0, 2, 3), 2 * 2 * 2);
}

TEST_CASE("a narrower sideband scales the gather time by the messages per hop", "[sideband]") {
  // 25 bits of counters over 9 wires: 3 messages per hop (sec. 5.2.2's narrow sideband).
  check(gather(16, 2, DimensionKind::Torus, 9), 3 * 32);
  check(gather(4, 2, DimensionKind::Torus, 13), 2 * 8);
  check(gather(4, 2, DimensionKind::Torus, 25), 8);
}

namespace {

// The radius of `t`'s router graph: the least, over routers, of the farthest router's hops.
int radius(const Topology& t) {
  int best = 1 << 30;
  for (NodeId root = 0; root < t.router_count(); ++root) {
    std::vector<int> depth(t.router_count(), -1);
    std::vector<NodeId> queue{root};
    depth[root] = 0;
    int deepest = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (int p = 0; p < t.network_ports(); ++p)
        if (const NodeId n = t.neighbour(queue[i], p); n != kNoNode && depth[n] < 0)
          depth[n] = depth[queue[i]] + 1, deepest = std::max(deepest, depth[n]), queue.push_back(n);
    best = std::min(best, deepest);
  }
  return best;
}

template <typename Make>
std::string gather_on(Make make, int hop_delay) {
  return testing::in_child_process([=] {
    const auto topology = make();
    auto* clock = new CycleClock("clock", sc_core::sc_time(1, sc_core::SC_NS));
    auto* sideband = new Sideband("sideband", *topology, *clock, SidebandConfig{hop_delay, 0});
    std::vector<testing::GatherProbe> probes(topology->node_count());
    for (NodeId i = 0; i < topology->node_count(); ++i) {
      probes[i].node = i;
      probes[i].clock = clock;
      sideband->attach(i, &probes[i], {12, 13});
    }
    sc_core::sc_start(sc_core::sc_time(double(sideband->gather_cycles() * 5 + 3), sc_core::SC_NS));
    long errors = testing::wrong_sums(probes);
    for (const auto& p : probes)
      for (std::size_t s = 0; s < p.sums0.size(); ++s) {
        errors += p.arrived[s] != p.taken[s] + sideband->gather_cycles();
        errors += p.taken[s] != s * sideband->gather_cycles();
      }
    std::ostringstream out;
    out << sideband->gather_cycles() << " " << errors << " " << probes[0].sums0.size() << " " << radius(*topology);
    return out.str();
  });
}

}  // namespace

TEST_CASE("off the k-ary n-cube the sideband runs along a spanning tree of least depth: every node gets the sum of "
          "all nodes' values g = 2·radius·h cycles later, on a dragonfly, a fat tree, a HyperX and a network from a "
          "file", "[sideband]") {
  const auto check_tree = [](const std::string& result, int hop_delay) {
    std::istringstream in(result);
    Cycle g = 0;
    long errors = -1;
    std::size_t snapshots = 0;
    int r = 0;
    in >> g >> errors >> snapshots >> r;
    INFO(result);
    CHECK(g == Cycle(2 * r * hop_delay));
    CHECK(errors == 0);
    CHECK(snapshots >= 4);
  };
  check_tree(gather_on([] { return std::make_shared<Dragonfly>(2, 4, 2, 9); }, 2), 2);
  check_tree(gather_on([] { return std::make_shared<KaryNTree>(4, 3); }, 2), 2);
  check_tree(gather_on([] { return std::make_shared<HyperX>(2, 4, 2); }, 3), 3);
  check_tree(gather_on([] { return std::make_shared<FileTopology>(std::string(ICNSIM_SOURCE_DIR) +
                                                                   "/platforms/networks/chiplets-2x2.yaml"); }, 2), 2);
}
