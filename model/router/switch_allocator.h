#pragma once
// Switch allocation: which flits cross the crossbar this cycle. Separable, input first (Dally sec.
// III-C: a physical channel's bandwidth is shared flit by flit among its VCs):
//   1. each input port offers one flit — its first VC, from a round-robin pointer, with a ready
//      flit and a credit downstream (priority VCs, Disha's and the metapackets', first);
//   2. each output port grants one offer under its arbitration policy (priority VCs win);
//      a winner's input pointer moves past the winning VC;
//   3. an input whose offer lost may still send another VC's flit to an output nobody uses this
//      cycle, so the matching is maximal; this pass leaves the pointers alone.
// router.switch_allocation: separable is BookSim 2's separable input-first allocator with one
// iteration, for like-for-like comparisons (its separable_input_first.cpp and iq_router.cpp): no
// step 3, and in step 1 an input's arbiter takes turns among the *output ports* its ready VCs want
// (each represented by its first VC from the VC pointer), not among the VCs; every grant, a lone
// one included, moves the input's output pointer and the output arbiter's pointer past the winner.
// It is speculative as BookSim's pipeline with VC and switch allocation in one cycle
// (speculative = 1): a header given its output VC this cycle, and one that asked for a free VC
// and lost it, bid in a second allocator of the same kind whose grants yield to the first one's
// inputs and outputs; a grant to a header that lost its VC is wasted.
// With round-robin arbitration and no priority VCs, a ready flit with a credit therefore waits
// at most P·(V² − V + 1) cycles under the maximal allocator (docs/routing.md, "Allocation order and
// fairness"); BookSim's has no such bound (its VC pointer is shared by all outputs).
//
// With router.crossbar_inputs: per_vc (Dally Fig. 9c: separate switch inputs, multiplexed
// outputs) there is no input stage: every VC is its own crossbar input, so every ready VC with
// a credit bids for its output channel, whose policy picks one among all of them (requester =
// input port · V + VC), and several VCs of one input port may move in the same cycle. Then an
// output channel's arbitration sees every VC that wants it — what oldest-first and priority
// scheduling rank (Dally sec. III-C, Figs. 17 and 18) — and a round-robin wait is at most P·V − 1.
//
// With router.link_allocation: packet (virtual cut-through only) a link, once a packet's head has
// crossed it, carries that packet's flits alone until its tail has crossed: the VCs share the
// physical channel packet by packet instead of flit by flit, as the realistic-loads paper's
// simulator (INSEE, its ref. [15]) moves phits. The holding VC goes first at its input, no other
// VC may bid for the link meanwhile (priority VCs excepted), and the link idles if the holder's
// next flit has not arrived. Delivery channels are not links and stay flit by flit.
//
// A unit: it owns the pointers and arbiters and reads the router's VCs through a view, so a
// test can drive it with a scripted one. The view (all inline in the router, so nothing is lost
// on the per-cycle path) answers:
//   std::uint64_t active_ports() const          input ports with some VC holding a flit and a credit
//   std::uint32_t active_vcs(int port) const  those VCs, as a mask
//   bool ready(int port, int VC) const        its front flit may leave this cycle
//   int out_port(int port, int VC) const      the output port its packet holds
//   std::uint8_t front_flags(int port, int VC) const  its front flit's head/tail flags
//   std::uint32_t speculative_vcs(int port) const  of active_vcs, the headers given their VC this cycle
//   std::uint64_t misspeculating_ports() const, std::uint32_t misspeculating_vcs(int port) const,
//   int misspeculated_port(int port, int VC) const  headers that lost the VC they asked for this
//                                                  cycle, and the output port of that VC
//   ArbitrationRequest request(int port, int VC, bool with_age) const
// and `grant(input port, VC, output port)` moves the flit.
#include <cassert>
#include <cstdint>
#include <memory>
#include <vector>

#include "common/flit.h"
#include "common/types.h"
#include "router/arbitration_policy.h"

