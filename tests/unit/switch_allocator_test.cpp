// The switch allocator alone, on a scripted view of the router's VCs: one flit per input and per
// output each cycle, a maximal matching, and the round-robin wait bound P(V^2 - V + 1); with a
// crossbar input per VC (Dally Fig. 9c), one flit per output, every VC bidding, bound PV - 1.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "router/switch_allocator.h"

using namespace icn;

namespace {

// Input ports × VCs; each VC that holds a flit wants one output port, forever (it never runs out).
struct ScriptedVcs {
  int ports, vcs;
  std::vector<int> wants;  // [port * VCs + VC]: output port, or -1 for no flit
  std::vector<Cycle> ages = {};  // [port * VCs + VC]: its packet's creation cycle (default 0)
  int packet_length = 1;         // flits per packet: each VC sends packet after packet
  std::vector<int> sent = std::vector<int>(64, 0);  // [port * VCs + VC]: flits it has sent
  std::uint64_t active_ports() const {
    std::uint64_t m = 0;
    for (int p = 0; p < ports; ++p) m |= std::uint64_t(active_vcs(p) != 0) << p;
    return m;
  }
  std::uint32_t active_vcs(int port) const {
    std::uint32_t m = 0;
    for (int l = 0; l < vcs; ++l) m |= std::uint32_t(wants[port * vcs + l] >= 0) << l;
    return m;
  }
  bool ready(int, int) const { return true; }
  int out_port(int port, int vc) const { return wants[port * vcs + vc]; }
  std::uint8_t front_flags(int port, int vc) const {
    const int k = sent[std::size_t(port * vcs + vc)] % packet_length;
    return std::uint8_t((k == 0 ? Flit::kHead : 0) | (k == packet_length - 1 ? Flit::kTail : 0));
  }
  ArbitrationRequest request(int port, int vc, bool) const {
    return ArbitrationRequest{std::uint16_t(port), std::uint8_t(vc), 0,
                              ages.empty() ? 0 : ages[std::size_t(port * vcs + vc)]};
  }
  // BookSim's speculation: [port * VCs + VC] given its VC this cycle; lost the VC it asked for at
  // this output port (-1: did not).
  std::vector<bool> given = std::vector<bool>(64, false);
  std::vector<int> lost = std::vector<int>(64, -1);
  std::uint32_t speculative_vcs(int port) const {
    std::uint32_t m = 0;
    for (int l = 0; l < vcs; ++l) m |= std::uint32_t(given[std::size_t(port * vcs + l)]) << l;
    return m & active_vcs(port);
  }
  std::uint32_t misspeculating_vcs(int port) const {
    std::uint32_t m = 0;
    for (int l = 0; l < vcs; ++l) m |= std::uint32_t(lost[std::size_t(port * vcs + l)] >= 0) << l;
    return m;
  }
  std::uint64_t misspeculating_ports() const {
    std::uint64_t m = 0;
    for (int p = 0; p < ports; ++p) m |= std::uint64_t(misspeculating_vcs(p) != 0) << p;
    return m;
  }
  int misspeculated_port(int port, int vc) const { return lost[std::size_t(port * vcs + vc)]; }
};

SwitchAllocator make(int ports, int outputs, int vcs, const std::string& policy = "round_robin",
                     bool crossbar_input_per_vc = false, int packet_links = 0, bool maximal = true) {
  std::vector<std::unique_ptr<ArbitrationPolicy>> arbiters;
  const int requesters = crossbar_input_per_vc ? ports * vcs : ports;
  for (int o = 0; o < outputs; ++o)
    arbiters.push_back(ArbitrationRegistry::get(policy).create(
        ArbitrationContext{requesters, make_stream(1, RandomPurpose::Arbitration, std::uint64_t(o))}));
  return SwitchAllocator(ports, outputs, vcs, 0, std::move(arbiters), crossbar_input_per_vc, packet_links, maximal);
}

}  // namespace

TEST_CASE("switch allocation grants each input and each output at most once a cycle, and is maximal", "[switch]") {
  ScriptedVcs view{3, 2, {0, 1, 0, 2, 1, 1}};
  SwitchAllocator allocator = make(3, 3, 2);
  for (Cycle now = 0; now < 50; ++now) {
    std::set<int> inputs, outputs;
    allocator.allocate(view, now, [&](int in, int vc, int out) {
      CHECK(inputs.insert(in).second);
      CHECK(outputs.insert(out).second);
      CHECK(view.out_port(in, vc) == out);
    });
    // Maximal: no input left idle that could have used an idle output.
    for (int p = 0; p < 3; ++p) {
      if (inputs.count(p)) continue;
      for (int l = 0; l < 2; ++l) CHECK(outputs.count(view.out_port(p, l)) == 1);
    }
  }
}

