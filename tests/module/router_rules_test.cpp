// One router on a test bench (support/router_harness.h): the allocation order, the switch's
// fairness bound, and the cut-through, bubble and priority-VC rules, each with the input and
// credit signals scripted cycle by cycle.
#include <catch2/catch.hpp>

#include <sstream>

#include "support/child_process.h"
#include "support/router_harness.h"

using namespace icn;
using testing::RouterHarness;

namespace {

// Every packet to output +x (port 0) on the VCs of `mask`.
testing::ScriptedRouting::Rule to_port0(std::uint32_t mask, bool bubble = false) {
  return [=](NodeId, int, int, NodeId, RouteResult& r) { r.add(0, mask, 0, false, bubble); };
}

std::string departures(RouterHarness& h, std::initializer_list<PacketId> packets) {
  std::ostringstream out;
  for (PacketId p : packets) out << h.departure(p, false) << " ";
  return out.str();
}

std::vector<long long> parse(const std::string& text) {
  std::istringstream in(text);
  std::vector<long long> v;
  for (long long x; in >> x;) v.push_back(x);
  return v;
}

// Output VC 0 of +x is held by a long packet C whose downstream returns no credit until cycle 60.
// Meanwhile A (injected at 30) arrives at cycle ~4 and B (injected at 10, older) at ~22: both wait.
std::vector<long long> contest(bool oldest_first) {
  return parse(testing::in_child_process([&] {
    RouterHarness::Setup setup;
    setup.virtual_channels = 2;
    setup.oldest_first = oldest_first;
    auto* h = new RouterHarness("bench", setup, to_port0(0b01));
    const PacketId c = h->offer(2, 0, 0, 12, 0);
    const PacketId a = h->offer(1, 0, 2, 4, 30);
    const PacketId b = h->offer(3, 0, 20, 4, 10);
    h->hold_credits(0, 60);
    h->run(200);
    return departures(*h, {c, a, b});
  }));
}

}  // namespace

TEST_CASE("VC allocation serves the oldest packet first, not the header that has waited longest", "[router]") {
  const auto oldest = contest(true);
  INFO("head departures C, A, B: " << oldest[0] << " " << oldest[1] << " " << oldest[2]);
  REQUIRE(oldest[1] > 0);
  REQUIRE(oldest[2] > 0);
  CHECK(oldest[2] < oldest[1]);  // B, injected earlier, goes before A, which arrived earlier
  // The old order, by wait at this router, serves A first: the rule is what decides.
  const auto waiting = contest(false);
  CHECK(waiting[1] < waiting[2]);
}

TEST_CASE("the switch serves every ready flit with a credit within P(V^2 - V + 1) cycles", "[router][fairness]") {
  const auto result = parse(testing::in_child_process([] {
    RouterHarness::Setup setup;
    setup.virtual_channels = 3;
    // VC v of input p streams a long packet to output (p + v) mod 4: every output is wanted by
    // several inputs at once, and every input's VCs compete for its one crossbar input.
    auto* h = new RouterHarness("bench", setup, [](NodeId, int input_port, int input_vc, NodeId, RouteResult& r) {
      r.add((input_port + input_vc) % 4, 0b111);
    });
    for (int p = 0; p <= 4; ++p)
      for (int v = 0; v < 3; ++v) h->offer(p, v, 0, 2000, 0);
    h->run(3000);
    std::map<int, int> per_output;
    for (const auto& s : h->sent()) ++per_output[s.port];
    std::ostringstream out;
    out << h->router().longest_switch_wait() << " " << h->sent().size() << " " << per_output.size();
    return out.str();
  }));
  const long long bound = 5 * (3 * 3 - 3 + 1);  // P = 4 network ports + 1 injection channel, V = 3
  INFO("longest switch wait " << result[0] << " cycles (bound " << bound << "), " << result[1] << " flits sent");
  CHECK(result[0] <= bound);
  CHECK(result[0] > 1);          // there was contention to bound
  CHECK(result[1] > 4 * 2500);   // all four outputs busy nearly every cycle
  CHECK(result[2] == 4);
}