namespace icn {

class SwitchAllocator {
 public:
  SwitchAllocator(int input_ports, int output_ports, int vcs, std::uint32_t priority_vcs,
                  std::vector<std::unique_ptr<ArbitrationPolicy>> arbiters, bool crossbar_input_per_vc = false,
                  int packet_links = 0, bool maximal = true)
      : input_ports_(input_ports),
        vcs_(vcs),
        crossbar_input_per_vc_(crossbar_input_per_vc),
        requesters_(crossbar_input_per_vc ? input_ports * vcs : input_ports),
        vc_mask_(vcs >= 32 ? 0xffffffffu : (1u << vcs) - 1),
        priority_vcs_(priority_vcs),
        arbiters_(std::move(arbiters)),
        uses_age_(!arbiters_.empty() && arbiters_.front()->uses_age()),
        requests_(std::size_t(output_ports) * requesters_),
        request_count_(output_ports, 0),
        lone_offer_(output_ports),
        pointer_(input_ports, 0),
        packet_links_(packet_links),
        holder_(std::size_t(packet_links), kFree),
        holding_vcs_(packet_links ? input_ports : 0, 0),
        maximal_(maximal),
        output_pointer_(maximal ? 0 : input_ports, 0),
        vc_for_output_(maximal ? 0 : output_ports, 0),
        speculative_output_pointer_(maximal ? 0 : input_ports, 0),
        speculative_last_(maximal ? 0 : output_ports, -1),
        speculative_offers_(maximal ? 0 : std::size_t(output_ports) * input_ports),
        speculative_count_(maximal ? 0 : output_ports, 0) {}

  int pointer(int input_port) const { return pointer_[input_port]; }
  // The longest a ready flit with a credit waits under round-robin arbitration without priority
  // VCs: P·(V² − V + 1) cycles for P input ports and V VCs (docs/routing.md).
  static std::uint64_t wait_bound(int input_ports, int vcs, bool crossbar_input_per_vc = false) {
    if (crossbar_input_per_vc) return std::uint64_t(input_ports) * std::uint64_t(vcs) - 1;
    return std::uint64_t(input_ports) * std::uint64_t(vcs * vcs - vcs + 1);
  }
  // The requester number an output's policy sees for a VC (per_vc: each VC its own input).
  int requester(int input_port, int vc) const { return crossbar_input_per_vc_ ? input_port * vcs_ + vc : input_port; }
  // router.link_allocation: packet — whether output `out_port` (a link) carries a packet now.
  bool link_held(int out_port) const { return out_port < packet_links_ && holder_[out_port] != kFree; }
  // Requests made so far: offers to an output's arbiter and the matching pass's grants (router_events.h).
  std::uint64_t requests() const { return requests_made_; }

  // One crossbar input per physical input channel (the constructor's crossbar_input_per_vc false), or one per
  // VC (true); the caller calls the one it was built for.
  template <typename View, typename Grant>
  void allocate(const View& view, Cycle now, Grant&& grant) {
    // Decided once a call, so that flit-by-flit links pay nothing for packet ones in the loops.
    if (packet_links_)
      allocate_per_channel<true>(view, now, grant);
    else
      allocate_per_channel<false>(view, now, grant);
  }
  template <typename View, typename Grant>
  void allocate_per_vc(const View& view, Grant&& grant) {
    if (packet_links_)
      allocate_each_vc<true>(view, grant);
    else
      allocate_each_vc<false>(view, grant);
  }

