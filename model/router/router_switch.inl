// Included by router.cpp only, before step(), its one caller, so that it inlines.
// Switch allocation (router/switch_allocator.h) and traversal: a granted flit leaves its input VC
// through the crossbar onto its output channel, and a credit goes back upstream.
#pragma once
#include <algorithm>

#include "router/router.h"
#include "router/router_failure.h"

namespace icn {

using router_internal::fail;

template <bool kCrossbarInputPerVc>
inline void Router::traverse(int in_port, int in_vc, int out_port, Cycle now) {
  InputUnit& in = inputs_[std::size_t(in_port)];
  const InputVc& v = in.vc(in_vc);
  const BufferedFlit& front = in.front(in_vc);
  longest_switch_wait_ = std::max(longest_switch_wait_, now - std::max(v.eligible_since, front.ready()));
  Flit f = front.flit;
  if (v.count == v.full_at) --full_buffers_;
  in.depart(in_vc, now);
  if (v.count == 0) {
    --valid_buffers_;
    ++buffers_emptied_;
  }
  --buffered_flits_;
  ++switched_flits_;
  // With VCs as crossbar inputs, another VC of this port may have moved this cycle.
  if (in.send_credit(in_vc, now, kCrossbarInputPerVc)) ++merged_credits_;
  if ((priority_vcs_ >> in_vc) & 1u) ++(in_vc == recovery_vc_ ? counted_.recovery_vc_flits : counted_.metapacket_vc_flits);

  f.vc = v.out_vc;
  f.sent = std::uint32_t(now);
  if (v.absorbing) {
    f.flags |= Flit::kAbsorbed;
    ++counted_.absorbed_flits;
  }
  const bool network = out_port < network_ports_;
  if (network) {
    ++outstanding_credits_;
    if (f.is_head()) ++packets_[f.packet].hops;
  } else if (!v.absorbing && !((untallied_vcs_ >> in_vc) & 1u)) {
    ++delivered_flits_;  // not a packet software recovery absorbs here, nor a special VC's own (metapackets)
  }
  const int credits_left = outputs_[std::size_t(out_port)].send(f, now, network);
  if (f.is_tail()) {
    in.finish_packet(in_vc);
    released_ports_ |= std::uint64_t(1) << out_port;
    clear_active(in_port, in_vc);
    if (v.count > 0) waiting_.set(vc_index(in_port, in_vc));  // the next packet's head is behind it
  } else if (v.count == 0 || credits_left == 0) {
    clear_active(in_port, in_vc);  // the rest has not arrived yet, or it waits for a credit
  }
}

// The router's VCs as the switch allocator reads them: inline, straight from its arrays.
struct Router::SwitchView {
  Router& r;
  Cycle now;
  std::uint64_t active_ports() const { return r.active_ports_; }
  std::uint32_t active_vcs(int port) const { return r.inputs_[std::size_t(port)].active(); }
  bool ready(int port, int vc) const { return r.inputs_[std::size_t(port)].front(vc).ready() <= now; }
  int out_port(int port, int vc) const { return r.inputs_[std::size_t(port)].vc(vc).out_port; }
  // BookSim's speculation (router.switch_allocation: separable, switch_allocator.h).
  std::uint32_t speculative_vcs(int port) const {  // those of them with a credit: active_vcs
    return r.speculation_.given[std::size_t(port)] & r.inputs_[std::size_t(port)].active();
  }
  std::uint64_t misspeculating_ports() const { return r.speculation_.lost_ports; }
  std::uint32_t misspeculating_vcs(int port) const { return r.speculation_.lost[std::size_t(port)]; }
  int misspeculated_port(int port, int vc) const { return r.speculation_.lost_port[std::size_t(r.vc_index(port, vc))]; }
  std::uint8_t front_flags(int port, int vc) const { return r.inputs_[std::size_t(port)].front(vc).flit.flags; }
  ArbitrationRequest request(int port, int vc, bool with_age) const {
    const Flit& front = r.inputs_[std::size_t(port)].front(vc).flit;
    return ArbitrationRequest{std::uint16_t(port), std::uint8_t(vc), front.priority(),
                              with_age ? r.packets_[front.packet].created : 0};
  }
};

// Flattened: each grant traverses inline in the allocator's loop (GCC's heuristics otherwise stop
// inlining traverse once the units' methods are inlined into it: +6 % instructions).
[[gnu::flatten]] void Router::switch_allocate(Cycle now) {
  if (crossbar_input_per_vc_)
    switch_allocator_->allocate_per_vc(
        SwitchView{*this, now},
        [&](int in_port, int vc, int out_port) { traverse<true>(in_port, vc, out_port, now); });
  else
    switch_allocator_->allocate(
        SwitchView{*this, now}, now,
        [&](int in_port, int vc, int out_port) { traverse<false>(in_port, vc, out_port, now); });
  speculation_.clear();
}

}  // namespace icn
