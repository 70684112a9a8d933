// Entropy throttling's decision rules (entropy paper Figs. 2 and 3, secs. 4.2, 5.1.3, 6.2) on
// scripted readings of the circuit, and the entropy circuit's registers (sec. 3.2, Fig. 1) on
// scripted router counts: the global sums settle to the direct counts, partial sums are visible
// before, and with the virtual control channel (sec. 6.7) a transfer waits while its link is busy.
#include <catch2/catch.hpp>

#include <map>

#include "congestion/entropy_throttle.h"
#include "common/cycle_clock.h"
#include "sideband/entropy_circuit.h"
#include "topology/kary_ncube.h"

using namespace icn;

namespace {

constexpr std::uint64_t kRouters = 100;  // so that Nv = Rn·Nr reads as Rn

EntropyThrottleConfig model(EntropyModel m, double on, double off, double release = 0) {
  EntropyThrottleConfig c;
  c.model = m;
  c.threshold = on;
  c.on_below = on;
  c.off_above = off;
  c.release_below = release;
  return c;
}

// Feeds mobility ratios (%) with enough valid buffers never to force a release; returns the modes.
std::vector<bool> modes(EntropyThrottle& t, std::initializer_list<int> mobility_percent) {
  std::vector<bool> out;
  for (int m : mobility_percent) {
    t.update(1000, std::uint64_t(m) * 10);
    out.push_back(t.on());
  }
  return out;
}

}  // namespace

TEST_CASE("base throttles exactly while the mobility ratio is below Rth (Fig. 2)", "[entropy]") {
  EntropyThrottle t(model(EntropyModel::Base, 80, 80), kRouters);
  CHECK(modes(t, {90, 81, 80, 79, 50, 80, 95}) == std::vector<bool>{false, false, false, true, true, false, false});
}

TEST_CASE("hysteresis with ROFF above RON holds throttling until the ratio climbs past ROFF (sec. 6.2, Fig. 10b)",
          "[entropy]") {
  EntropyThrottle t(model(EntropyModel::Hysteresis, 70, 90), kRouters);
  // On below 70; stays on at 75 and 90 (not above ROFF); off above 90; stays off at 80 (not below RON).
  CHECK(modes(t, {80, 69, 75, 90, 91, 80, 70, 60}) ==
        std::vector<bool>{false, true, true, true, false, false, false, true});
}

TEST_CASE("hysteresis with ROFF below RON releases at the next reading above ROFF (sec. 6.2, Fig. 10a)", "[entropy]") {
  EntropyThrottle t(model(EntropyModel::Hysteresis, 80, 50), kRouters);
  // 70 < RON turns it on; the next reading, still 70 > ROFF, turns it off: the two conditions are
  // evaluated independently; only a ratio that keeps falling below ROFF keeps it on.
  CHECK(modes(t, {70, 70, 70, 45, 40, 60}) == std::vector<bool>{true, false, true, true, true, false});
}

TEST_CASE("with RON = ROFF the hysteresis model makes the base model's decisions", "[entropy]") {
  EntropyThrottle base(model(EntropyModel::Base, 60, 60), kRouters), hyst(model(EntropyModel::Hysteresis, 60, 60), kRouters);
  const auto readings = {90, 59, 30, 61, 70, 10, 62, 58};
  CHECK(modes(base, readings) == modes(hyst, readings));
}

TEST_CASE("every model releases throttling while valid buffers are fewer than Rn times the routers (eq. 5)",
          "[entropy]") {
  for (EntropyModel m : {EntropyModel::Base, EntropyModel::Hysteresis, EntropyModel::GuardFixed, EntropyModel::GuardRandom}) {
    EntropyThrottle t(model(m, 90, 90, 30), kRouters);
    t.update(100, 10);  // Ra = 10 %, Nv = 100 >= 30: on
    CHECK(t.on());
    t.update(29, 0);  // Ra = 0 but Nv = 29 < 30: forced off
    CHECK_FALSE(t.on());
    t.update(30, 0);  // Nv = 30 is not below Rn·Nr: Ra decides again
    CHECK(t.on());
  }
}

TEST_CASE("an empty network reads as free, never as congested", "[entropy]") {
  EntropyThrottle t(model(EntropyModel::Base, 100, 100, 0), kRouters);
  t.update(0, 0);
  CHECK_FALSE(t.on());
  CHECK(t.mobility_percent() == 100.0);
}

TEST_CASE("gt.x's guard time is tG and gt.a's is uniform on [0, 2 tG] with mean tG (sec. 5.1.3)", "[entropy]") {
  EntropyThrottleConfig c = model(EntropyModel::GuardFixed, 70, 90);
  c.guard_time = 8;
  RandomStream random = make_stream(1, RandomPurpose::Controller, 0);
  EntropyThrottle fixed(c, kRouters);
  for (int i = 0; i < 100; ++i) CHECK(fixed.draw_guard_time(random) == 8);
  c.model = EntropyModel::GuardRandom;
  EntropyThrottle drawn(c, kRouters);
  std::map<Cycle, int> seen;
  double sum = 0;
  const int draws = 100000;
  for (int i = 0; i < draws; ++i) {
    const Cycle g = drawn.draw_guard_time(random);
    ++seen[g];
    sum += double(g);
  }
  CHECK(seen.begin()->first == 0);
  CHECK(seen.rbegin()->first == 16);
  CHECK(seen.size() == 17);  // every value of [0, 16] occurs
  CHECK(sum / draws == Approx(8).epsilon(0.02));
  c.model = EntropyModel::Hysteresis;
  CHECK(EntropyThrottle(c, kRouters).draw_guard_time(random) == 0);
}