 private:
  struct Offer {
    std::uint8_t input_port, vc;
  };
  template <bool kPacketLinks, typename View, typename Grant>
  void allocate_per_channel(const View& view, Cycle now, Grant& grant);
  template <bool kPacketLinks, typename View, typename Grant>
  void allocate_each_vc(const View& view, Grant& grant);
  static constexpr std::uint16_t kFree = 0xffff;
  // Packet-granular links: may VC `VC` of input `ip` bid for output `op` now? Only the packet
  // that holds a held link, or a priority VC, may.
  bool may_bid(int ip, int vc, int op) const {
    return op >= packet_links_ || holder_[op] == kFree || holder_[op] == ip * vcs_ + vc ||
           ((priority_vcs_ >> vc) & 1u);
  }
  // After the arbitration chose a flit for `op`: a head takes the link for its packet, a tail frees it.
  template <typename View>
  void note_grant(const View& view, int ip, int vc, int op) {
    if (op >= packet_links_ || ((priority_vcs_ >> vc) & 1u)) return;
    const std::uint8_t flags = view.front_flags(ip, vc);
    if (flags & Flit::kTail) {
      holder_[op] = kFree;
      holding_vcs_[ip] &= ~(1u << vc);
    } else if (flags & Flit::kHead) {
      holder_[op] = std::uint16_t(ip * vcs_ + vc);
      holding_vcs_[ip] |= 1u << vc;
    }
  }
  // The VCs of `mask` in round-robin order from `start`: bit b of the result is VC vc_at(start, b).
  std::uint32_t rotate(std::uint32_t mask, int start) const {
    return start == 0 ? mask : ((mask >> start) | (mask << (vcs_ - start))) & vc_mask_;
  }
  int vc_at(int start, int bit) const { return start + bit >= vcs_ ? start + bit - vcs_ : start + bit; }
  template <typename View>
  void add_request(const View& view, int out_port, int in_port, int vc) {
    ArbitrationRequest& r = requests_[std::size_t(out_port) * requesters_ + request_count_[out_port]++];
    r = view.request(in_port, vc, uses_age_);
    r.requester = std::uint16_t(requester(in_port, vc));
  }
  // Input `ip`'s VC `VC` offers its flit to output `op`. An output with a single offer (the
  // common case) needs no arbitration, so offers become requests only once a second one arrives.
  template <typename View>
  void offer(const View& view, int ip, int vc, int op, std::uint64_t& requested, std::uint64_t& contested) {
    ++requests_made_;
    const std::uint64_t output = std::uint64_t(1) << op;
    if (!(requested & output)) {
      requested |= output;
      lone_offer_[op] = Offer{std::uint8_t(ip), std::uint8_t(vc)};
      return;
    }
    if (!(contested & output)) {
      contested |= output;
      add_request(view, op, lone_offer_[op].input_port, lone_offer_[op].vc);
    }
    add_request(view, op, ip, vc);
  }
  // Output `op`'s choice among several offers: a priority VC's (Disha's, the metapackets'), else
  // its policy's.
  Offer arbitrate(int op) {
    const int count = request_count_[op];
    request_count_[op] = 0;
    const ArbitrationRequest* offers = &requests_[std::size_t(op) * requesters_];
    int chosen = -1;
    for (int i = 0; priority_vcs_ && i < count; ++i)
      if ((priority_vcs_ >> offers[i].input_vc) & 1u) {  // priority VCs win the link
        chosen = i;
        break;
      }
    const ArbitrationRequest& granted = offers[chosen >= 0 ? chosen : arbiters_[op]->choose(offers, count)];
    return Offer{std::uint8_t(crossbar_input_per_vc_ ? granted.requester / vcs_ : granted.requester), granted.input_vc};
  }