TEST_CASE("under virtual cut-through a header takes an output VC only with room for its whole packet", "[router]") {
  auto b_departs = [](bool cut_through) {
    return parse(testing::in_child_process([&] {
      RouterHarness::Setup setup;
      setup.virtual_channels = 2;
      setup.cut_through = cut_through;
      auto* h = new RouterHarness("bench", setup, to_port0(0b01));
      h->offer(1, 0, 0, 3, 0);                     // leaves 5 of 8 credits, held downstream until 50
      const PacketId b = h->offer(2, 0, 10, 8, 5);  // needs 8
      h->hold_credits(0, 50);
      h->run(120);
      return departures(*h, {b});
    }))[0];
  };
  CHECK(b_departs(true) >= 50);  // waits until the room for all 8 flits is back
  CHECK(b_departs(false) < 50);  // wormhole takes the VC and sends what fits
  CHECK(b_departs(false) > 0);
}

TEST_CASE("bubble flow control: entering a ring needs room for two packets, continuing along it for one",
          "[router][bubble]") {
  const auto d = parse(testing::in_child_process([] {
    RouterHarness::Setup setup;
    setup.virtual_channels = 2;
    setup.buffer_depth = 16;
    setup.cut_through = true;
    auto* h = new RouterHarness("bench", setup, to_port0(0b01, true));
    const PacketId a = h->offer(4, 0, 0, 8, 0);    // injected: enters the ring with 16 of 16 free
    const PacketId b = h->offer(4, 1, 20, 8, 1);   // injected: 8 free < 16, must wait
    const PacketId c = h->offer(0, 0, 30, 8, 2);   // arrives on +x, continues along +x: 8 free >= 8
    h->hold_credits(0, 100);
    h->run(200);
    return departures(*h, {a, b, c});
  }));
  INFO("head departures A, B, C: " << d[0] << " " << d[1] << " " << d[2]);
  CHECK(d[0] >= 0);
  CHECK(d[0] < 20);
  CHECK(d[2] > 30);
  CHECK(d[2] < 100);   // the continuing packet went with room for one
  CHECK(d[1] >= 100);  // the entering one waited for room for two
}

namespace {
// Stands in for the metapacket gatherer: every metapacket passes at once and goes out on port 0.
struct PassOnPort0 : MetapacketTap {
  Cycle metapacket_passing(NodeId, int, std::uint32_t, Cycle ready) override { return ready; }
  int metapacket_port(std::uint32_t) const override { return 0; }
};
}  // namespace

namespace {
// A 30-flit data packet streams out of port 0 when a 2-flit metapacket arrives for the same link.
// Returns the metapacket's head and tail departures, the data flits sent between them, and the
// data packet's tail departure.
std::vector<long long> metapacket_against_data(bool link_priority) {
  return parse(testing::in_child_process([link_priority] {
    RouterHarness::Setup setup;
    setup.virtual_channels = 2;
    setup.metapacket_vc = true;  // VC 2: metapackets
    setup.metapacket_link_priority = link_priority;
    auto* h = new RouterHarness("bench", setup, to_port0(0b01));
    static PassOnPort0 tap;
    h->router().set_metapacket_tap(&tap);
    const PacketId data = h->offer(1, 0, 0, 30, 0);
    const PacketId meta = h->offer(2, 2, 8, 2, 5, 6);  // passing through, to its master at node 6
    h->run(100);
    long long meta_head = h->departure(meta, false), meta_tail = h->departure(meta, true);
    int data_in_between = 0;
    for (const auto& s : h->sent())
      if (s.flit.packet == data && s.port == 0 && (long long)s.cycle >= meta_head && (long long)s.cycle <= meta_tail)
        ++data_in_between;
    std::ostringstream out;
    out << meta_head << " " << meta_tail << " " << data_in_between << " " << h->departure(data, true);
    return out.str();
  }));
}
}  // namespace

