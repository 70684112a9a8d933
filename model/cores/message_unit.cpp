#include "cores/message_unit.h"

#include <algorithm>

#include "common/cycle_clock.h"
#include "common/packet_pool.h"

namespace icn {

MessageUnit::MessageUnit(NodeId node, NodeId nodes, Endpoint& endpoint, MessageBoard& board, const CycleClock& clock,
                         int flit_bytes, int longest_packet, std::uint64_t buffer_bytes,
                         std::function<void(const std::string&)> overflowed)
    : node_(node),
      endpoint_(endpoint),
      board_(board),
      clock_(clock),
      flit_bytes_(std::uint32_t(flit_bytes)),
      max_bytes_(std::uint32_t(std::max(1, longest_packet - 1)) * std::uint32_t(flit_bytes)),
      next_sequence_(nodes, 0),
      expected_(nodes, 0),
      buffer_bytes_(buffer_bytes),
      overflowed_(std::move(overflowed)) {
  endpoint_.attach(MessageKind::Program, this);
}

void MessageUnit::send(NodeId destination, std::uint32_t tag, const std::uint8_t* bytes, std::uint32_t length,
                       std::uint32_t total) {
  ProgramMessage m;
  m.source = node_;
  m.tag = tag;
  m.total = total;
  m.sequence = next_sequence_[destination]++;
  m.bytes.assign(bytes, bytes + length);
  ++sent_;
  const Cycle now = clock_.cycle();
  if (destination == node_) {  // to itself: never enters the network, seen from the next cycle
    m.arrival = now;
    accept(std::move(m));
    return;
  }
  endpoint_.send(Message{MessageKind::Program, destination, packet_flits(length), 0, board_.open(std::move(m))});
}

void MessageUnit::received(const Packet& packet, Cycle arrival) {
  ProgramMessage m = board_.take(packet.tag);
  m.arrival = arrival;
  accept(std::move(m));
}

void MessageUnit::accept(ProgramMessage message) {
  const NodeId source = message.source;
  buffered_ += message.bytes.size();
  most_buffered_ = std::max(most_buffered_, buffered_);
  if (buffered_ > buffer_bytes_ && overflowed_)
    overflowed_("node " + std::to_string(node_) + ": messages it has not yet received hold " + std::to_string(buffered_) +
                " bytes, the last from node " + std::to_string(source) + " (allowed: software.message_buffer_bytes = " +
                std::to_string(buffer_bytes_) + ")");
  if (message.sequence != expected_[source]) {
    early_.push_back(std::move(message));
    return;
  }
  // It and every message of its source it lets through become visible when it does (its arrival).
  const Cycle arrival = message.arrival;
  inbox_.push_back(std::move(message));
  ++expected_[source];
  ++received_;
  for (auto it = early_.begin(); it != early_.end();) {
    if (it->source == source && it->sequence == expected_[source]) {
      it->arrival = std::max(it->arrival, arrival);
      inbox_.push_back(std::move(*it));
      early_.erase(it);
      ++received_;
      ++expected_[source];
      it = early_.begin();
    } else {
      ++it;
    }
  }
  arrived_.notify(sc_core::SC_ZERO_TIME);
}

std::size_t MessageUnit::count(Filter filter, Cycle now) const {
  return std::size_t(std::count_if(inbox_.begin(), inbox_.end(), [&](const ProgramMessage& m) {
    return filter.matches(m) && m.arrival < now;
  }));
}

const ProgramMessage* MessageUnit::first(Filter filter, Cycle now) const {
  for (const ProgramMessage& m : inbox_)
    if (filter.matches(m) && m.arrival < now) return &m;
  return nullptr;
}

ProgramMessage MessageUnit::take_first(Filter filter, Cycle now) {
  for (auto it = inbox_.begin(); it != inbox_.end(); ++it)
    if (filter.matches(*it) && it->arrival < now) {
      ProgramMessage m = std::move(*it);
      inbox_.erase(it);
      buffered_ -= m.bytes.size();
      return m;
    }
  return {};
}

Cycle MessageUnit::next_arrival(Filter filter, Cycle now) const {
  Cycle next = kNoEnd;
  for (const ProgramMessage& m : inbox_)
    if (filter.matches(m) && m.arrival >= now) next = std::min(next, m.arrival);
  return next;
}

}  // namespace icn