namespace {

// Every router counts (valid, active) = (node + 1, node % 3); returns the expected network sums.
EntropyCounts scripted_counts(const KaryNCube& t, std::vector<EntropyCounts>& counts) {
  counts.assign(t.node_count(), {});
  EntropyCounts total;
  for (NodeId n = 0; n < t.node_count(); ++n) {
    counts[n] = EntropyCounts{n + 1, n % 3};
    total += counts[n];
  }
  return total;
}

int correct_readings(const EntropyCircuit& circuit, const KaryNCube& t, const EntropyCounts& total) {
  int correct = 0;
  for (NodeId n = 0; n < t.node_count(); ++n) correct += circuit.reading(n) == total;
  return correct;
}

}  // namespace

TEST_CASE("the entropy circuit gives every router the network's sums once propagation settles, and partial sums before",
          "[entropy][sideband]") {
  CycleClock clock("clock", sc_core::sc_time(1, sc_core::SC_NS));
  for (auto kind : {DimensionKind::Torus, DimensionKind::Mesh}) {
    for (int k : {4, 5, 8}) {
      const KaryNCube t(k, 2, {kind});
      EntropyCircuit circuit(sc_core::sc_gen_unique_name("circuit"), t, clock);
      std::vector<EntropyCounts> counts;
      const EntropyCounts total = scripted_counts(t, counts);
      const int nodes = int(t.node_count());
      bool partial_seen = false;
      const Cycle settle = circuit.settle_cycles();
      INFO(k << "-ary 2-" << (kind == DimensionKind::Torus ? "cube" : "mesh") << ", settles in " << settle);
      CHECK(settle == 1 + 2 * Cycle(2 + 2 * (k / 2)));
      for (Cycle c = 1; c <= settle + 5; ++c) {
        circuit.clock_registers(counts, [](NodeId, int) { return false; });
        const int correct = correct_readings(circuit, t, total);
        if (c < settle) {
          CHECK(correct < nodes);  // settle_cycles() is the worst case, not a bound with slack
          for (NodeId n = 0; n < t.node_count(); ++n)
            partial_seen |= circuit.reading(n).valid > 0 && circuit.reading(n).valid < total.valid;
        } else {
          CHECK(correct == nodes);
        }
      }
      CHECK(partial_seen);
      for (NodeId n = 0; n < t.node_count(); ++n) CHECK(circuit.profile(n) == counts[n]);
    }
  }
}

TEST_CASE("the entropy circuit follows a change of the counts: a router reads the new sums after settle_cycles at most",
          "[entropy][sideband]") {
  const KaryNCube t(8, 2, {DimensionKind::Torus});
  CycleClock clock("clock", sc_core::sc_time(1, sc_core::SC_NS));
  EntropyCircuit circuit("circuit", t, clock);
  std::vector<EntropyCounts> counts;
  const EntropyCounts before = scripted_counts(t, counts);
  for (Cycle c = 0; c < circuit.settle_cycles(); ++c) circuit.clock_registers(counts, [](NodeId, int) { return false; });
  REQUIRE(correct_readings(circuit, t, before) == int(t.node_count()));
  counts[0].valid += 40;  // one router far from the roots changes
  const EntropyCounts after{before.valid + 40, before.active};
  for (Cycle c = 0; c < circuit.settle_cycles(); ++c) circuit.clock_registers(counts, [](NodeId, int) { return false; });
  CHECK(correct_readings(circuit, t, after) == int(t.node_count()));
}

TEST_CASE("with the virtual control channel the circuit's values move only over idle links (sec. 6.7)",
          "[entropy][sideband]") {
  const KaryNCube t(8, 2, {DimensionKind::Torus});
  CycleClock clock("clock", sc_core::sc_time(1, sc_core::SC_NS));
  EntropyCircuit circuit("circuit", t, clock);
  circuit.set_virtual_control_channel(true);
  std::vector<EntropyCounts> counts;
  const EntropyCounts total = scripted_counts(t, counts);
  // Every link busy: nothing travels, so no router learns more than its own counts.
  for (Cycle c = 0; c < 3 * circuit.settle_cycles(); ++c) circuit.clock_registers(counts, [](NodeId, int) { return true; });
  CHECK(correct_readings(circuit, t, total) == 0);
  CHECK(circuit.stolen_cycles_missed() > 0);
  // Links busy every other cycle: the sums arrive, later than over dedicated wires.
  Cycle cycles = 0;
  while (correct_readings(circuit, t, total) < int(t.node_count()) && cycles < 10 * circuit.settle_cycles()) {
    circuit.clock_registers(counts, [cycles](NodeId, int) { return cycles % 2 == 0; });
    ++cycles;
  }
  CHECK(correct_readings(circuit, t, total) == int(t.node_count()));
  CHECK(cycles > circuit.settle_cycles());
}
