// Deadlock detection at one router (support/router_harness.h), with software recovery, which
// absorbs a presumed-deadlocked packet into the delivery channel (output 4) with the absorbed mark:
// which headers may be recovered, and when each detector (deadlock.detection) presumes a deadlock.
#include <catch2/catch.hpp>

#include <sstream>

#include "support/child_process.h"
#include "support/router_harness.h"

using namespace icn;
using testing::RouterHarness;

namespace {

using Detection = DeadlockRecoveryConfig::Detection;

RouterHarness::Setup software_recovery(Detection detection, int virtual_channels, int timeout) {
  RouterHarness::Setup setup;
  setup.virtual_channels = virtual_channels;
  setup.buffer_depth = 4;
  setup.recovery.select("software");
  setup.recovery.detection = detection;
  setup.recovery.timeout = timeout;
  return setup;
}

// Every packet to output +x (port 0) on the VCs of `mask`.
testing::ScriptedRouting::Rule to_port0(std::uint32_t mask) {
  return [=](NodeId, int, int, NodeId, RouteResult& r) { r.add(0, mask); };
}

// Where and when a packet's head left: "port cycle absorbed", or "none".
std::string head_departure(RouterHarness& h, PacketId packet) {
  for (const auto& s : h.sent())
    if (s.flit.packet == packet && s.flit.is_head())
      return std::to_string(s.port) + " " + std::to_string(s.cycle) + " " +
             std::to_string(int((s.flit.flags & Flit::kAbsorbed) != 0));
  return "none";
}

struct Departure {
  int port = -1;
  long long cycle = -1;
  bool absorbed = false;
};
Departure parse(const std::string& text) {
  Departure d;
  if (text == "none") return d;
  std::istringstream in(text);
  int absorbed = 0;
  in >> d.port >> d.cycle >> absorbed;
  d.absorbed = absorbed != 0;
  return d;
}

}  // namespace

TEST_CASE("a header on an injection channel holds no network channel and is never recovered; one on a network "
          "channel blocked the same way is",
          "[router][deadlock][recovery]") {
  for (const Detection detection : {Detection::Timeout, Detection::Inactivity}) {
    const std::string outcome = testing::in_child_process([&] {
      auto* h = new RouterHarness("bench", software_recovery(detection, 2, 16), to_port0(0b11));
      // A and B take both output VCs of +x, whose downstream never returns a credit: each sends
      // four flits and stops with a body flit at the front (no header left to recover).
      const PacketId a = h->offer(1, 0, 0, 8, 0);
      const PacketId b = h->offer(2, 0, 0, 8, 0);
      h->hold_credits(0, 1000000);
      // C on a network input and D on the injection channel are refused an output VC for ever.
      const PacketId c = h->offer(3, 0, 20, 4, 0);
      const PacketId d = h->offer(4, 0, 20, 4, 0);
      h->run(400);
      return head_departure(*h, a) + "|" + head_departure(*h, b) + "|" + head_departure(*h, c) + "|" +
             head_departure(*h, d);
    });
    INFO("detection " << (detection == Detection::Timeout ? "timeout" : "inactivity") << ": " << outcome);
    std::vector<std::string> parts;
    std::istringstream in(outcome);
    for (std::string part; std::getline(in, part, '|');) parts.push_back(part);
    REQUIRE(parts.size() == 4);
    CHECK(parse(parts[0]).port == 0);  // A and B went their way and are stuck behind their heads
    CHECK(parse(parts[1]).port == 0);
    const Departure c = parse(parts[2]);
    CHECK(c.port == 4);  // recovered: absorbed into this node's interface
    CHECK(c.absorbed);
    CHECK(c.cycle >= 20 + 16);
    CHECK(parts[3] == "none");  // the header on the injection channel stays where it is
  }
}

