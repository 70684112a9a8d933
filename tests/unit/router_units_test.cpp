// A router port's two halves on their own (router/input_unit.h, router/output_unit.h): an input
// unit's VCs are rings that keep their flits in order apart from each other and say when they may
// bid for the switch; an output unit counts its VCs' credits and says when a VC may take a new
// packet, as router.vc_reallocation asks.
#include <catch2/catch.hpp>

#include "router/input_unit.h"
#include "router/output_unit.h"

using namespace icn;

namespace {

Flit flit_of(PacketId packet, int vc, std::uint8_t flags = 0) {
  Flit f;
  f.packet = packet;
  f.vc = std::uint8_t(vc);
  f.flags = flags;
  return f;
}

}  // namespace

TEST_CASE("an input unit's VC is a ring of buffer_depth slots: flits leave in the order they came, "
          "across the wrap, and never mix with another VC's", "[router_units]") {
  InputUnit unit(2, 3, 2, 0b01);
  for (int round = 0; round < 4; ++round) {  // 4 × 2 flits through a 3-slot ring: the head wraps
    unit.receive(flit_of(PacketId(10 + 2 * round), 0), 0);
    unit.receive(flit_of(PacketId(11 + 2 * round), 0), 0);
    unit.receive(flit_of(PacketId(100 + round), 1), 0);
    CHECK(unit.front(0).flit.packet == PacketId(10 + 2 * round));
    unit.depart(0, 1);
    CHECK(unit.front(0).flit.packet == PacketId(11 + 2 * round));
    unit.depart(0, 1);
    CHECK(unit.vc(0).count == 0);
    CHECK(unit.front(1).flit.packet == PacketId(100 + round));
    unit.depart(1, 1);
  }
  unit.receive(flit_of(PacketId(1), 0), 0);
  unit.receive(flit_of(PacketId(1), 0), 0);
  CHECK_FALSE(unit.full(0));
  unit.receive(flit_of(PacketId(1), 0), 0);
  CHECK(unit.full(0));
  CHECK_FALSE(unit.full(1));
}

TEST_CASE("an input VC's packet goes idle -> routing -> active -> idle only through the unit's methods: "
          "a flit is usable arrival_latency after it was sent, a refusal is remembered until a grant, a tail "
          "frees the VC", "[router_units]") {
  InputUnit unit(2, 4, 2, 0);
  Flit head = flit_of(PacketId(7), 1, Flit::kHead);
  head.sent = 10;
  unit.receive(head, 11);
  CHECK(unit.vc(1).last_move == 11);  // an empty VC started moving again
  CHECK(unit.front(1).ready() == 12);   // sent in 10, two cycles on the link
  Flit tail = flit_of(PacketId(7), 1, Flit::kTail);
  tail.sent = 11;
  unit.receive(tail, 12);
  CHECK(unit.vc(1).last_move == 11);  // not empty before: unchanged
  CHECK(unit.vc(1).state == VcState::Idle);
  unit.start_routing(1, 14, 3, 2);
  CHECK(unit.vc(1).state == VcState::Routing);
  CHECK(unit.vc(1).route_ready == 14);
  CHECK(unit.vc(1).blocked_since == 14);
  CHECK(unit.vc(1).header_arrived == 12);
  CHECK(unit.vc(1).injected == 3);
  CHECK(unit.vc(1).priority == 2);
  unit.refuse(1);
  CHECK(unit.vc(1).tried);
  unit.grant(1, 3, 0);
  CHECK(unit.vc(1).state == VcState::Active);
  CHECK_FALSE(unit.vc(1).tried);
  CHECK(unit.vc(1).out_port == 3);
  CHECK(unit.vc(1).out_vc == 0);
  unit.give_back(1);  // recovery took the output VC back before a flit crossed
  CHECK(unit.vc(1).state == VcState::Routing);
  unit.grant(1, 2, 1, true);
  CHECK(unit.vc(1).absorbing);
  unit.progressed(1, 15);
  CHECK(unit.vc(1).blocked_since == 15);
  unit.depart(1, 16);
  CHECK(unit.vc(1).flits_sent == 1);
  CHECK(unit.vc(1).eligible_since == 17);
  CHECK(unit.vc(1).state == VcState::Active);
  unit.depart(1, 17);
  unit.finish_packet(1);  // it was the tail
  CHECK(unit.vc(1).state == VcState::Idle);
  CHECK_FALSE(unit.vc(1).absorbing);
  CHECK(unit.vc(1).count == 0);
  CHECK(unit.vc(1).flits_sent == 2);
  CHECK(unit.vc(0).count == 0);  // the other VC never moved
}

