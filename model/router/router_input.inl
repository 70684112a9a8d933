// Included by router.cpp only, before step(), its one caller, so that it inlines.
// The input stage: credits back from downstream, flits into the input VC buffers.
#pragma once
#include "router/router.h"
#include "router/router_failure.h"

namespace icn {

using router_internal::fail;

// receive and traverse run for every flit: defined before their one caller so they are inlined.
inline void Router::return_credit(int p, int vc, Cycle now) {
  OutputUnit& out = outputs_[std::size_t(p)];
  const OutputVc& o = out.vc(vc);
  --outstanding_credits_;
  // A returned credit can let a refused header in: under virtual cut-through (room for its
  // packet), or when it empties a free VC's buffer (VCs reallocated only once empty, and
  // Duato's adaptive VCs, taken only empty).
  if (virtual_cut_through_ || (!o.allocated && o.credits + 1 == depth_)) released_ports_ |= std::uint64_t(1) << p;
  const int credits = out.return_credit(vc);
  if (credits == 1 && o.allocated && inputs_[o.owner_port].vc(o.owner_vc).count > 0)
    set_active(o.owner_port, o.owner_vc, now);
  if (credits > depth_)
    fail(id_, now, "output port " + std::to_string(p) + " VC " + std::to_string(vc) +
                       " received more credits than its downstream buffer has slots");
}


template <bool kCrossbarInputPerVc>
inline void Router::receive(Cycle now) {
  // Only the ports whose signal changed in the last update phase; a value is new if it was sent
  // in the previous cycle (Flit/Credit::sent_just_before, with (now − 1) mod 2^32 computed once).
  const std::uint32_t previous = std::uint32_t(now - 1);
  for (std::uint64_t ports = credits_arrived_; ports; ports &= ports - 1) {
    const int p = __builtin_ctzll(ports);
    const Credit& c = outputs_[std::size_t(p)].credit_arrived();
    if (c.sent != previous) continue;
    return_credit(p, c.vc, now);
    if constexpr (kCrossbarInputPerVc)
      for (std::uint32_t more = c.more; more; more &= more - 1) return_credit(p, __builtin_ctz(more), now);
  }
  credits_arrived_ = 0;
  for (std::uint64_t ports = flits_arrived_; ports; ports &= ports - 1) {
    const int p = __builtin_ctzll(ports);
    InputUnit& in = inputs_[std::size_t(p)];
    const Flit& f = in.arrived();
    if (f.sent != previous) continue;
    if (in.full(f.vc))
      fail(id_, now, "input port " + std::to_string(p) + " VC " + std::to_string(f.vc) +
                         " is full (credit flow control violated) and received", f);
    const bool was_empty = in.receive(f, now);
    if (((priority_vcs_ >> f.vc) & 1u) && f.is_head()) special_header_arrived(p, f);
    const InputVc& v = in.vc(f.vc);
    if (was_empty) {
      ++valid_buffers_;
      if (v.state != VcState::Active) waiting_.set(vc_index(p, f.vc));
      else if (output_vc(v.out_port, v.out_vc).credits > 0) set_active(p, f.vc, now);
    }
    if (v.count == v.full_at) ++full_buffers_;
    ++buffered_flits_;
  }
  flits_arrived_ = 0;
}

}  // namespace icn
