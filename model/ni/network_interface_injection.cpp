// The network interface's injection side (network_interface.h): credits back from the router, the
// metapackets first, then per channel the packets in progress and the next queued one, under the
// congestion controller and the channel's VC policy, one flit per cycle per channel.
#include "ni/network_interface.h"


namespace icn {

void NetworkInterface::receive_credits(Cycle now) {
  for (int channel = 0; channel < channels_; ++channel) {
    const Credit& c = *credit_value_[channel];
    if (!c.sent_just_before(now)) continue;
    // One VC's credit, and with VCs as crossbar inputs maybe others' (Credit::more).
    for (std::uint32_t vcs = c.more | (1u << c.vc); vcs; vcs &= vcs - 1) {
      const int vc = __builtin_ctz(vcs);
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
      ++measures_.total.metapacket_flits_injected;
      ++events_.injected_flits;
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
    // controller lets it go and a VC can take it.
    auto may_start = [&] {
      return in_progress < packets_in_progress_ && channel < open && !queue.empty() && !refused &&
             packets_[queue.front()].created < now && free_vc(channel, packets_[queue.front()]) >= 0;
    };
    if (vc_policy_) {
      // The channel's policy ranks the packets in progress that have a credit and the one that
      // may start alike (Dally sec. III-C: a new packet's head competes for the channel too).
      ArbitrationRequest requests[33];
      int count = 0;
      for (int vc = 0; vc < routing_vcs_; ++vc) {
        const InjectionVc& v = injection_vc(channel, vc);
        in_progress += v.busy;
        if (!v.busy || v.credits == 0) continue;
        const Packet& p = packets_[v.packet];
        requests[count++] = ArbitrationRequest{std::uint16_t(vc), std::uint8_t(vc), p.priority, p.created};
      }
      if (may_start()) {
        const Packet& p = packets_[queue.front()];
        requests[count++] = ArbitrationRequest{std::uint16_t(routing_vcs_), 0, p.priority, p.created};
      }
      if (count > 0) {
        const int winner = count == 1 ? 0 : vc_policy_->choose(requests, count);
        chosen = requests[winner].requester;
        if (chosen == routing_vcs_) {  // the new packet (the last request), unless the controller refuses it now
          chosen = start_packet(channel, queue, now, refused);
          if (chosen < 0 && --count > 0) chosen = requests[count == 1 ? 0 : vc_policy_->choose(requests, count)].requester;
        }
      }
    } else {
      // Continue a packet in progress that has a credit, round-robin among this channel's VCs;
      // otherwise start the next one.
      const int start = channel_round_robin_[channel];
      for (int k = 0; k < routing_vcs_; ++k) {
        const int vc = start + k < routing_vcs_ ? start + k : start + k - routing_vcs_;
        const InjectionVc& v = injection_vc(channel, vc);
        in_progress += v.busy;
        if (chosen < 0 && v.busy && v.credits > 0) chosen = vc;
      }
      if (chosen < 0 && may_start()) chosen = start_packet(channel, queue, now, refused);
    }
    if (chosen < 0) continue;
    send_flit(channel, chosen, now);
    channel_round_robin_[channel] = std::uint8_t(chosen + 1 < routing_vcs_ ? chosen + 1 : 0);
    sent = true;
  }
  return sent;
}

int NetworkInterface::free_vc(int channel, const Packet& p) const {
  for (int vc = 0; vc < routing_vcs_; ++vc) {
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
  const int vc = free_vc(channel, p);
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
  ++events_.injected_flits;
  if (f.is_head()) {
    if (p.recoveries == 0) p.injected = now;  // network latency counts from the first injection
    p.in_network = true;
    ++measures_.total.packets_injected;
  }
  ++measures_.total.flits_injected;
  if (window_.contains(now)) ++measures_.window.flits_injected;
  inject_out_[channel]->write(f);
  --v.credits;
  if (++v.next_flit == v.length) {
    v.busy = false;
    controller_.packet_injected(now);
  }
}

}  // namespace icn
