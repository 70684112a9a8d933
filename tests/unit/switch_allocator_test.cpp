// The switch allocator alone, on a scripted view of the router's lanes: one flit per input and per
// output each cycle, a maximal matching, and the round-robin wait bound P(V^2 - V + 1).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "router/switch_allocator.h"

using namespace icn;

namespace {

// Input ports × lanes; each lane that holds a flit wants one output port, forever (it never runs out).
struct ScriptedLanes {
  int ports, lanes;
  std::vector<int> wants;  // [port * lanes + lane]: output port, or -1 for no flit
  std::uint64_t active_ports() const {
    std::uint64_t m = 0;
    for (int p = 0; p < ports; ++p) m |= std::uint64_t(active_lanes(p) != 0) << p;
    return m;
  }
  std::uint32_t active_lanes(int port) const {
    std::uint32_t m = 0;
    for (int l = 0; l < lanes; ++l) m |= std::uint32_t(wants[port * lanes + l] >= 0) << l;
    return m;
  }
  bool ready(int, int) const { return true; }
  int out_port(int port, int lane) const { return wants[port * lanes + lane]; }
  ArbitrationRequest request(int port, int lane, bool) const {
    return ArbitrationRequest{std::uint16_t(port), std::uint8_t(lane), 0, 0};
  }
};

SwitchAllocator make(int ports, int outputs, int lanes, const std::string& policy = "round_robin") {
  std::vector<std::unique_ptr<ArbitrationPolicy>> arbiters;
  for (int o = 0; o < outputs; ++o)
    arbiters.push_back(ArbitrationRegistry::get(policy).create(ArbitrationContext{ports, make_stream(1, RandomPurpose::Arbitration, std::uint64_t(o))}));
  return SwitchAllocator(ports, outputs, lanes, 0, std::move(arbiters));
}

}  // namespace

TEST_CASE("switch allocation grants each input and each output at most once a cycle, and is maximal", "[switch]") {
  ScriptedLanes view{3, 2, {0, 1, 0, 2, 1, 1}};
  SwitchAllocator allocator = make(3, 3, 2);
  for (Cycle now = 0; now < 50; ++now) {
    std::set<int> inputs, outputs;
    allocator.allocate(view, now, [&](int in, int lane, int out) {
      CHECK(inputs.insert(in).second);
      CHECK(outputs.insert(out).second);
      CHECK(view.out_port(in, lane) == out);
    });
    // Maximal: no input left idle that could have used an idle output.
    for (int p = 0; p < 3; ++p) {
      if (inputs.count(p)) continue;
      for (int l = 0; l < 2; ++l) CHECK(outputs.count(view.out_port(p, l)) == 1);
    }
  }
}

TEST_CASE("under persistent contention every lane is served within P(V^2 - V + 1) cycles", "[switch][fairness]") {
  // Every lane of every input wants output 0 or 1: heavy contention at both stages.
  for (int lanes : {2, 3, 4}) {
    const int ports = 5;
    ScriptedLanes view{ports, lanes, {}};
    for (int p = 0; p < ports; ++p)
      for (int l = 0; l < lanes; ++l) view.wants.push_back((p + l) % 2);
    SwitchAllocator allocator = make(ports, 2, lanes);
    std::map<std::pair<int, int>, Cycle> last;
    Cycle longest = 0;
    for (Cycle now = 0; now < 20000; ++now)
      allocator.allocate(view, now, [&](int in, int lane, int) {
        auto [it, fresh] = last.emplace(std::make_pair(in, lane), now);
        longest = std::max(longest, now - (fresh ? 0 : it->second + 1));
        it->second = now;
      });
    const Cycle bound = Cycle(ports) * Cycle(lanes * lanes - lanes + 1);
    INFO(lanes << " lanes: longest wait " << longest << " cycles, bound " << bound);
    CHECK(last.size() == std::size_t(ports * lanes));  // every lane served
    CHECK(longest <= bound);
  }
}
