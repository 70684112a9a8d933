#pragma once
// The network interface between a processor (the traffic generator, or TLM-2.0 IP) and its router.
//
// Source side: a FIFO source queue (latency counts from creation, so queueing at the source is part
// of it), unbounded or limited by network_interface.source_queue_limit. A packet created in cycle
// c may start in cycle c + 1 or later, on a free VC of an injection channel, if the congestion
// controller agrees; it then sends one flit per cycle per channel under credit flow control. A VC
// is free once its previous packet's tail has been sent (with router.vc_reallocation: when_empty,
// also once all its credits are back). A
// channel starts a second packet on another VC only while the one it is sending is blocked, so
// unblocked packets go out back to back.
//
// Delivery side: consumes one flit per cycle per delivery channel, reassembles per VC and checks
// every flit (right node, in order, nothing missing or duplicated); a violation stops the run.
//
// The NI sleeps whenever it sent nothing and nothing was refused: then only a credit, a delivered
// flit or a new packet can change its state, and each of those wakes it.
#include <deque>
#include <memory>
#include <systemc>
#include <vector>

#include "core/flit.h"
#include "core/packet_pool.h"
#include "core/waking_signal.h"
#include "ni/source_queue.h"
#include "router/arbitration_policy.h"

namespace icn {

class CycleClock;
class CongestionController;
class NetworkStatistics;
struct NetworkInterfaceConfig;
struct RouterConfig;
struct DeadlockRecoveryConfig;
class RecoveryToken;
class Topology;

// A source that sends as fast as the network accepts: asked for packets when the queue runs short.
class PacketSource {
 public:
  virtual ~PacketSource() = default;
  // Submit one packet now if there is one to send; false when the source has nothing more.
  virtual bool refill() = 0;
};

// Told of every packet delivered to the node (a trace replay's receives).
class DeliveryListener {
 public:
  virtual ~DeliveryListener() = default;
  virtual void delivered(const Packet& packet, Cycle arrival) = 0;
};

// Told when a full source queue has room again (a trace replay whose node stalled on a send).
class RoomListener {
 public:
  virtual ~RoomListener() = default;
  virtual void room_available(NodeId node) = 0;
};

// Told of every metapacket delivered to the node (self-tuned sec. 5.3).
class MetapacketListener {
 public:
  virtual ~MetapacketListener() = default;
  virtual void metapacket_arrived(NodeId node, std::uint32_t tag, Cycle arrival) = 0;
};

// What a network interface is built from: its node, its configuration, the router's lanes it
// injects into, and the parts of the fabric it shares.
struct NetworkInterfaceContext {
  NodeId id;
  const NetworkInterfaceConfig& config;
  const RouterConfig& router;              // the lanes and buffers of the channels it injects on
  const DeadlockRecoveryConfig& recovery;  // software recovery re-injects here; Disha's token
  RecoveryToken* token;
  const Topology& topology;
  CycleClock& clock;
  PacketPool& packets;
  NetworkStatistics& statistics;
  CongestionController& controller;  // asked before a packet starts
};

class NetworkInterface : public sc_core::sc_module {
 public:
  // Its channels to the router, bound while the network is built (like the router's links, as
  // signals rather than sc_ports; router.h): injection channel c sends flits on `flits` and takes
  // credits from `credits`; delivery channel c reads flits from `flits`.
  void bind_injection(int channel, FlitSignal& flits, CreditSignal& credits);
  void bind_delivery(int channel, FlitSignal& flits);

  NetworkInterface(sc_core::sc_module_name name, const NetworkInterfaceContext& context);

  // Puts a packet created now at the tail of the source queue; with a full queue under
  // source_queue_full: drop, counts it as dropped instead.
  void submit(NodeId destination, int length, std::uint8_t priority = 0);
  // A TLM-2.0 request or response (tlm/tlm_port.h) for transaction `tag`: joins the source queue
  // like a generated packet, but is never dropped (its initiator waits for it).
  void submit_transaction(NodeId destination, int length, std::uint32_t tag);
  // Under source_queue_full: block, true while the queue is full: the processor must not submit
  // now. It is told when there is room again: room_event() fires and the room listener is called.
  bool must_wait() {
    if (queue_limit_ == 0 || drop_when_full_ || queued_packets() < queue_limit_) return false;
    waiting_for_room_ = true;
    return true;
  }
  const sc_core::sc_event& room_event() const { return room_; }
  void set_room_listener(RoomListener* listener) { room_listener_ = listener; }

  // While set, the NI keeps one packet per injection channel queued by asking `source`.
  void set_source(PacketSource* source) { source_ = source; }
  void set_listener(DeliveryListener* listener) { listener_ = listener; }
  // Told of every TLM-2.0 request and response delivered to the node.
  void set_transaction_listener(DeliveryListener* listener) { transaction_listener_ = listener; }
  void set_metapacket_listener(MetapacketListener* listener) { metapacket_listener_ = listener; }
  // Sends a 2-flit metapacket to `destination` on the metapacket lane, ahead of all traffic, from
  // the cycle after `ready`.
  void submit_metapacket(NodeId destination, std::uint32_t tag, Cycle ready);

