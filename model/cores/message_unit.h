#pragma once
// A node's message unit (docs/cores.md, "Messages"): a program sends a buffer of its memory to a node
// as one packet — a header flit and the data's flits of tlm.flit_bytes — and receives what arrived,
// in the order each source sent it (a later message that overtakes an earlier one on an adaptive
// route waits for it, as MPI's non-overtaking rule asks). The bytes travel beside the packet, on the
// board of messages in flight, as a TLM transaction's payload does.
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "common/slot_table.h"
#include "common/types.h"
#include "ni/endpoint.h"

namespace icn {

class CycleClock;

struct ProgramMessage {
  NodeId source = 0;
  std::uint32_t sequence = 0;  // of its source towards its destination
  std::uint32_t tag = 0;       // the program's
  std::uint32_t total = 0;     // bytes of the whole message this part belongs to (icn_send splits long ones)
  Cycle arrival = 0;           // its tail's, through the network interface
  std::vector<std::uint8_t> bytes;
};

// The messages in flight, by the tag their packet carries; shared by every node's unit.
using MessageBoard = SlotTable<ProgramMessage>;

class MessageUnit : public EndpointClient {
 public:
  static constexpr NodeId kAny = ~NodeId(0);
  // `overflowed` is told, in one line, when the messages waiting to be received would hold more than
  // `buffer_bytes` (software.message_buffer_bytes).
  MessageUnit(NodeId node, NodeId nodes, Endpoint& endpoint, MessageBoard& board, const CycleClock& clock,
              int flit_bytes, int longest_packet, std::uint64_t buffer_bytes,
              std::function<void(const std::string&)> overflowed);

  // Bytes one message may carry: the longest packet the platform allows, less its header flit.
  std::uint32_t max_bytes() const { return max_bytes_; }
  int packet_flits(std::uint32_t bytes) const { return 1 + int((bytes + flit_bytes_ - 1) / flit_bytes_); }
  Endpoint& endpoint() { return endpoint_; }
  // Sends `length` bytes to `destination` now (the caller waited until the endpoint may send).
  // The bytes are copied now: the program may reuse its buffer as soon as the send returns.
  void send(NodeId destination, std::uint32_t tag, const std::uint8_t* bytes, std::uint32_t length, std::uint32_t total);
  // What a program's receive registers look at: a source and a tag, either of them kAny.
  struct Filter {
    NodeId source = kAny;
    std::uint32_t tag = kAny;
    bool matches(const ProgramMessage& m) const {
      return (source == kAny || m.source == source) && (tag == kAny || m.tag == tag);
    }
  };
  // Messages matching `filter` a program sees in cycle `now`: those whose tail arrived before it.
  std::size_t count(Filter filter, Cycle now) const;
  const ProgramMessage* first(Filter filter, Cycle now) const;
  ProgramMessage take_first(Filter filter, Cycle now);
  // The earliest arrival matching `filter` not yet visible in cycle `now`, or kNoEnd.
  Cycle next_arrival(Filter filter, Cycle now) const;
  // Notified whenever a message is added to the ones waiting.
  const sc_core::sc_event& arrived() const { return arrived_; }
  std::uint64_t messages_sent() const { return sent_; }
  std::uint64_t most_buffered_bytes() const { return most_buffered_; }
  std::uint64_t messages_received() const { return received_; }

  void received(const Packet& packet, Cycle arrival) override;

 private:
  void accept(ProgramMessage message);  // in source order: waits for the messages it overtook

  const NodeId node_;
  Endpoint& endpoint_;
  MessageBoard& board_;
  const CycleClock& clock_;
  const std::uint32_t flit_bytes_;
  const std::uint32_t max_bytes_;
  std::vector<std::uint32_t> next_sequence_;  // per destination
  std::vector<std::uint32_t> expected_;       // per source
  std::vector<ProgramMessage> early_;         // arrived before a message its source sent first
  std::deque<ProgramMessage> inbox_;          // in the order a program may take them
  const std::uint64_t buffer_bytes_;
  std::uint64_t buffered_ = 0, most_buffered_ = 0;  // bytes in early_ and inbox_
  std::function<void(const std::string&)> overflowed_;
  sc_core::sc_event arrived_;
  std::uint64_t sent_ = 0, received_ = 0;
};

}  // namespace icn