TEST_CASE("a special VC's header is held in its buffer until its VC releases it", "[router_units]") {
  InputUnit unit(1, 2, 1, 0);
  Flit head = flit_of(PacketId(1), 0, Flit::kHead);
  head.sent = 4;
  unit.receive(head, 5);
  CHECK(unit.newest_ready(0) == 5);
  unit.set_newest_ready(0, MetapacketTap::kHeld);
  CHECK(unit.front(0).ready() == MetapacketTap::kHeld);
  unit.set_front_ready(0, 9);
  CHECK(unit.front(0).ready() == 9);
}

TEST_CASE("an input unit counts a full buffer only on the VCs the self-tuned count takes", "[router_units]") {
  InputUnit unit(3, 4, 1, 0b011);  // VCs 0 and 1 are routing VCs; VC 2 a special VC
  CHECK(unit.vc(0).full_at == 4);
  CHECK(unit.vc(1).full_at == 4);
  CHECK(unit.vc(2).full_at == InputUnit::kNeverFull);
}

TEST_CASE("an input unit's active VCs are those set and not cleared, and it says when none is left",
          "[router_units]") {
  InputUnit unit(4, 2, 1, 0);
  unit.set_active(1, 7);
  unit.set_active(3, 9);
  CHECK(unit.active() == 0b1010);
  CHECK(unit.vc(3).eligible_since == 9);
  CHECK(unit.clear_active(1));  // VC 3 is still active
  CHECK_FALSE(unit.clear_active(3));
  CHECK(unit.active() == 0);
}

TEST_CASE("an input unit's credits of one cycle go upstream together with VCs as crossbar inputs, "
          "one per cycle otherwise", "[router_units]") {
  FlitSignal flits("flits");
  CreditSignal credits("credits");
  InputUnit unit(3, 2, 1, 0);
  unit.bind(flits, credits);
  CHECK(unit.bound());
  CHECK_FALSE(unit.send_credit(0, 5, true));
  CHECK(unit.send_credit(2, 5, true));  // same cycle: merged into the first
  CHECK(credits.pending().vc == 0);
  CHECK(credits.pending().returns(2));
  CHECK_FALSE(credits.pending().returns(1));
  CHECK_FALSE(unit.send_credit(1, 6, true));  // a new cycle starts a new credit
  CHECK(credits.pending().vc == 1);
  CHECK(credits.pending().more == 0);
  CHECK_FALSE(unit.send_credit(2, 6, false));  // not merged: this one replaces it
  CHECK(credits.pending().vc == 2);
}

TEST_CASE("an output unit's VC is free when no packet holds it; reallocated only when empty, also when "
          "every credit is back", "[router_units]") {
  FlitSignal flits("released_flits");
  CreditSignal credits("released_credits");
  for (const bool when_empty : {false, true}) {
    OutputUnit unit(2, 4, when_empty, true);
    CHECK(unit.free(1));
    unit.allocate(1, 3, 2);
    CHECK_FALSE(unit.free(1));
    CHECK(unit.vc(1).owner_port == 3);
    CHECK(unit.vc(1).owner_vc == 2);
    unit.bind(flits, &credits);
    Flit tail = flit_of(PacketId(1), 1, Flit::kTail);
    CHECK(unit.send(tail, 20, true) == 3);  // its tail left, freeing the VC, and is still downstream
    CHECK(unit.vc(1).last_flit == 20);
    CHECK_FALSE(unit.vc(1).allocated);
    CHECK(unit.free(1) == !when_empty);
    CHECK(unit.return_credit(1) == 4);  // its credit came back: the buffer downstream is empty
    CHECK(unit.free(1));
    CHECK(unit.credits(0) == 4);
  }
}

TEST_CASE("an output unit counts the flits it sends and says in which cycle it last sent one", "[router_units]") {
  FlitSignal flits("flits");
  OutputUnit unit(1, OutputUnit::kDeliveryCredits, false, true);
  unit.bind(flits, nullptr);
  CHECK(unit.bound(false));
  CHECK_FALSE(unit.bound(true));
  CHECK(unit.last_sent() == kNeverSent);
  Flit f = flit_of(PacketId(1), 0);
  f.sent = 12;
  unit.send(f, 12, false);
  f.sent = 13;
  CHECK(unit.send(f, 13, false) == OutputUnit::kDeliveryCredits);  // a delivery channel takes no credit
  CHECK(unit.flits_sent() == 2);
  CHECK(unit.last_sent() == 13);
}
