#pragma once
// Packets live in one pool per network; flits refer to them by index. Slots are recycled after
// delivery, so steady-state simulation allocates nothing per packet. The pool knows how many
// packets of traffic (not metapackets) are alive — queued, in flight or absorbed by deadlock
// recovery — which is how the fabric tells a drained network (Fabric::carries_traffic).
#include <cstdint>
#include <vector>

#include "common/types.h"

namespace icn {

// What a message is to the network: a client sends one (ni/endpoint.h), and its packet carries it.
enum class MessageKind : std::uint8_t {
  Data,         // generated or replayed traffic: dropped, and counted, at a full source queue under drop
  Transaction,  // a TLM-2.0 request or response: never dropped (its initiator waits for it)
  Metapacket,   // a congestion-control message on the metapackets' VC, ahead of all traffic (self-tuned sec. 5.3)
  Program,      // a message a program sends (cores/): never dropped (its core waits for room), heard by its own client
};

struct Packet {
  NodeId source = 0;
  NodeId destination = 0;
  Cycle created = 0;           // entered the source queue
  Cycle injected = 0;          // head flit left the network interface
  std::uint32_t sequence = 0;  // per-source creation number, for diagnostics
  std::uint16_t length = 0;    // flits
  std::uint16_t hops = 0;      // router-to-router links traversed by the head
  std::uint8_t priority = 0;   // traffic class, 0 = normal
  std::uint8_t recoveries = 0; // times software deadlock recovery absorbed and re-injected it
  bool in_network = false;     // head injected, tail not yet delivered
  MessageKind kind = MessageKind::Data;  // which client it is for; all but Data carry a tag
  std::uint32_t tag = 0;       // a metapacket's record in its gatherer, a transaction's or a program message's
  // Where a non-minimal route sends it first (a dragonfly's intermediate group, a HyperX's switch, a
  // fat tree's top switch), drawn by the routing function where the packet enters the network (PAR
  // may draw again one hop later: RoutingFunction::choose_waypoint); kNoNode: no waypoint.
  NodeId waypoint = kNoNode;
};

class PacketPool {
 public:
  // A packet of traffic (a generator's, a trace's or a TLM transaction's).
  PacketId allocate() {
    ++traffic_live_;
    return take();
  }
  // Congestion-control information, not traffic (router.metapacket_vc).
  PacketId allocate_metapacket() {
    const PacketId id = take();
    packets_[id].kind = MessageKind::Metapacket;
    return id;
  }
  void release(PacketId id) {
    if (packets_[id].kind != MessageKind::Metapacket) --traffic_live_;
    free_.push_back(id);
  }

  Packet& operator[](PacketId id) { return packets_[id]; }
  const Packet& operator[](PacketId id) const { return packets_[id]; }

  std::size_t live() const { return packets_.size() - free_.size(); }
  std::size_t capacity() const { return packets_.size(); }
  std::uint64_t traffic_live() const { return traffic_live_; }

 private:
  PacketId take() {
    if (free_.empty()) {
      packets_.emplace_back();
      return PacketId(packets_.size() - 1);
    }
    PacketId id = free_.back();
    free_.pop_back();
    packets_[id] = Packet{};
    return id;
  }

  std::vector<Packet> packets_;
  std::vector<PacketId> free_;
  std::uint64_t traffic_live_ = 0;
};

}  // namespace icn