TEST_CASE("with link priority, a metapacket's flits win the link over data flits", "[router][priority]") {
  const auto r = metapacket_against_data(true);
  INFO("metapacket head " << r[0] << ", tail " << r[1] << "; data flits in between " << r[2]);
  REQUIRE(r[0] > 0);
  CHECK(r[1] == r[0] + 1);  // back to back
  CHECK(r[2] == 0);         // no data flit took the link meanwhile
  CHECK(r[3] > r[1]);       // the data packet was still streaming: there was contention
}

TEST_CASE("without link priority (self-tuned sec. 5.3's reading), a metapacket takes turns on the link with data flits",
          "[router][priority]") {
  const auto r = metapacket_against_data(false);
  INFO("metapacket head " << r[0] << ", tail " << r[1] << "; data flits in between " << r[2]);
  REQUIRE(r[0] > 0);
  CHECK(r[1] == r[0] + 2);  // one data flit between its two flits: round-robin, flit by flit
  CHECK(r[2] == 1);
  CHECK(r[3] > r[1]);
}

namespace {

// Three one-flit packets on VC 0 of every input, input p to output p (4 is the delivery channel):
// 15 headers that all find a free output VC. Returns, in departure order, "cycle:input" per head.
std::vector<std::pair<long long, int>> headers_through(bool central) {
  const std::string text = testing::in_child_process([&] {
    RouterHarness::Setup setup;
    setup.central_arbiter = central;
    auto* h = new RouterHarness("bench", setup, [](NodeId, int input_port, int, NodeId, RouteResult& r) {
      r.add(input_port, 0b111);
    });
    std::map<PacketId, int> input_of;
    for (int round = 0; round < 3; ++round)
      for (int p = 0; p <= 4; ++p) input_of[h->offer(p, 0, 0, 1, 0, p == 4 ? RouterHarness::kRouter : 6)] = p;
    h->run(100);
    std::ostringstream out;
    for (const auto& s : h->sent())
      if (s.flit.is_head()) out << s.cycle << " " << input_of[s.flit.packet] << " ";
    return out.str();
  });
  const auto numbers = parse(text);
  std::vector<std::pair<long long, int>> heads;
  for (std::size_t i = 0; i + 1 < numbers.size(); i += 2) heads.emplace_back(numbers[i], int(numbers[i + 1]));
  return heads;
}

}  // namespace

TEST_CASE("the central arbiter routes at most one header per router per cycle, round-robin over requesting inputs",
          "[router][central]") {
  const auto central = headers_through(true);
  REQUIRE(central.size() == 15);
  std::ostringstream order;
  for (const auto& [cycle, input] : central) order << cycle << ":" << input << " ";
  INFO("head departures cycle:input " << order.str());
  for (std::size_t i = 1; i < central.size(); ++i) {
    CHECK(central[i].first > central[i - 1].first);  // one header per cycle
    // All five inputs request throughout: the grant passes to the next input each time.
    CHECK(central[i].second == (central[i - 1].second + 1) % 5);
  }
  // The separable allocator lets the four network inputs' headers, which arrive together, go in the
  // same cycle (the injection channel's arrives a cycle earlier: its delay is shorter).
  const auto parallel = headers_through(false);
  REQUIRE(parallel.size() == 15);
  std::map<long long, int> per_cycle;
  for (const auto& [cycle, input] : parallel) ++per_cycle[cycle];
  int most = 0;
  for (const auto& [cycle, count] : per_cycle) most = std::max(most, count);
  CHECK(most == 4);
}

