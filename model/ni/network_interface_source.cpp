// The network interface's source queue (network_interface.h): messages created by its clients,
// queued in order (per direction with pre-routed channels), dropped at a full queue under drop, and
// the room that lets a stalled processor go on.
#include "ni/network_interface.h"

#include "common/cycle_clock.h"
#include "topology/topology.h"

namespace icn {

void NetworkInterface::send_data(NodeId destination, int length, std::uint8_t priority) {
  if (queue_limit_ > 0 && drop_when_full_ &&
      (refilling_ ? queued_packets() : queued(clock_.cycle())) >= queue_limit_) {
    // Attempted load, never created: it does not exist in the conservation of packets.
    measures_.packet_dropped(std::uint64_t(length), window_.contains(clock_.cycle()));
    return;
  }
  create(destination, length, priority);
}

void NetworkInterface::send_tagged(NodeId destination, int length, std::uint32_t tag, MessageKind kind) {
  Packet& p = packets_[create(destination, length, 0)];
  p.kind = kind;
  p.tag = tag;
}

PacketId NetworkInterface::create(NodeId destination, int length, std::uint8_t priority) {
  const PacketId id = packets_.allocate();
  Packet& p = packets_[id];
  p.source = id_;
  p.destination = destination;
  p.created = clock_.cycle();
  p.length = std::uint16_t(length);
  p.priority = std::uint8_t(priority & 31);  // five bits travel in the flit
  p.sequence = sequence_++;
  queue_of(p).push_back(id);
  ++events_.packets_queued;
  measures_.packet_created(std::uint64_t(length), window_.contains(p.created));
  // Unconditionally: this runs during evaluation, and the NI may still go to sleep later in this
  // delta (signal updates, which come after evaluation, can rely on the sleeping flag instead).
  wake_.event.notify(sc_core::SC_ZERO_TIME);
  return id;
}

void NetworkInterface::count_queue_change(Cycle now, bool popped) {
  if (queue_changed_in_ != now) {
    queue_changed_in_ = now;
    popped_this_cycle_ = reinjected_this_cycle_ = 0;
  }
  ++(popped ? popped_this_cycle_ : reinjected_this_cycle_);
}

void NetworkInterface::queue_popped() {
  if (queued_packets() >= queue_limit_) return;  // re-injected packets may still fill it
  waiting_for_room_ = false;
  room_.notify(sc_core::SC_ZERO_TIME);
  for (EndpointClient* client : clients_)
    if (client) client->can_send_again(id_);
}

SourceQueue& NetworkInterface::queue_of(const Packet& p) {
  if (!by_direction_) return queues_[0];
  // Pre-routed channels: channel c serves network port c, the first hop of the topology's
  // deterministic route (dimension order on a k-ary n-cube); packets to this node itself take
  // channel 0 and are delivered at once.
  const int port = topology_.deterministic_port(id_, p.destination);
  return queues_[port < 0 ? 0 : std::size_t(port)];
}

void NetworkInterface::send_metapacket(NodeId destination, std::uint32_t tag, Cycle ready) {
  const PacketId id = packets_.allocate_metapacket();
  Packet& p = packets_[id];
  p.source = id_;
  p.destination = destination;
  p.created = ready;
  p.length = 2;
  p.tag = tag;
  metapackets_.push_back(id);
  wake_.event.notify(sc_core::SC_ZERO_TIME);
}

}  // namespace icn