  // The source queue as sources see it in cycle `now`: as it was when the cycle began, plus what
  // sources submitted in it. The generator and the NI run in the same evaluation phase in an
  // order SystemC leaves open, so an attempt must not see this cycle's pops or re-injections.
  std::size_t queued_as_seen_by_sources(Cycle now) const {
    return queue_changed_in_ != now ? queued_packets() : queued_packets() + popped_this_cycle_ - reinjected_this_cycle_;
  }
  NodeId id() const { return id_; }
  std::size_t queued_packets() const {
    std::size_t n = 0;
    for (const auto& q : queues_) n += q.size();
    return n;
  }

 private:
  struct InjectionVc {
    PacketId packet = 0;
    std::uint16_t next_flit = 0;
    std::uint16_t length = 0;
    bool busy = false;
    int credits = 0;
  };
  struct Reassembly {
    PacketId packet = 0;
    std::uint16_t next_flit = 0;
    bool active = false;
  };

  void end_of_elaboration() override;
  void step();
  void deliver(Cycle now);
  void receive_credits(Cycle now);
  bool inject(Cycle now, bool& refused);
  void send_flit(int channel, int vc, Cycle now);
  int free_lane(int channel, const Packet& p) const;  // a lane of `channel` that can take `p` now, or −1
  // Starts the packet at the front of `queue` on a free lane of `channel` and returns the lane, or
  // −1 (and sets `refused`) if the congestion controller does not let it go now.
  int start_packet(int channel, SourceQueue& queue, Cycle now, bool& refused);
  Flit next_flit(const InjectionVc& v, int vc, Cycle now) const;  // the flit `v` sends now on `vc`
  PacketId create(NodeId destination, int length, std::uint8_t priority);  // into the source queue
  [[noreturn]] void delivery_error(const Flit& f, Cycle now, const char* problem) const;

  InjectionVc& injection_vc(int channel, int vc) { return injection_[channel * vcs_ + vc]; }
  const InjectionVc& injection_vc(int channel, int vc) const { return injection_[channel * vcs_ + vc]; }

  const NodeId id_;
  CycleClock& clock_;
  PacketPool& packets_;
  NetworkStatistics& statistics_;
  CongestionController& controller_;
  const int vcs_, depth_, channels_;
  const int packets_in_progress_;  // per injection channel
  const int lanes_;  // VCs of a delivery channel: vcs_, plus Disha's recovery lane
  RecoveryToken* token_;
  const bool release_token_at_header_;
  const Cycle reinjection_delay_;
  const int metapacket_vc_;  // on channel 0, or -1
  struct Reinjection {
    PacketId packet;
    Cycle ready;
  };
  std::deque<Reinjection> reinjections_;  // absorbed by software recovery, in order of readiness
  const bool reallocate_when_empty_;  // same lane-reuse rule as the routers
  const bool virtual_cut_through_;    // a packet starts only with room for all of it
  const int delivery_latency_;  // crossbar + delivery channel

  // One FIFO shared by all injection channels, or with pre-routed channels one per channel
  // (network direction), so a packet for one direction never waits behind one for another.
  std::vector<SourceQueue> queues_;
  const bool by_direction_;
  const Topology& topology_;
  SourceQueue& queue_of(const Packet& p);
  std::uint32_t sequence_ = 0;
  std::vector<InjectionVc> injection_;
  std::vector<std::uint8_t> channel_round_robin_;
  std::unique_ptr<ArbitrationPolicy> lane_policy_;  // oldest-first or priority, else null: round-robin
  std::vector<Reassembly> reassembly_;  // [delivery channel][vc]
  std::vector<FlitSignal*> inject_out_;
  std::vector<const Flit*> deliver_value_;
  std::vector<const Credit*> credit_value_;
  WakeUp wake_;  // by a delivered flit, a returned credit or a new packet
  PacketSource* source_ = nullptr;
  DeliveryListener* listener_ = nullptr;
  DeliveryListener* transaction_listener_ = nullptr;
  MetapacketListener* metapacket_listener_ = nullptr;
  const std::uint64_t queue_limit_;  // 0: unbounded
  const bool drop_when_full_;
  bool waiting_for_room_ = false;  // a processor stalled on a full queue
  void count_queue_change(Cycle now, bool popped);
  bool refilling_ = false;  // a saturating source refills from within the NI's step
  Cycle queue_changed_in_ = ~Cycle(0);
  std::size_t popped_this_cycle_ = 0, reinjected_this_cycle_ = 0;
  sc_core::sc_event room_;
  RoomListener* room_listener_ = nullptr;
  void queue_popped();
  SourceQueue metapackets_;            // waiting metapackets
  InjectionVc metapacket_injection_;   // the one being sent
};

}  // namespace icn