TEST_CASE("under the central arbiter a refused header asks again without holding up the others", "[router][central]") {
  const auto result = parse(testing::in_child_process([] {
    RouterHarness::Setup setup;
    setup.virtual_channels = 2;
    setup.central_arbiter = true;
    // To output 0 only VC 0; other outputs any VC.
    auto* h = new RouterHarness("bench", setup, [](NodeId, int input_port, int, NodeId destination, RouteResult& r) {
      if (destination == 6) r.add(0, 0b01);
      else r.add(input_port, 0b11);
    });
    const PacketId c = h->offer(2, 0, 0, 12, 0);     // holds +x VC 0; its downstream stalls until 60
    const PacketId a = h->offer(1, 0, 2, 4, 5);      // wants +x VC 0 too: refused until C's tail leaves
    const PacketId d = h->offer(3, 0, 20, 4, 20, 7);  // to output 3, free
    const PacketId e = h->offer(4, 0, 21, 4, 21, RouterHarness::kRouter);  // delivered here, free
    h->hold_credits(0, 60);
    h->run(200);
    std::ostringstream out;
    out << h->departure(c, true) << " " << h->departure(a, false) << " " << h->departure(d, false) << " "
        << h->departure(e, false);
    return out.str();
  }));
  REQUIRE(result.size() == 4);
  INFO("C tail, A head, D head, E head: " << result[0] << " " << result[1] << " " << result[2] << " " << result[3]);
  CHECK(result[1] > result[0]);  // A got VC 0 once C's tail had left, by asking again
  CHECK(result[2] < 30);         // D and E were granted while A was still refused
  CHECK(result[3] < 30);
}

TEST_CASE("a router with an input port left without its link stops before the first cycle, naming the port",
          "[router]") {
  const std::string message = testing::in_child_process([] {
    RouterHarness::Setup setup;
    setup.unbound_input = 2;
    auto* h = new RouterHarness("bench", setup, to_port0(0b01));
    try {
      h->run(5);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("ran");
  });
  CHECK(message.find("router 5 cycle 0: input port 2 is not bound to a link") != std::string::npos);
}

TEST_CASE("binding a router's port twice is refused", "[router]") {
  const std::string message = testing::in_child_process([] {
    auto* h = new RouterHarness("bench", RouterHarness::Setup{}, to_port0(0b01));
    FlitSignal flits("again");
    CreditSignal credits("again_credits");
    try {
      h->router().bind_input(1, flits, credits);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("bound");
  });
  CHECK(message.find("input port 1 does not exist or is bound twice") != std::string::npos);
}

namespace {

// Output VC 0 of +x (port 0) held by C until its downstream returns credits at cycle 60, A's header
// waiting for it from cycle ~4; with `stream`, 2-flit packets from input 3 to -x (port 1) release
// that port's VC again and again meanwhile. The router's VC allocation requests in all.
std::uint64_t requests_with(bool blocked, bool stream) {
  return std::stoull(testing::in_child_process([=] {
    RouterHarness::Setup setup;
    setup.virtual_channels = 1;
    auto* h = new RouterHarness("bench", setup, [](NodeId, int input_port, int, NodeId, RouteResult& r) {
      r.add(input_port == 3 ? 1 : 0, 0b1);
    });
    if (blocked) {
      h->offer(2, 0, 0, 12, 0);
      h->offer(1, 0, 2, 4, 1);
    }
    if (stream)
      for (int i = 0; i < 15; ++i) h->offer(3, 0, Cycle(4 * i), 2, Cycle(4 * i));
    h->hold_credits(0, 60);
    h->run(200);
    return std::to_string(h->router().events().vc_allocation_requests);
  }));
}

}  // namespace

TEST_CASE("a blocked header asks the VC allocator again only when an output VC it may take is released, not when "
          "another port's is", "[router][allocation]") {
  // C asks once and A twice (when routed, and when C's tail frees +x), whatever the other port does.
  CHECK(requests_with(true, false) == 3);
  CHECK(requests_with(true, true) - requests_with(false, true) == 3);
}
