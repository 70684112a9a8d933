// The watchdog's rule: a header that may take any of several VCs waits on an OR of them, so a
// deadlock is a knot — every alternative of every member held inside the set — and a cycle
// through one chosen alternative is not enough.
#include <catch2/catch.hpp>

#include <map>

#include "deadlock/watchdog.h"

using namespace icn;

namespace {

// A constructed wait-for graph: VC i of node 0, port 0; absent VCs can move.
class ScriptedWaits : public WaitForQuery {
 public:
  void waits(int vc, std::vector<int> on) { edges_[vc] = std::move(on); }
  VcWait wait_of(const VcRef& v, Cycle) const override {
    VcWait w;
    w.state = VcWait::State::Movable;
    const auto it = edges_.find(v.vc);
    if (it == edges_.end()) return w;
    w.state = VcWait::State::Waiting;
    for (int on : it->second) w.waits_on.push_back(VcRef{0, 0, on});
    return w;
  }

 private:
  std::map<int, std::vector<int>> edges_;
};

VcRef vc(int i) { return VcRef{0, 0, i}; }

}  // namespace

TEST_CASE("a constructed knot is reported as a deadlock with a cycle inside it", "[deadlock][watchdog]") {
  ScriptedWaits g;
  // 1 waits for 2 or 3; 2 for 3; 3 for 1 or 2: every alternative stays in {1, 2, 3}.
  g.waits(1, {2, 3});
  g.waits(2, {3});
  g.waits(3, {1, 2});
  const WaitAnalysis a = analyse_wait(g, vc(1), 0);
  CHECK(a.deadlock);
  CHECK(a.knot_size == 3);
  REQUIRE(a.chain.size() >= 2);
  // The chain is a cycle: each VC waits on the next, the last on the first.
  for (std::size_t i = 0; i < a.chain.size(); ++i) {
    const VcWait w = g.wait_of(a.chain[i], 0);
    const VcRef next = a.chain[(i + 1) % a.chain.size()];
    CHECK(std::find(w.waits_on.begin(), w.waits_on.end(), next) != w.waits_on.end());
  }
}

TEST_CASE("an OR-wait with one escape candidate that can move is starvation, not deadlock", "[deadlock][watchdog]") {
  ScriptedWaits g;
  // The same cycle 1 -> 2 -> 3 -> 1 through first alternatives, but 1 may also take VC 4 (an
  // escape VC), whose holder 4 waits for 5, which can move.
  g.waits(1, {2, 4});
  g.waits(2, {3});
  g.waits(3, {1});
  g.waits(4, {5});
  const WaitAnalysis a = analyse_wait(g, vc(1), 0);
  CHECK_FALSE(a.deadlock);
  // The chain leads from the stuck VC to the one that can move.
  REQUIRE(a.chain.size() == 3);
  CHECK(a.chain.front() == vc(1));
  CHECK(a.chain[1] == vc(4));
  CHECK(a.chain.back() == vc(5));
}

TEST_CASE("a VC that waits behind a knot without being in a cycle is deadlocked too", "[deadlock][watchdog]") {
  ScriptedWaits g;
  g.waits(7, {8});  // 7 is not on any cycle, but everything it can reach waits forever
  g.waits(8, {9});
  g.waits(9, {8});
  const WaitAnalysis a = analyse_wait(g, vc(7), 0);
  CHECK(a.deadlock);
  CHECK(a.knot_size == 3);
  CHECK(a.chain.size() == 2);  // the cycle 8 <-> 9
}
