// The network interface (network_interface.h): construction, binding, the endpoint's send, and the
// per-cycle step that hands each cycle to delivery (network_interface_delivery.cpp), injection
// (network_interface_injection.cpp) and the source queue (network_interface_source.cpp).
#include "ni/network_interface.h"

#include "common/cycle_clock.h"
#include "common/model_error.h"
#include "ni/network_interface_config.h"
#include "router/router_config.h"
#include "stats/network_statistics.h"

namespace icn {

NetworkInterface::NetworkInterface(sc_core::sc_module_name name, const NetworkInterfaceContext& c)
    : sc_core::sc_module(name),
      id_(c.id),
      clock_(c.clock),
      packets_(c.packets),
      statistics_(c.statistics),
      window_(c.statistics.window()),
      controller_(c.controller),
      routing_vcs_(c.router.virtual_channels),
      depth_(c.router.buffer_depth),
      channels_(c.config.injection_channels),
      packets_in_progress_(c.config.packets_in_progress),
      vcs_(vcs_per_port(c.router, c.recovery)),
      token_(c.token),
      release_token_at_header_(c.recovery.release_token_at_header),
      reinjection_delay_(c.recovery.reinjection_delay),
      metapacket_vc_(metapacket_vc(c.router, c.recovery)),
      reallocate_when_empty_(c.router.reallocate_when_empty),
      virtual_cut_through_(c.router.virtual_cut_through),
      delivery_latency_(c.router.crossbar_delay + c.config.delivery_delay),
      by_direction_(c.config.dispatch_by_direction),
      topology_(c.topology),
      queue_limit_(c.config.source_queue_limit),
      drop_when_full_(c.config.drop_when_full) {
  statistics_.register_endpoint(id_, measures_);
  injection_.resize(std::size_t(channels_) * routing_vcs_);
  // The injection channel is a physical channel too (Dally sec. III-C): packets in progress on its
  // VCs share it under the routers' policy where that ranks by age or class (deadline, priority).
  vc_policy_ = ArbitrationRegistry::get(c.router.arbitration)
                     .create(ArbitrationContext{routing_vcs_, make_stream(0, RandomPurpose::Arbitration, c.id)});
  if (!vc_policy_->uses_age()) vc_policy_.reset();
  for (auto& vc : injection_) vc.credits = depth_;
  metapacket_injection_.credits = depth_;
  channel_round_robin_.assign(channels_, 0);
  reassembly_.resize(std::size_t(c.config.delivery_channels) * vcs_);
  queues_.resize(by_direction_ ? std::size_t(channels_) : 1);

  SC_HAS_PROCESS(NetworkInterface);
  SC_METHOD(step);
  sensitive << c.clock.tick();
  dont_initialize();
  c.clock.keep_awake();
}

void NetworkInterface::bind_injection(int channel, FlitSignal& flits, CreditSignal& credits) {
  if (channel != int(inject_out_.size()) || channel >= channels_)
    throw ModelError("node " + std::to_string(id_) + ": injection channel " + std::to_string(channel) +
                     " bound out of order or does not exist");
  inject_out_.push_back(&flits);
  credit_value_.push_back(&credits.read());
  credits.set_reader(&wake_);
}

void NetworkInterface::bind_delivery(int channel, FlitSignal& flits) {
  if (channel != int(deliver_value_.size()))
    throw ModelError("node " + std::to_string(id_) + ": delivery channel " + std::to_string(channel) +
                     " bound out of order");
  deliver_value_.push_back(&flits.read());
  flits.set_reader(&wake_);
}

void NetworkInterface::end_of_elaboration() {
  if (int(inject_out_.size()) != channels_ || deliver_value_.size() * std::size_t(vcs_) != reassembly_.size())
    throw ModelError("node " + std::to_string(id_) + ": its channels to the router are not all bound");
}

void NetworkInterface::send(const Message& m) {
  switch (m.kind) {
    case MessageKind::Data: send_data(m.destination, m.length, m.priority); break;
    case MessageKind::Transaction:
    case MessageKind::Program: send_tagged(m.destination, m.length, m.tag, m.kind); break;
    case MessageKind::Metapacket: send_metapacket(m.destination, m.tag, m.ready); break;
  }
}

void NetworkInterface::step() {
  if (wake_.sleeping) {  // woken by a change in the cycle it happened: back to the tick, act next cycle
    wake_.sleeping = false;
    clock_.keep_awake();
    return;
  }
  const Cycle now = clock_.cycle();
  deliver(now);
  receive_credits(now);
  // Absorbed packets whose recovery delay is over go to the head of the source queue: they are
  // older than anything waiting there.
  while (!reinjections_.empty() && reinjections_.front().ready <= now) {
    const PacketId id = reinjections_.front().packet;
    queue_of(packets_[id]).push_front(id);
    ++events_.reinjected_packets;
    count_queue_change(now, false);
    reinjections_.pop_front();
  }
  bool refused = false;
  const bool sent = inject(now, refused);
  // A saturating source keeps the queue stocked; its packets may start from the next cycle.
  refilling_ = true;  // the NI's own step: its source sees the queue as it is now
  while (feeder_ && queued_packets() < std::size_t(channels_) &&
         (queue_limit_ == 0 || queued_packets() < queue_limit_) && feeder_->send_more()) {
  }
  refilling_ = false;
  if (!sent && !refused && metapackets_.empty()) {
    wake_.sleeping = true;
    clock_.let_sleep();
    if (reinjections_.empty()) {
      next_trigger(wake_.event);
    } else {  // wake the cycle before, so as to act in the cycle it is due
      const Cycle due = std::max(reinjections_.front().ready, now + 2) - 1;
      next_trigger(clock_.until(due), wake_.event);
    }
  }
}

}  // namespace icn
