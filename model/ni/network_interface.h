#pragma once
// The network interface between a processor and its router. The processor — the traffic generator,
// trace replay, TLM-2.0 IP, the metapacket gatherer — sees it only as an Endpoint (ni/endpoint.h).
// Its concerns are in files of their own: the source queue (network_interface_source.cpp),
// injection (network_interface_injection.cpp) and delivery (network_interface_delivery.cpp).
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

#include "common/flit.h"
#include "common/packet_pool.h"
#include "common/waking_signal.h"
#include "ni/endpoint.h"
#include "ni/injection_gate.h"
#include "ni/network_interface_events.h"
#include "ni/source_queue.h"
#include "router/arbitration_policy.h"
#include "stats/endpoint_statistics.h"
#include "stats/measurement_window.h"

namespace icn {

class CycleClock;
class NetworkStatistics;
struct NetworkInterfaceConfig;
struct RouterConfig;
struct DeadlockRecoveryConfig;
class RecoveryToken;
class Topology;

// What a network interface is built from: its node, its configuration, the router's VCs it
// injects into, and the parts of the fabric it shares.
struct NetworkInterfaceContext {
  NodeId id;
  const NetworkInterfaceConfig& config;
  const RouterConfig& router;              // the VCs and buffers of the channels it injects on
  const DeadlockRecoveryConfig& recovery;  // software recovery re-injects here; Disha's token
  RecoveryToken* token;
  const Topology& topology;
  CycleClock& clock;
  PacketPool& packets;
  NetworkStatistics& statistics;  // the interface registers its own counts there
  InjectionGate& controller;  // the node's congestion controller, asked before a packet starts
};

class NetworkInterface : public sc_core::sc_module, public Endpoint {
 public:
  // Its channels to the router, bound while the network is built (like the router's links, as
  // signals rather than sc_ports; router.h): injection channel c sends flits on `flits` and takes
  // credits from `credits`; delivery channel c reads flits from `flits`.
  void bind_injection(int channel, FlitSignal& flits, CreditSignal& credits);
  void bind_delivery(int channel, FlitSignal& flits);

  NetworkInterface(sc_core::sc_module_name name, const NetworkInterfaceContext& context);

  // The endpoint (ni/endpoint.h).
  void send(const Message& message) override;
  bool can_send() override {
    if (queue_limit_ == 0 || drop_when_full_ || queued_packets() < queue_limit_) return true;
    waiting_for_room_ = true;
    return false;
  }
  const sc_core::sc_event& can_send_event() const override { return room_; }
  std::size_t queued(Cycle now) const override {
    return queue_changed_in_ != now ? queued_packets() : queued_packets() + popped_this_cycle_ - reinjected_this_cycle_;
  }
  void attach(MessageKind kind, EndpointClient* client) override { clients_[std::size_t(kind)] = client; }
  void feed_from(EndpointClient* feeder) override { feeder_ = feeder; }
  bool throttled(Cycle now) const override { return controller_.throttling(now); }

  std::size_t queued_packets() const {
    std::size_t n = 0;
    for (const auto& q : queues_) n += q.size();
    return n;
  }
  // What it did since the run began (ni/network_interface_events.h).
  const NetworkInterfaceEvents& events() const { return events_; }
  // What it measured, in the run and in the measurement window (stats/endpoint_statistics.h).
  const EndpointStatistics& measures() const { return measures_; }

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
  int free_vc(int channel, const Packet& p) const;  // a VC of `channel` that can take `p` now, or −1
  // Starts the packet at the front of `queue` on a free VC of `channel` and returns the VC, or
  // −1 (and sets `refused`) if the congestion controller does not let it go now.
  int start_packet(int channel, SourceQueue& queue, Cycle now, bool& refused);
  Flit next_flit(const InjectionVc& v, int vc, Cycle now) const;  // the flit `v` sends now on `vc`
  // The source queue (network_interface_source.cpp).
  void send_data(NodeId destination, int length, std::uint8_t priority);
  // A transaction's or a program's message: tagged, never dropped.
  void send_tagged(NodeId destination, int length, std::uint32_t tag, MessageKind kind);
  void send_metapacket(NodeId destination, std::uint32_t tag, Cycle ready);
  PacketId create(NodeId destination, int length, std::uint8_t priority);  // into the source queue
  [[noreturn]] void delivery_error(const Flit& f, Cycle now, const char* problem) const;

  InjectionVc& injection_vc(int channel, int vc) { return injection_[channel * routing_vcs_ + vc]; }
  const InjectionVc& injection_vc(int channel, int vc) const { return injection_[channel * routing_vcs_ + vc]; }

  const NodeId id_;
  CycleClock& clock_;
  PacketPool& packets_;
  NetworkStatistics& statistics_;  // what only the whole network sees: latency, accepted by source
  const MeasurementWindow& window_;
  EndpointStatistics measures_;  // its own counts, registered with statistics_
  InjectionGate& controller_;
  const int routing_vcs_, depth_, channels_;
  const int packets_in_progress_;  // per injection channel
  const int vcs_;  // VCs of a delivery channel: routing_vcs_, plus Disha's recovery VC
  RecoveryToken* token_;
  const bool release_token_at_header_;
  const Cycle reinjection_delay_;
  const int metapacket_vc_;  // on channel 0, or -1
  struct Reinjection {
    PacketId packet;
    Cycle ready;
  };
  std::deque<Reinjection> reinjections_;  // absorbed by software recovery, in order of readiness
  const bool reallocate_when_empty_;  // same VC-reuse rule as the routers
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
  std::unique_ptr<ArbitrationPolicy> vc_policy_;  // oldest-first or priority, else null: round-robin
  std::vector<Reassembly> reassembly_;  // [delivery channel][vc]
  std::vector<FlitSignal*> inject_out_;
  std::vector<const Flit*> deliver_value_;
  std::vector<const Credit*> credit_value_;
  WakeUp wake_;  // by a delivered flit, a returned credit or a new packet
  EndpointClient* feeder_ = nullptr;
  EndpointClient* clients_[4] = {};  // per MessageKind
  const std::uint64_t queue_limit_;  // 0: unbounded
  NetworkInterfaceEvents events_;
  const bool drop_when_full_;
  bool waiting_for_room_ = false;  // a processor stalled on a full queue
  void count_queue_change(Cycle now, bool popped);
  bool refilling_ = false;  // a saturating source refills from within the NI's step
  Cycle queue_changed_in_ = ~Cycle(0);
  std::size_t popped_this_cycle_ = 0, reinjected_this_cycle_ = 0;
  sc_core::sc_event room_;
  void queue_popped();
  SourceQueue metapackets_;            // waiting metapackets
  InjectionVc metapacket_injection_;   // the one being sent
};

}  // namespace icn
