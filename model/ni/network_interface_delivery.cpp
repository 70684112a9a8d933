// The network interface's delivery side (network_interface.h): one flit per cycle per delivery
// channel, reassembled per VC and checked (right node, in order, complete); a whole message goes to
// the client attached for its kind, an absorbed one back to the source queue after the recovery delay.
#include "ni/network_interface.h"

#include <sstream>

#include "common/model_error.h"
#include "deadlock/recovery_token.h"
#include "stats/network_statistics.h"

namespace icn {

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
    ++events_.ejected_flits;
    const bool absorbed = f.flags & Flit::kAbsorbed;  // software recovery ejected it here
    if (!absorbed && (f.destination != id_ || p.destination != id_)) delivery_error(f, now, "delivered to the wrong node");
    Reassembly& r = reassembly_[channel * vcs_ + f.vc];
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
    if (p.kind == MessageKind::Metapacket) {
      ++measures_.total.metapacket_flits_delivered;
      if (f.is_tail()) {
        r.active = false;
        if (EndpointClient* client = clients_[std::size_t(MessageKind::Metapacket)]) client->received(p, arrival);
        packets_.release(f.packet);
      }
      continue;
    }
    if (absorbed) {
      ++measures_.total.flits_absorbed;
    } else {
      ++measures_.total.flits_delivered;
      if (window_.contains(arrival)) {
        ++measures_.window.flits_delivered;
        statistics_.flit_accepted(p.source);
      }
    }
    if (f.is_tail()) {
      if (r.next_flit != p.length) delivery_error(f, now, "tail arrived before all flits");
      r.active = false;
      p.in_network = false;
      if (absorbed) {  // goes back into the network from here after the recovery delay
        ++measures_.total.packets_absorbed;
        ++p.recoveries;
        reinjections_.push_back({f.packet, arrival + reinjection_delay_});
        continue;
      }
      if (token_ && token_->held_by(f.packet)) token_->release(now);  // Disha: the recovery VC is free
      statistics_.packet_delivered(p, arrival);
      if (EndpointClient* client = clients_[std::size_t(p.kind)])
        client->received(p, arrival);
      packets_.release(f.packet);
    }
  }
}

}  // namespace icn
