// A program's messages (cores/message_unit.h) are received in the order their source sent them, even
// when the network delivers a later one first, and only from the cycle after their tail arrived; a
// receive may look at one source, one tag, or any.
#include <catch2/catch.hpp>

#include <systemc>
#include <vector>

#include "common/cycle_clock.h"
#include "common/packet_pool.h"
#include "cores/message_unit.h"
#include "ni/endpoint.h"

using namespace icn;

namespace {

// Keeps what is sent; the test delivers it, in any order it likes.
class HeldEndpoint : public Endpoint {
 public:
  void send(const Message& m) override { sent.push_back(m); }
  bool can_send() override { return true; }
  const sc_core::sc_event& can_send_event() const override { return never_; }
  std::size_t queued(Cycle) const override { return 0; }
  void attach(MessageKind kind, EndpointClient* c) override {
    REQUIRE(kind == MessageKind::Program);
    client = c;
  }
  void feed_from(EndpointClient*) override {}
  bool throttled(Cycle) const override { return false; }
  std::vector<Message> sent;
  EndpointClient* client = nullptr;

 private:
  sc_core::sc_event never_;
};

Packet packet(NodeId source, const Message& m) {
  Packet p;
  p.source = source;
  p.destination = m.destination;
  p.tag = m.tag;
  p.length = std::uint16_t(m.length);
  return p;
}

}  // namespace

TEST_CASE("messages a node sent are received in its order, a later one that overtook an earlier waiting for it",
          "[cores]") {
  CycleClock clock("clock", sc_core::sc_time(1, sc_core::SC_NS));
  MessageBoard board;
  HeldEndpoint a, b;
  std::string overflow;
  const auto overflowed = [&overflow](const std::string& why) { overflow = why; };
  MessageUnit sender(0, 2, a, board, clock, 16, 5, 1 << 20, overflowed), receiver(1, 2, b, board, clock, 16, 5, 23, overflowed);
  CHECK(sender.max_bytes() == 64);  // four data flits of 16 bytes behind the header
  const std::uint8_t first[20] = {1}, second[3] = {2}, third[1] = {3};
  sender.send(1, 7, first, sizeof first, sizeof first);
  sender.send(1, 8, second, sizeof second, sizeof second);
  sender.send(1, 7, third, sizeof third, sizeof third);
  REQUIRE(a.sent.size() == 3);
  CHECK(a.sent[0].length == 3);  // a header and two flits for 20 bytes
  CHECK(a.sent[1].length == 2);
  // The network delivers the third, then the second (cycles 10, 12), and the first last (cycle 15).
  receiver.received(packet(0, a.sent[2]), 10);
  receiver.received(packet(0, a.sent[1]), 12);
  const MessageUnit::Filter any{};
  CHECK(receiver.count(any, 100) == 0);  // both wait for the first
  CHECK(overflow.empty());  // 4 bytes held, of the 23 the receiver may hold
  receiver.received(packet(0, a.sent[0]), 15);
  CHECK(overflow == "node 1: messages it has not yet received hold 24 bytes, the last from node 0 (allowed: "
                    "software.message_buffer_bytes = 23)");
  overflow.clear();
  CHECK(receiver.count(any, 15) == 0);   // seen from the cycle after the tail arrived
  CHECK(receiver.count(any, 16) == 3);
  CHECK(receiver.take_first(MessageUnit::Filter{0, 7}, 16).bytes.at(0) == 1);
  CHECK(receiver.take_first(MessageUnit::Filter{0, 7}, 16).bytes.at(0) == 3);  // tag 7 skips the tag-8 one
  const ProgramMessage last = receiver.take_first(any, 16);
  CHECK(last.bytes == std::vector<std::uint8_t>{2, 0, 0});
  CHECK(last.tag == 8);
  CHECK(receiver.count(any, 16) == 0);
  CHECK(receiver.messages_received() == 3);
}