  const int input_ports_, vcs_;
  const bool crossbar_input_per_vc_;
  const int requesters_;  // crossbar inputs: input ports, or input VCs
  const std::uint32_t vc_mask_, priority_vcs_;
  std::vector<std::unique_ptr<ArbitrationPolicy>> arbiters_;  // per output port
  const bool uses_age_;
  std::vector<ArbitrationRequest> requests_;  // [output port][input port]
  std::vector<int> request_count_;
  std::vector<Offer> lone_offer_;     // per output port: the first (often only) offer this cycle
  std::vector<std::uint8_t> pointer_;  // per input port: the VC to try first
  std::uint64_t requests_made_ = 0;
  const int packet_links_;                   // outputs below this are links allocated per packet (0: none)
  std::vector<std::uint16_t> holder_;        // per such link: input port · VCs + VC of its packet, or kFree
  std::vector<std::uint32_t> holding_vcs_;  // per input port: its VCs whose packet holds a link
  const bool maximal_;                        // the matching pass (step 3) runs
  // BookSim's allocator (not maximal_): per input port, the output port its arbiter tries first;
  // scratch per output port: the VC that represents the input's request for it this cycle.
  std::vector<std::uint8_t> output_pointer_;
  std::vector<std::uint8_t> vc_for_output_;
  // Its speculative allocator: per input port the output its arbiter tries first, per output port
  // the input its round robin granted last and this cycle's offers, [output port][k] for the first
  // speculative_count_[output port] of them, in input order (BookSim's spec_sw_allocator).
  struct SpeculativeOffer {
    std::uint8_t input_port, vc;
    bool lost_its_vc;
  };
  std::vector<std::uint8_t> speculative_output_pointer_;
  std::vector<int> speculative_last_;
  std::vector<SpeculativeOffer> speculative_offers_;
  std::vector<std::uint8_t> speculative_count_;
  // The first output port of `wanted` (not empty) from `from` on, round the ports.
  static int first_from(std::uint64_t wanted, int from) {
    const std::uint64_t onwards = from >= 64 ? 0 : wanted & (~std::uint64_t(0) << from);
    return __builtin_ctzll(onwards ? onwards : wanted);
  }
  // The output ports input `ip`'s VCs of `vcs` want — ready ones, or of `lost`, the headers that lost
  // the VC they asked for at misspeculated_port — each represented in vc_for_output_ by its first
  // such VC from the VC pointer (BookSim's requests, one per input and output).
  template <bool kPacketLinks, typename View>
  std::uint64_t wanted_outputs(const View& view, int ip, std::uint32_t vcs, std::uint32_t lost) {
    std::uint64_t wanted = 0;
    const int start = pointer_[ip];
    for (std::uint32_t turn = rotate(vcs, start); turn; turn &= turn - 1) {
      const int vc = vc_at(start, __builtin_ctz(turn));
      const bool lost_it = (lost >> vc) & 1u;
      if (!lost_it && !view.ready(ip, vc)) continue;
      const int op = lost_it ? view.misspeculated_port(ip, vc) : view.out_port(ip, vc);
      if (kPacketLinks && !may_bid(ip, vc, op)) continue;
      const std::uint64_t bit = std::uint64_t(1) << op;
      if (!(wanted & bit)) vc_for_output_[op] = std::uint8_t(vc);
      wanted |= bit;
    }
    return wanted;
  }
  // Input `ip`'s speculative bid: among its headers given a VC this cycle (`given`) and those that
  // lost the VC they asked for, the output from its speculative output pointer on. Returns the
  // output port bid for, or −1.
  template <typename View>
  int bid_speculatively(const View& view, int ip, std::uint32_t given) {
    const std::uint32_t lost = view.misspeculating_vcs(ip);
    const std::uint64_t wanted = wanted_outputs<false>(view, ip, given | lost, lost);
    if (!wanted) return -1;
    const int op = first_from(wanted, speculative_output_pointer_[ip]);
    const int vc = vc_for_output_[op];
    speculative_offers_[std::size_t(op) * std::size_t(input_ports_) + speculative_count_[std::size_t(op)]++] =
        SpeculativeOffer{std::uint8_t(ip), std::uint8_t(vc), bool((lost >> vc) & 1u)};
    return op;
  }
  // BookSim's input arbiter: input `ip` offers for the output, from its output pointer on, that
  // one of its ready VCs wants. False if no VC is ready.
  template <bool kPacketLinks, typename View>
  bool offer_by_output(const View& view, int ip, std::uint32_t mask, std::uint64_t& requested,
                       std::uint64_t& contested) {
    const std::uint64_t wanted = wanted_outputs<kPacketLinks>(view, ip, mask, 0);
    if (!wanted) return false;
    const int op = first_from(wanted, output_pointer_[ip]);
    offer(view, ip, vc_for_output_[op], op, requested, contested);
    return true;
  }
};

template <bool kPacketLinks, typename View, typename Grant>
inline void SwitchAllocator::allocate_per_channel(const View& view, Cycle now, Grant& grant) {
  assert(!crossbar_input_per_vc_);
  // Input stage. An output with a single offer (the common case) needs no arbitration, so offers
  // are written out as requests only once a second one arrives for the same output.
  std::uint64_t requested = 0;  // output ports with offers
  std::uint64_t contested = 0;  // output ports with more than one
  std::uint64_t offered = 0;    // input ports that made one
  std::uint64_t speculated = 0;  // output ports with speculative bids (BookSim's allocator)
  const std::uint64_t inputs = view.active_ports() | (maximal_ ? 0 : view.misspeculating_ports());
  for (std::uint64_t ports = inputs; ports; ports &= ports - 1) {
    const int ip = __builtin_ctzll(ports);
    const std::uint32_t mask = view.active_vcs(ip);
    // Priority VCs go first: they must never wait behind data; then a packet that holds its link.
    const std::uint32_t holding = kPacketLinks ? mask & holding_vcs_[ip] : 0;
    if (!maximal_ && !(mask & priority_vcs_) && !holding) {
      const std::uint32_t given = kPacketLinks ? 0 : view.speculative_vcs(ip);
      if (offer_by_output<kPacketLinks>(view, ip, mask & ~given, requested, contested))
        offered |= std::uint64_t(1) << ip;
      const int op = kPacketLinks ? -1 : bid_speculatively(view, ip, given);
      if (op >= 0) speculated |= std::uint64_t(1) << op;
      continue;
    }
    const int start = (mask & priority_vcs_) ? __builtin_ctz(mask & priority_vcs_)
                      : holding                ? __builtin_ctz(holding)
                                               : pointer_[ip];
    for (std::uint32_t turn = rotate(mask, start); turn; turn &= turn - 1) {
      const int vc = vc_at(start, __builtin_ctz(turn));
      if (!view.ready(ip, vc)) continue;
      const int op = view.out_port(ip, vc);
      if (kPacketLinks && !may_bid(ip, vc, op)) continue;
      offer(view, ip, vc, op, requested, contested);
      offered |= std::uint64_t(1) << ip;
      break;
    }
  }
  // Output stage: each physical channel grants one offer per cycle under its policy.
  std::uint64_t matched_inputs = 0;
  const std::uint64_t matched_outputs = requested;
  for (; requested; requested &= requested - 1) {
    const int op = __builtin_ctzll(requested);
    const bool lone = !((contested >> op) & 1u);
    const Offer winner = lone ? lone_offer_[op] : arbitrate(op);
    matched_inputs |= std::uint64_t(1) << winner.input_port;
    if (kPacketLinks) note_grant(view, winner.input_port, winner.vc, op);
    grant(int(winner.input_port), int(winner.vc), op);
    pointer_[winner.input_port] = std::uint8_t(winner.vc + 1 >= vcs_ ? 0 : winner.vc + 1);
    if (!maximal_) {
      output_pointer_[winner.input_port] = std::uint8_t(op + 1);
      if (lone) arbiters_[op]->granted_alone(requester(winner.input_port, winner.vc));
    }
  }
  // BookSim's speculative allocator: each output grants one bid, round-robin over inputs; the grant
  // stands only where the first allocator left both input and output free, and is wasted if its
  // header lost its VC (both arbiters' pointers move either way, as BookSim's do).
  for (; speculated; speculated &= speculated - 1) {
    const int op = __builtin_ctzll(speculated);
    const SpeculativeOffer* bids = &speculative_offers_[std::size_t(op) * std::size_t(input_ports_)];
    const int count = speculative_count_[std::size_t(op)];
    speculative_count_[std::size_t(op)] = 0;
    int chosen = 0;
    for (int i = 0; i < count; ++i)
      if (bids[i].input_port > speculative_last_[std::size_t(op)]) {
        chosen = i;
        break;
      }
    const SpeculativeOffer winner = bids[chosen];
    speculative_last_[std::size_t(op)] = winner.input_port;
    speculative_output_pointer_[winner.input_port] = std::uint8_t(op + 1);
    if ((matched_outputs >> op) & 1u || (matched_inputs >> winner.input_port) & 1u) continue;
    pointer_[winner.input_port] = std::uint8_t(winner.vc + 1 >= vcs_ ? 0 : winner.vc + 1);
    if (winner.lost_its_vc) continue;
    matched_inputs |= std::uint64_t(1) << winner.input_port;
    grant(int(winner.input_port), int(winner.vc), op);
  }
  // Matching pass: only inputs that offered and lost can gain (the others had no ready flit at
  // all). Inputs take turns by cycle; the pointers stay (the bound above needs that).
  const std::uint64_t unmatched = offered & ~matched_inputs;
  if (unmatched == 0 || !maximal_) return;
  std::uint64_t used_outputs = matched_outputs;
  const auto match = [&](int ip) {
    const int start = pointer_[ip];
    for (std::uint32_t turn = rotate(view.active_vcs(ip), start); turn; turn &= turn - 1) {
      const int vc = vc_at(start, __builtin_ctz(turn));
      const int op = view.out_port(ip, vc);
      if ((used_outputs >> op) & 1u || !view.ready(ip, vc)) continue;
      if (kPacketLinks && !may_bid(ip, vc, op)) continue;
      used_outputs |= std::uint64_t(1) << op;
      ++requests_made_;
      if (kPacketLinks) note_grant(view, ip, vc, op);
      grant(ip, vc, op);
      return;
    }
  };
  // From input `first` on, round the ports: the unmatched inputs at or above it, then those below
  // (their set bits only, so a wide router pays for the inputs that lost, not for all of them).
  const int first = int(now % Cycle(input_ports_));
  const std::uint64_t below = unmatched & ((std::uint64_t(1) << first) - 1);
  for (std::uint64_t ports = unmatched & ~below; ports; ports &= ports - 1) match(__builtin_ctzll(ports));
  for (std::uint64_t ports = below; ports; ports &= ports - 1) match(__builtin_ctzll(ports));
}

template <bool kPacketLinks, typename View, typename Grant>
inline void SwitchAllocator::allocate_each_vc(const View& view, Grant& grant) {
  assert(crossbar_input_per_vc_);
  // Every ready VC bids for its output; offers are written out as requests only once a second
  // one arrives for the same output, as above.
  std::uint64_t requested = 0, contested = 0;
  for (std::uint64_t ports = view.active_ports(); ports; ports &= ports - 1) {
    const int ip = __builtin_ctzll(ports);
    for (std::uint32_t vcs = view.active_vcs(ip); vcs; vcs &= vcs - 1) {
      const int vc = __builtin_ctz(vcs);
      if (!view.ready(ip, vc)) continue;
      const int op = view.out_port(ip, vc);
      if (kPacketLinks && !may_bid(ip, vc, op)) continue;
      offer(view, ip, vc, op, requested, contested);
    }
  }
  for (; requested; requested &= requested - 1) {
    const int op = __builtin_ctzll(requested);
    const Offer winner = (contested >> op) & 1u ? arbitrate(op) : lone_offer_[op];
    if (kPacketLinks) note_grant(view, winner.input_port, winner.vc, op);
    grant(int(winner.input_port), int(winner.vc), op);
  }
}

}  // namespace icn