TEST_CASE("the separable allocator alone (BookSim's separable input-first, one iteration) leaves an input idle whose "
          "offer lost even where another of its VCs could have used an idle output; the maximal one never does",
          "[switch]") {
  // Inputs 0 and 1 each offer VC 0's flit to output 0; input 1's VC 1 wants output 1, which nobody
  // offers to. The loser of output 0 sends nothing under the one pass; the matching pass gives it output 1.
  ScriptedVcs view{2, 2, {0, -1, 0, 1}};
  for (const bool maximal : {false, true}) {
    SwitchAllocator allocator = make(2, 2, 2, "round_robin", false, 0, maximal);
    int idle_with_work = 0, grants = 0;
    for (Cycle now = 0; now < 40; ++now) {
      std::set<int> inputs, outputs;
      allocator.allocate(view, now, [&](int in, int, int out) {
        inputs.insert(in);
        outputs.insert(out);
        ++grants;
      });
      idle_with_work += !inputs.count(1) && !outputs.count(1);
    }
    INFO((maximal ? "maximal" : "separable") << ": cycles input 1 idled beside idle output 1: " << idle_with_work);
    if (maximal) CHECK(idle_with_work == 0);
    else CHECK(idle_with_work > 0);
    CHECK(grants >= 40);
  }
}

TEST_CASE("BookSim's allocator takes turns among an input's output ports: one VC bound for a second output crosses "
          "every other cycle while seven want the first; by VCs (maximal) it crosses one cycle in eight",
          "[switch]") {
  // One input, VCs 0-6 want output 0 and VC 7 output 1; nobody contends at the outputs.
  ScriptedVcs view{1, 8, {0, 0, 0, 0, 0, 0, 0, 1}};
  for (const bool maximal : {false, true}) {
    SwitchAllocator allocator = make(1, 2, 8, "round_robin", false, 0, maximal);
    int to_second = 0;
    for (Cycle now = 0; now < 800; ++now)
      allocator.allocate(view, now, [&](int, int vc, int) { to_second += vc == 7; });
    INFO((maximal ? "maximal" : "separable") << ": VC 7 crossed in " << to_second << " of 800 cycles");
    CHECK(to_second == (maximal ? 100 : 400));
  }
}

TEST_CASE("BookSim's allocator moves an output's round-robin pointer on a lone grant too, so the next contest "
          "starts after that input; the maximal allocator's arbiter is not told",
          "[switch]") {
  // Cycle 0: inputs 0 and 1 contend for output 0 (input 0 wins); cycle 1: input 2 alone;
  // cycle 2: inputs 0 and 1 again. Past input 2 the turn wraps to input 0; past input 0 it is 1's.
  for (const bool maximal : {false, true}) {
    ScriptedVcs view{3, 1, {0, 0, -1}};
    SwitchAllocator allocator = make(3, 1, 1, "round_robin", false, 0, maximal);
    std::vector<int> winners;
    auto run = [&](Cycle now) { allocator.allocate(view, now, [&](int in, int, int) { winners.push_back(in); }); };
    run(0);
    view.wants = {-1, -1, 0};
    run(1);
    view.wants = {0, 0, -1};
    run(2);
    CHECK(winners == std::vector<int>{0, 2, maximal ? 1 : 0});
  }
}

TEST_CASE("BookSim's allocator has no wait bound: an output's VC is the first from a VC pointer all outputs share, "
          "so with VCs 0 and 2 bound for one output and VC 1 for another, VC 0 never crosses again",
          "[switch][fairness]") {
  // The turns go output 0 (VC 0), output 1 (VC 1: the pointer moves to 2), output 0 (VC 2: to 0),
  // output 1 (VC 1: to 2), output 0 (VC 2) ... — why a separable run reports no switch_wait_bound_cycles.
  ScriptedVcs view{1, 3, {0, 1, 0}};
  SwitchAllocator allocator = make(1, 2, 3, "round_robin", false, 0, /*maximal=*/false);
  std::vector<int> crossed(3, 0);
  for (Cycle now = 0; now < 300; ++now) allocator.allocate(view, now, [&](int, int vc, int) { ++crossed[vc]; });
  CHECK(crossed == std::vector<int>{1, 150, 149});
}

