// The sideband (self-tuned paper sec. 3.1): every node gets the sum of the values all nodes had
// when a gather started, exactly g = (k/2)·h·n cycles later; narrower links take proportionally
// longer per hop.
#include <catch2/catch.hpp>

#include <sstream>

#include "core/cycle_clock.h"
#include "sideband/sideband.h"
#include "support/child_process.h"
#include "support/gather_probe.h"
#include "topology/kary_ncube.h"

using namespace icn;

namespace {


// Returns "g errors snapshots": g, the number of wrong sums or arrival times, and snapshots seen.
std::string gather(int k, int n, DimensionKind kind, int width, int hop_delay = 2) {
  return testing::in_child_process([=] {
    KaryNCube topology(k, n, {kind});
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

TEST_CASE("a narrower sideband scales the gather time by the messages per hop", "[sideband]") {
  // 25 bits of counters over 9 wires: 3 messages per hop (sec. 5.2.2's narrow sideband).
  check(gather(16, 2, DimensionKind::Torus, 9), 3 * 32);
  check(gather(4, 2, DimensionKind::Torus, 13), 2 * 8);
  check(gather(4, 2, DimensionKind::Torus, 25), 8);
}