TEST_CASE("a header behind traffic that keeps moving is recovered by the time-out but never by the inactivity "
          "detector, which waits for it to advance",
          "[router][deadlock][recovery]") {
  auto run = [](Detection detection) {
    return parse(testing::in_child_process([&] {
      auto* h = new RouterHarness("bench", software_recovery(detection, 1, 16), to_port0(0b1));
      // A holds the only output VC for 200 flits, moving about one a cycle; C waits behind it.
      h->offer(1, 0, 0, 200, 0);
      const PacketId c = h->offer(3, 0, 5, 4, 0);
      h->run(400);
      return head_departure(*h, c);
    }));
  };
  const Departure timeout = run(Detection::Timeout), inactivity = run(Detection::Inactivity);
  INFO("time-out: port " << timeout.port << " at " << timeout.cycle << "; inactivity: port " << inactivity.port
                         << " at " << inactivity.cycle);
  CHECK(timeout.port == 4);  // a false detection: absorbed although +x never stopped
  CHECK(timeout.absorbed);
  CHECK(timeout.cycle < 100);
  CHECK(inactivity.port == 0);  // forwarded on +x once A's tail has left
  CHECK(!inactivity.absorbed);
  CHECK(inactivity.cycle > 200);
}

TEST_CASE("a header's blocked time restarts when it wins an output VC: one that waited for a VC and then for a "
          "credit, each for less than the threshold, is not taken for deadlocked",
          "[router][deadlock][recovery]") {
  const Departure c = parse(testing::in_child_process([] {
    auto* h = new RouterHarness("bench", software_recovery(Detection::Timeout, 1, 16), to_port0(0b1));
    // A holds the only output VC until its tail leaves, about cycle 14; C (routed about cycle 6)
    // then takes the VC, but downstream returns no credit from cycle 12 to 26.
    h->offer(1, 0, 0, 12, 0);
    const PacketId c = h->offer(3, 0, 4, 4, 0);
    h->hold_credits(0, 26, 12);
    h->run(200);
    return head_departure(*h, c);
  }));
  INFO("C's head left on port " << c.port << " at " << c.cycle);
  // Blocked from routing to credit: over 16 cycles in all, but never 16 without progress.
  CHECK(c.port == 0);
  CHECK(!c.absorbed);
  CHECK(c.cycle >= 26);
}

TEST_CASE("a header that holds its output VC is judged by that VC alone: it is recovered when the VC has "
          "carried nothing for the threshold, though another VC of the link keeps moving; refused the VC "
          "instead, it is saved by that movement",
          "[router][deadlock][recovery]") {
  // Inactivity judged per physical channel. +x VC 0's downstream never returns a credit; VC 1's
  // does. A (4 flits) fills VC 0 downstream and its tail leaves; B streams 300 flits on VC 1; C
  // asks for VC 0 alone. With on_tail reallocation C takes VC 0 behind A's tail and waits for a
  // credit that never comes; with when_empty it is refused the VC.
  auto run = [](bool when_empty) {
    return testing::in_child_process([&] {
      RouterHarness::Setup setup = software_recovery(Detection::Inactivity, 2, 16);
      setup.reallocate_when_empty = when_empty;
      auto* h = new RouterHarness("bench", setup, [](NodeId, int input_port, int, NodeId, RouteResult& r) {
        r.add(0, input_port == 2 ? 0b10u : 0b01u);
      });
      h->hold_credits(0, 1000000, 0, 0);
      h->offer(1, 0, 0, 4, 0);
      const PacketId b = h->offer(2, 1, 0, 300, 0);
      const PacketId c = h->offer(3, 0, 10, 4, 0);
      h->run(400);
      return head_departure(*h, c) + "|" + std::to_string(h->departure(b, true));
    });
  };
  for (const bool when_empty : {false, true}) {
    const std::string outcome = run(when_empty);
    INFO((when_empty ? "when_empty" : "on_tail") << ": C's head, B's tail: " << outcome);
    const auto bar = outcome.find('|');
    REQUIRE(bar != std::string::npos);
    const Departure c = parse(outcome.substr(0, bar));
    const long long b_tail = std::stoll(outcome.substr(bar + 1));
    CHECK(b_tail > 300);  // VC 1 moved throughout
    if (when_empty) {
      // Refused VC 0, it is recovered only once B's tail has gone and the link has been quiet.
      CHECK(c.port == 4);
      CHECK(c.cycle >= b_tail + 16);
    } else {
      CHECK(c.port == 4);  // recovered while B still crossed the same link
      CHECK(c.absorbed);
      CHECK(c.cycle < b_tail);
      CHECK(c.cycle < 100);
    }
  }
}