TEST_CASE("under persistent contention every VC is served within P(V^2 - V + 1) cycles", "[switch][fairness]") {
  // Every VC of every input wants output 0 or 1: heavy contention at both stages.
  for (int vcs : {2, 3, 4}) {
    const int ports = 5;
    ScriptedVcs view{ports, vcs, {}};
    for (int p = 0; p < ports; ++p)
      for (int l = 0; l < vcs; ++l) view.wants.push_back((p + l) % 2);
    SwitchAllocator allocator = make(ports, 2, vcs);
    std::map<std::pair<int, int>, Cycle> last;
    Cycle longest = 0;
    for (Cycle now = 0; now < 20000; ++now)
      allocator.allocate(view, now, [&](int in, int vc, int) {
        auto [it, fresh] = last.emplace(std::make_pair(in, vc), now);
        longest = std::max(longest, now - (fresh ? 0 : it->second + 1));
        it->second = now;
      });
    const Cycle bound = Cycle(ports) * Cycle(vcs * vcs - vcs + 1);
    INFO(vcs << " VCs: longest wait " << longest << " cycles, bound " << bound);
    CHECK(last.size() == std::size_t(ports * vcs));  // every VC served
    CHECK(longest <= bound);
  }
}

TEST_CASE("with a crossbar input per VC, every wanted output moves one flit a cycle, several VCs of a port may move", "[switch][per_vc]") {
  // Input 0's two VCs want outputs 0 and 1; input 1's VCs want 1 and 2; input 2's both want 2.
  ScriptedVcs view{3, 2, {0, 1, 1, 2, 2, 2}};
  SwitchAllocator allocator = make(3, 3, 2, "round_robin", true);
  bool port_moved_twice = false;
  for (Cycle now = 0; now < 50; ++now) {
    std::set<int> outputs;
    std::map<int, int> per_input;
    allocator.allocate_per_vc(view, [&](int in, int vc, int out) {
      CHECK(outputs.insert(out).second);
      CHECK(view.out_port(in, vc) == out);
      port_moved_twice |= ++per_input[in] == 2;
    });
    CHECK(outputs.size() == 3);  // no output idles while a VC wants it
  }
  CHECK(port_moved_twice);
}

TEST_CASE("with a crossbar input per VC, round-robin serves every VC within PV - 1 cycles", "[switch][per_vc][fairness]") {
  for (int vcs : {2, 3, 4}) {
    const int ports = 5;
    ScriptedVcs view{ports, vcs, {}};
    for (int p = 0; p < ports; ++p)
      for (int l = 0; l < vcs; ++l) view.wants.push_back((p + l) % 2);
    SwitchAllocator allocator = make(ports, 2, vcs, "round_robin", true);
    std::map<std::pair<int, int>, Cycle> last;
    Cycle longest = 0;
    for (Cycle now = 0; now < 20000; ++now)
      allocator.allocate_per_vc(view, [&](int in, int vc, int) {
        auto [it, fresh] = last.emplace(std::make_pair(in, vc), now);
        longest = std::max(longest, now - (fresh ? 0 : it->second + 1));
        it->second = now;
      });
    INFO(vcs << " VCs: longest wait " << longest);
    CHECK(last.size() == std::size_t(ports * vcs));
    CHECK(longest <= SwitchAllocator::wait_bound(ports, vcs, true));
    CHECK(longest >= SwitchAllocator::wait_bound(ports, vcs, true) / 2);  // the bound is not loose
  }
}

TEST_CASE("oldest-first arbitration sees every VC only with a crossbar input per VC", "[switch][per_vc]") {
  // Input 0: VC 0 (created at 5) and VC 1 (created at 1, the oldest) both want output 0; input
  // 1's VC 0 (created at 3) wants it too. Per channel, input 0 offers its round-robin VC 0 and
  // the output sees ages 5 and 3; per VC it sees all three and the oldest flit goes first.
  ScriptedVcs view{2, 2, {0, 0, 0, -1}, {5, 1, 3, 0}};
  auto first_winner = [&](bool crossbar_input_per_vc) {
    SwitchAllocator allocator = make(2, 1, 2, "oldest_first", crossbar_input_per_vc);
    std::pair<int, int> won{-1, -1};
    auto grant = [&](int in, int vc, int) { won = {in, vc}; };
    if (crossbar_input_per_vc) allocator.allocate_per_vc(view, grant);
    else allocator.allocate(view, 0, grant);
    return won;
  };
  CHECK(first_winner(true) == std::make_pair(0, 1));
  CHECK(first_winner(false) == std::make_pair(1, 0));
}

