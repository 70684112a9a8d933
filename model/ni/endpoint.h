#pragma once
// What a node's processor sees of the network, one narrow interface (SST Merlin's SimpleNetwork):
// send a message, ask whether it may send now, be told when it may again and of every message it
// receives. Its clients are the traffic generator and trace replay (traffic/), the TLM-2.0 port
// (tlm/), the cores' message units (cores/) and the metapacket gatherer (congestion/); the network interface implements it
// (ni/network_interface.h), and a test may give a client a scripted one.
#include <cstddef>
#include <cstdint>

#include "common/packet_pool.h"
#include "common/types.h"

namespace sc_core {
class sc_event;
}

namespace icn {

struct Message {
  MessageKind kind = MessageKind::Data;
  NodeId destination = 0;
  int length = 1;             // flits (a metapacket has 2)
  std::uint8_t priority = 0;  // traffic class (data)
  std::uint32_t tag = 0;      // the client's own: a transaction's id, a metapacket's row and counters
  Cycle ready = 0;            // a metapacket goes from the cycle after
};

// What a client hears from its endpoint; each call has a default that ignores it.
class EndpointClient {
 public:
  virtual ~EndpointClient() = default;
  // A message of the kind the client is attached for arrived, reassembled and checked, at `arrival`.
  virtual void received(const Packet& /*message*/, Cycle /*arrival*/) {}
  // The node may send again: its full source queue has room (source_queue_full: block).
  virtual void can_send_again(NodeId /*node*/) {}
  // A client feeding the endpoint as fast as the network accepts: send one more message now, or
  // return false when there is none.
  virtual bool send_more() { return false; }
};

class Endpoint {
 public:
  virtual ~Endpoint() = default;
  // A message created now joins the source queue (a metapacket its own queue).
  virtual void send(const Message& message) = 0;
  // False while the processor must not send (source_queue_full: block, and the queue is full); it
  // is told when it may again: can_send_event() fires and attached clients hear can_send_again.
  virtual bool can_send() = 0;
  virtual const sc_core::sc_event& can_send_event() const = 0;
  // Messages in the source queue as a client sees it in cycle `now`: as it was when the cycle began,
  // plus what clients sent in it (the client and the endpoint run in one evaluation phase, in an
  // order SystemC leaves open).
  virtual std::size_t queued(Cycle now) const = 0;
  // `client` hears of every message of `kind` delivered here (one client per kind) and of room.
  virtual void attach(MessageKind kind, EndpointClient* client) = 0;
  // While set, the endpoint keeps a message per injection channel queued by asking `feeder`.
  virtual void feed_from(EndpointClient* feeder) = 0;
  // Whether the node's congestion control holds new packets back now (source throttling).
  virtual bool throttled(Cycle now) const = 0;
};

}  // namespace icn
