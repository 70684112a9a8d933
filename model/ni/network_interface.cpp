#include "ni/network_interface.h"

#include <sstream>

#include "congestion/congestion_controller.h"
#include "core/cycle_clock.h"
#include "core/model_error.h"
#include "ni/network_interface_config.h"
#include "router/router_config.h"
#include "stats/network_statistics.h"
#include "topology/topology.h"
#include "deadlock/recovery_token.h"
#include "router/router.h"

namespace icn {

NetworkInterface::NetworkInterface(sc_core::sc_module_name name, const NetworkInterfaceContext& c)
    : sc_core::sc_module(name),
      id_(c.id),
      clock_(c.clock),
      packets_(c.packets),
      statistics_(c.statistics),
      controller_(c.controller),
      vcs_(c.router.virtual_channels),
      depth_(c.router.buffer_depth),
      channels_(c.config.injection_channels),
      packets_in_progress_(c.config.packets_in_progress),
      lanes_(lanes_per_port(c.router, c.recovery)),
      token_(c.token),
      release_token_at_header_(c.recovery.release_token_at_header),
      reinjection_delay_(c.recovery.reinjection_delay),
      metapacket_vc_(Router::metapacket_vc(c.router, c.recovery)),
      reallocate_when_empty_(c.router.reallocate_when_empty),
      virtual_cut_through_(c.router.virtual_cut_through),
      delivery_latency_(c.router.crossbar_delay + c.config.delivery_delay),
      by_direction_(c.config.dispatch_by_direction),
      topology_(c.topology),
      queue_limit_(c.config.source_queue_limit),
      drop_when_full_(c.config.drop_when_full) {
  injection_.resize(std::size_t(channels_) * vcs_);
  // The injection channel is a physical channel too (Dally sec. III-C): packets in progress on its
  // lanes share it under the routers' policy where that ranks by age or class (deadline, priority).
  lane_policy_ = ArbitrationRegistry::get(c.router.arbitration)
                     .create(ArbitrationContext{vcs_, make_stream(0, RandomPurpose::Arbitration, c.id)});
  if (!lane_policy_->uses_age()) lane_policy_.reset();
  for (auto& vc : injection_) vc.credits = depth_;
  metapacket_injection_.credits = depth_;
  channel_round_robin_.assign(channels_, 0);
  reassembly_.resize(std::size_t(c.config.delivery_channels) * lanes_);
  queues_.resize(by_direction_ ? std::size_t(channels_) : 1);

  SC_HAS_PROCESS(NetworkInterface);
  SC_METHOD(step);
  sensitive << c.clock.tick();
  dont_initialize();
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
  if (int(inject_out_.size()) != channels_ || deliver_value_.size() * std::size_t(lanes_) != reassembly_.size())
    throw ModelError("node " + std::to_string(id_) + ": its channels to the router are not all bound");
}

void NetworkInterface::submit(NodeId destination, int length, std::uint8_t priority) {
  if (queue_limit_ > 0 && drop_when_full_ &&
      (refilling_ ? queued_packets() : queued_as_seen_by_sources(clock_.cycle())) >= queue_limit_) {
    statistics_.packet_dropped(id_, clock_.cycle(), length);
    return;
  }
  create(destination, length, priority);
}

void NetworkInterface::submit_transaction(NodeId destination, int length, std::uint32_t tag) {
  Packet& p = packets_[create(destination, length, 0)];
  p.transaction = true;
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
  statistics_.packet_created(id_, p.created, length);
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
  if (room_listener_) room_listener_->room_available(id_);
}

SourceQueue& NetworkInterface::queue_of(const Packet& p) {
  if (!by_direction_) return queues_[0];
  // Pre-routed channels: channel c serves network port c, the first hop of the topology's
  // deterministic route (dimension order on a k-ary n-cube); packets to this node itself take
  // channel 0 and are delivered at once.
  const int port = topology_.deterministic_port(id_, p.destination);
  return queues_[port < 0 ? 0 : std::size_t(port)];
}

void NetworkInterface::submit_metapacket(NodeId destination, std::uint32_t tag, Cycle ready) {
  const PacketId id = packets_.allocate();
  Packet& p = packets_[id];
  p.source = id_;
  p.destination = destination;
  p.created = ready;
  p.length = 2;
  p.metapacket = true;
  p.tag = tag;
  metapackets_.push_back(id);
  wake_.event.notify(sc_core::SC_ZERO_TIME);
}

void NetworkInterface::step() {
  if (wake_.sleeping) {  // woken by a change in the cycle it happened: back to the tick, act next cycle
    wake_.sleeping = false;
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
    count_queue_change(now, false);
    reinjections_.pop_front();
  }
  bool refused = false;
  const bool sent = inject(now, refused);
  // A saturating source keeps the queue stocked; its packets may start from the next cycle.
  refilling_ = true;  // the NI's own step: its source sees the queue as it is now
  while (source_ && queued_packets() < std::size_t(channels_) &&
         (queue_limit_ == 0 || queued_packets() < queue_limit_) && source_->refill()) {
  }
  refilling_ = false;
  if (!sent && !refused && metapackets_.empty()) {
    wake_.sleeping = true;
    if (reinjections_.empty()) {
      next_trigger(wake_.event);
    } else {  // wake the cycle before, so as to act in the cycle it is due
      const Cycle due = std::max(reinjections_.front().ready, now + 2) - 1;
      next_trigger(clock_.until(due), wake_.event);
    }
  }
}

void NetworkInterface::delivery_error(const Flit& f, Cycle now, const char* problem) const {
  std::ostringstream os;
  os << "delivery check failed at node " << id_ << ", cycle " << now << ": " << problem << ": " << f
     << " of packet from node " << packets_[f.packet].source << " to " << packets_[f.packet].destination
     << " (" << packets_[f.packet].length << " flits)";
  model_error(os.str());
}

void NetworkInterface::deliver(Cycle now) {
  for (std::size_t channel = 0; channel < deliver_value_.size(); ++channel) {
    const Flit& f = *deliver_value_[channel];
    if (!f.sent_just_before(now)) continue;
    Packet& p = packets_[f.packet];
    const bool absorbed = f.flags & Flit::kAbsorbed;  // software recovery ejected it here
    if (!absorbed && (f.destination != id_ || p.destination != id_)) delivery_error(f, now, "delivered to the wrong node");
    Reassembly& r = reassembly_[channel * lanes_ + f.vc];
    if (f.is_head()) {
      if (r.active) delivery_error(f, now, "head arrived while another packet was incomplete on its VC");
      r = Reassembly{f.packet, 0, true};
      if (release_token_at_header_ && token_ && token_->held_by(f.packet)) token_->release(now);
    } else if (!r.active || r.packet != f.packet) {
      delivery_error(f, now, "flit without its head (lost or interleaved)");
    }
    if (f.index != r.next_flit) delivery_error(f, now, "flit out of order, missing or duplicated");
    ++r.next_flit;
    const Cycle arrival = Cycle(f.sent) + delivery_latency_;
    if (p.metapacket) {
      statistics_.metapacket_flit_delivered();
      if (f.is_tail()) {
        r.active = false;
        const std::uint32_t tag = p.tag;
        packets_.release(f.packet);
        if (metapacket_listener_) metapacket_listener_->metapacket_arrived(id_, tag, arrival);
      }
      continue;
    }
    if (absorbed) {
      statistics_.flit_absorbed();
    } else {
      statistics_.flit_delivered(id_, p.source, arrival);
    }
    if (f.is_tail()) {
      if (r.next_flit != p.length) delivery_error(f, now, "tail arrived before all flits");
      r.active = false;
      p.in_network = false;
      if (absorbed) {  // goes back into the network from here after the recovery delay
        statistics_.packet_absorbed();
        ++p.recoveries;
        reinjections_.push_back({f.packet, arrival + reinjection_delay_});
        continue;
      }
      if (token_ && token_->held_by(f.packet)) token_->release(now);  // Disha: the recovery lane is free
      statistics_.packet_delivered(p, arrival);
      if (p.transaction) {
        if (transaction_listener_) transaction_listener_->delivered(p, arrival);
      } else if (listener_) {
        listener_->delivered(p, arrival);
      }
      packets_.release(f.packet);
    }
  }
}

void NetworkInterface::receive_credits(Cycle now) {
  for (int channel = 0; channel < channels_; ++channel) {
    const Credit& c = *credit_value_[channel];
    if (!c.sent_just_before(now)) continue;
    // One lane's credit, and with lanes as crossbar inputs maybe others' (Credit::more).
    for (std::uint32_t lanes = c.more | (1u << c.vc); lanes; lanes &= lanes - 1) {
      const int vc = __builtin_ctz(lanes);
      if (vc == metapacket_vc_) ++metapacket_injection_.credits;
      else ++injection_vc(channel, vc).credits;
    }
  }
}

bool NetworkInterface::inject(Cycle now, bool& refused) {
  bool sent = false;
  // Metapackets first, on channel 0's metapacket VC: they have priority over all traffic.
  bool channel0_used = false;
  if (metapacket_vc_ >= 0) {
    InjectionVc& m = metapacket_injection_;
    if (!m.busy && !metapackets_.empty() && packets_[metapackets_.front()].created < now && m.credits == depth_) {
      m = InjectionVc{metapackets_.front(), 0, 2, true, m.credits};
      metapackets_.pop();
    }
    if (m.busy && m.credits > 0) {
      statistics_.metapacket_flit_injected();
      inject_out_[0]->write(next_flit(m, metapacket_vc_, now));
      --m.credits;
      if (++m.next_flit == m.length) m.busy = false;
      channel0_used = sent = true;
    }
  }
  const int open = controller_.open_injection_channels(channels_, now);
  for (int channel = channel0_used ? 1 : 0; channel < channels_; ++channel) {
    SourceQueue& queue = queues_[by_direction_ ? std::size_t(channel) : 0];
    // A packet waits on a channel the controller keeps closed: the controller reopens it on its own
    // clock (Trans-t's u3 / u4 intervals), which wakes no one, so the NI must not go to sleep.
    if (channel >= open && !queue.empty()) refused = true;
    int chosen = -1, in_progress = 0;
    // The next queued packet may start if the channel may have one more in progress, the
    // controller lets it go and a lane can take it.
    auto may_start = [&] {
      return in_progress < packets_in_progress_ && channel < open && !queue.empty() && !refused &&
             packets_[queue.front()].created < now && free_lane(channel, packets_[queue.front()]) >= 0;
    };
    if (lane_policy_) {
      // The channel's policy ranks the packets in progress that have a credit and the one that
      // may start alike (Dally sec. III-C: a new packet's head competes for the channel too).
      ArbitrationRequest requests[33];
      int count = 0;
      for (int vc = 0; vc < vcs_; ++vc) {
        const InjectionVc& v = injection_vc(channel, vc);
        in_progress += v.busy;
        if (!v.busy || v.credits == 0) continue;
        const Packet& p = packets_[v.packet];
        requests[count++] = ArbitrationRequest{std::uint16_t(vc), std::uint8_t(vc), p.priority, p.created};
      }
      if (may_start()) {
        const Packet& p = packets_[queue.front()];
        requests[count++] = ArbitrationRequest{std::uint16_t(vcs_), 0, p.priority, p.created};
      }
      if (count > 0) {
        const int winner = count == 1 ? 0 : lane_policy_->choose(requests, count);
        chosen = requests[winner].requester;
        if (chosen == vcs_) {  // the new packet (the last request), unless the controller refuses it now
          chosen = start_packet(channel, queue, now, refused);
          if (chosen < 0 && --count > 0) chosen = requests[count == 1 ? 0 : lane_policy_->choose(requests, count)].requester;
        }
      }
    } else {
      // Continue a packet in progress that has a credit, round-robin among this channel's VCs;
      // otherwise start the next one.
      const int start = channel_round_robin_[channel];
      for (int k = 0; k < vcs_; ++k) {
        const int vc = (start + k) % vcs_;
        const InjectionVc& v = injection_vc(channel, vc);
        in_progress += v.busy;
        if (chosen < 0 && v.busy && v.credits > 0) chosen = vc;
      }
      if (chosen < 0 && may_start()) chosen = start_packet(channel, queue, now, refused);
    }
    if (chosen < 0) continue;
    send_flit(channel, chosen, now);
    channel_round_robin_[channel] = std::uint8_t((chosen + 1) % vcs_);
    sent = true;
  }
  return sent;
}

int NetworkInterface::free_lane(int channel, const Packet& p) const {
  for (int vc = 0; vc < vcs_; ++vc) {
    const InjectionVc& v = injection_vc(channel, vc);
    if (v.busy || (reallocate_when_empty_ && v.credits != depth_) || v.credits == 0 ||
        (virtual_cut_through_ && v.credits < p.length))
      continue;
    return vc;
  }
  return -1;
}

int NetworkInterface::start_packet(int channel, SourceQueue& queue, Cycle now, bool& refused) {
  const PacketId id = queue.front();
  const Packet& p = packets_[id];
  if (!controller_.may_inject(p, now)) {
    refused = true;
    return -1;
  }
  const int vc = free_lane(channel, p);
  InjectionVc& v = injection_vc(channel, vc);
  v = InjectionVc{id, 0, p.length, true, v.credits};
  queue.pop();
  count_queue_change(now, true);
  if (waiting_for_room_) queue_popped();
  return vc;
}

Flit NetworkInterface::next_flit(const InjectionVc& v, int vc, Cycle now) const {
  const Packet& p = packets_[v.packet];
  Flit f;
  f.packet = v.packet;
  f.destination = p.destination;
  f.sent = std::uint32_t(now);
  f.index = v.next_flit;
  f.vc = std::uint8_t(vc);
  f.flags = std::uint8_t((v.next_flit == 0 ? Flit::kHead : 0) | (v.next_flit + 1 == v.length ? Flit::kTail : 0) |
                         (p.priority << Flit::kPriorityShift));
  return f;
}

void NetworkInterface::send_flit(int channel, int vc, Cycle now) {
  InjectionVc& v = injection_vc(channel, vc);
  Packet& p = packets_[v.packet];
  const Flit f = next_flit(v, vc, now);
  if (f.is_head()) {
    if (p.recoveries == 0) p.injected = now;  // network latency counts from the first injection
    p.in_network = true;
    statistics_.packet_injected();
  }
  statistics_.flit_injected(id_, now);
  inject_out_[channel]->write(f);
  --v.credits;
  if (++v.next_flit == v.length) {
    v.busy = false;
    controller_.packet_injected(now);
  }
}

}  // namespace icn