TEST_CASE("with link_allocation: packet a link carries one packet head to tail; with flit, VCs interleave",
          "[switch][link_allocation]") {
  // Three inputs of two VCs, every VC sending 4-flit packets to output 0 (a link) or 1.
  for (bool crossbar_input_per_vc : {false, true})
    for (int packet_links : {0, 2}) {
      ScriptedVcs view{3, 2, {0, 0, 0, 1, 0, 0}};
      view.packet_length = 4;
      SwitchAllocator allocator = make(3, 2, 2, "round_robin", crossbar_input_per_vc, packet_links);
      std::vector<std::pair<int, int>> on_link;  // (input, VC) of each flit output 0 carried
      for (Cycle now = 0; now < 400; ++now) {
        auto grant = [&](int in, int vc, int out) {
          if (out == 0) on_link.emplace_back(in, vc);
          ++view.sent[std::size_t(in * 2 + vc)];
        };
        if (crossbar_input_per_vc)
          allocator.allocate_per_vc(view, grant);
        else
          allocator.allocate(view, now, grant);
      }
      // Flits on the link, cut into runs from one VC: with packet links every run is whole
      // packets (a multiple of 4 flits, starting at a head); flit by flit, runs are shorter.
      int interleaved = 0;
      for (std::size_t i = 0; i < on_link.size();) {
        std::size_t j = i;
        while (j < on_link.size() && on_link[j] == on_link[i]) ++j;
        if ((j - i) % 4 != 0 && j < on_link.size()) ++interleaved;
        i = j;
      }
      INFO("crossbar_input_per_vc " << crossbar_input_per_vc << ", packet links " << packet_links);
      CHECK(on_link.size() >= 390);  // the link never idles: some VC always has a flit for it
      if (packet_links)
        CHECK(interleaved == 0);
      else
        CHECK(interleaved > 50);
    }
}

TEST_CASE("with link_allocation: packet a priority VC still wins a held link", "[switch][link_allocation]") {
  // Input 0's VC 0 holds output 0 with a long packet; input 1's VC 1 is a priority VC.
  ScriptedVcs view{2, 2, {0, -1, -1, 0}};
  view.packet_length = 100;
  std::vector<std::unique_ptr<ArbitrationPolicy>> arbiters;
  for (int o = 0; o < 1; ++o)
    arbiters.push_back(ArbitrationRegistry::get("round_robin")
                           .create(ArbitrationContext{2, make_stream(1, RandomPurpose::Arbitration, 0)}));
  SwitchAllocator allocator(2, 1, 2, 0b10, std::move(arbiters), false, 1);
  std::vector<int> winners;
  for (Cycle now = 0; now < 8; ++now) {
    view.wants[3] = now < 2 ? -1 : 0;  // the priority VC's flits arrive once input 0 holds the link
    allocator.allocate(view, now, [&](int in, int vc, int) {
      winners.push_back(in);
      ++view.sent[std::size_t(in * 2 + vc)];
    });
    if (now == 1) CHECK(allocator.link_held(0));
  }
  CHECK(winners == std::vector<int>{0, 0, 1, 1, 1, 1, 1, 1});  // the priority VC is never held back
  CHECK(allocator.link_held(0));  // and the data packet still holds the link for its remaining flits
}

TEST_CASE("BookSim's speculation: a header given its VC this cycle yields its output to a flit already under way, "
          "and a grant to a header that lost its VC leaves the output idle that cycle",
          "[switch]") {
  // Input 0's VC 0 is a body flit under way to output 0; input 1's VC 0 a header given output 0's
  // VC this cycle. Under maximal matching they take turns; BookSim's speculative header waits.
  {
    ScriptedVcs view{2, 1, {0, 0}};
    view.given[1] = true;
    SwitchAllocator allocator = make(2, 1, 1, "round_robin", false, 0, /*maximal=*/false);
    std::vector<int> winners;
    for (Cycle now = 0; now < 4; ++now) allocator.allocate(view, now, [&](int in, int, int) { winners.push_back(in); });
    CHECK(winners == std::vector<int>{0, 0, 0, 0});
  }
  // Output 1 has no flit under way: input 0's header that lost output 1's VC still bids, and while
  // its round robin favours it, input 1's header given a VC there does not cross.
  {
    ScriptedVcs view{2, 1, {-1, 1}};
    view.lost[0] = 1;
    view.given[1] = true;
    SwitchAllocator allocator = make(2, 2, 1, "round_robin", false, 0, /*maximal=*/false);
    std::vector<int> crossed;
    for (Cycle now = 0; now < 4; ++now) {
      int moved = -1;
      allocator.allocate(view, now, [&](int in, int, int) { moved = in; });
      crossed.push_back(moved);
    }
    CHECK(crossed == std::vector<int>{-1, 1, -1, 1});  // the round robin alternates; input 0's turns are lost
  }
}
