// VC allocation: routed headers take output VCs, in parallel or through the central header
// arbiter (self-tuned paper sec. 5.1), in an order (oldest first, longest waiting, random, priority;
// vc_allocator.h), or separably as BookSim 2 does (allocate_separably, below).
#include "router/router.h"

#include <algorithm>

#include "common/cycle_clock.h"
#include "router/router_admission.inl"
#include "router/router_failure.h"

namespace icn {

using router_internal::fail;

void Router::count_passed_over(int winner, int port, int ov) {
  // Before `winner` takes output VC (port, ov): would an older header that waits here (refused
  // earlier) be admitted to it now? Then the allocation order let a younger packet pass it.
  const InputVc& w = input_vc(winner);
  blocked_.for_each([&](int index) {
    if (!((routes_.ports(index) >> port) & 1u)) return;  // it cannot take that port at all
    const InputVc& b = input_vc(index);
    if (index == winner || b.injected >= w.injected) return;
    const int room = room_needed(index);
    const RouteView route = routes_[index];
    for (int c = 0; c < route.count; ++c) {
      const RouteCandidate& candidate = route.candidates[c];
      if (candidate.port == port && ((candidate.vc_mask >> ov) & 1u) && admits(index, candidate, ov, room)) {
        ++passed_over_;
        return;
      }
    }
  });
}

bool Router::allocate_output(int input) {
  const int room = room_needed(input);
  int port = -1, vc = -1;
  if (!vc_allocator_.select(
          routes_[input], [&](const RouteCandidate& candidate, int ov) { return admits(input, candidate, ov, room); },
          [&](int out_port, int ov) { return outputs_[std::size_t(out_port)].credits(ov); }, port, vc))
    return false;
  take_output(input, port, vc);
  return true;
}

void Router::take_output(int input, int port, int vc) {
  if (blocked_.any()) count_passed_over(input, port, vc);
  if (injection_observer_ && input >= vc_index(network_ports_, 0) && port < network_ports_) {  // a new packet enters
    bool adaptive = false;
    const RouteView route = routes_[input];
    for (int c = 0; c < route.count; ++c) {
      const RouteCandidate& candidate = route.candidates[c];
      adaptive = adaptive || (candidate.port == port && ((candidate.vc_mask >> vc) & 1u) && !candidate.bubble);
    }
    injection_observer_->granted(*this, InjectionGrant{port, vc, outputs_[std::size_t(port)].credits(vc),
                                                       packets_[front(input).flit.packet].length, adaptive});
  }
  outputs_[std::size_t(port)].allocate(vc, input / vcs_, input % vcs_);
  input_of(input).grant(input % vcs_, port, vc);
}

void Router::route_and_allocate(Cycle now) {
  // Route headers that reached the front of an idle VC, and collect those ready for allocation.
  // Which blocked headers may have become admissible: those with a candidate port where an output
  // VC was released or took a credit back since; all of them after a recovery gave a VC back or an
  // injection rule refused (its verdict may change with time).
  const std::uint64_t retry = output_released_ || injection_refused_ ? ~std::uint64_t(0) : released_ports_;
  output_released_ = injection_refused_ = false;
  released_ports_ = 0;
  int ready = 0;
  waiting_.for_each([&](int index) {
    const InputVc& v = input_vc(index);
    if (v.state == VcState::Idle) {
      if (front(index).ready() > now) return;
      start_routing(index, now);
    }
    if (v.route_ready <= now) allocation_order_[ready++] = index;
  });
  // A header that failed can only succeed after an output VC it may take has been released, or its
  // port took a credit back: only those blocked headers are looked at again.
  if (retry) blocked_.for_each([&](int index) {
    if (routes_.ports(index) & retry) allocation_order_[ready++] = index;
  });
  if (separable_vc_allocation_) {
    allocate_separably(ready, now);
    return;
  }
  vc_allocator_.order(allocation_order_.data(), ready, now, [&](int index) {
    const InputVc& v = input_vc(index);
    return vc_allocator_.rank(v.priority, v.injected, v.route_ready);
  });
  for (int i = 0; i < ready; ++i) {
    const int index = allocation_order_[i];
    waiting_.reset(index);
    try_allocation(index, now);
  }
}

void Router::start_routing(int index, Cycle now) {
  const BufferedFlit& header = front(index);
  if (!header.flit.is_head()) fail(id_, now, "a body flit is at the front of an idle VC:", header.flit);
  compute_route(index, header.flit);
  const Packet& packet = packets_[header.flit.packet];
  input_of(index).start_routing(index % vcs_, now + routing_delay_, packet.injected, packet.priority);
}

bool Router::try_allocation(int index, Cycle now) {
  ++counted_.vc_allocation_requests;
  if (!allocate_output(index)) {
    input_of(index).refuse(index % vcs_);
    blocked_.set(index);
    return false;
  }
  allocated(index, now);
  return true;
}

void Router::allocated(int index, Cycle now) {
  const InputVc& v = input_vc(index);
  if (speculation_.on) {  // its head bids speculatively for the switch this cycle
    speculation_.given[std::size_t(index / vcs_)] |= 1u << (index % vcs_);
    speculation_.given_ports |= std::uint64_t(1) << (index / vcs_);
  }
  ++counted_.vc_allocation_grants;
  input_of(index).progressed(index % vcs_, now);  // a header that now waits for a credit is blocked from here
  blocked_.reset(index);
  longest_vc_wait_ = std::max(longest_vc_wait_, now - v.route_ready);
  if (outputs_[v.out_port].credits(v.out_vc) > 0) set_active(index / vcs_, index % vcs_, now);
}

void Router::allocate_separably(int ready, Cycle now) {
  // BookSim 2's separable input-first VC allocator (its separable_input_first.cpp, as iq_router.cpp
  // uses it for VC allocation). Input stage: each header asks for one output VC that admits it now —
  // within the first preference group of its route that has one, the first from its round-robin
  // pointer. Nothing is taken yet, so every header sees the VCs free at the start of the cycle.
  const int output_vcs = output_ports_ * vcs_;
  vc_requests_.clear();
  for (int i = 0; i < ready; ++i) {
    const int index = allocation_order_[i];
    waiting_.reset(index);
    ++counted_.vc_allocation_requests;
    const int room = room_needed(index);
    const RouteView route = routes_[index];
    const int from = vc_request_pointer_[std::size_t(index)];
    int chosen = -1, chosen_turn = output_vcs, group = -1;
    for (int c = 0; c < route.count; ++c) {
      const RouteCandidate& candidate = route.candidates[c];
      if (chosen >= 0 && candidate.group != group) break;
      for (std::uint32_t mask = candidate.vc_mask; mask; mask &= mask - 1) {
        const int ov = __builtin_ctz(mask);
        if (!admits(index, candidate, ov, room)) continue;
        const int out = candidate.port * vcs_ + ov;
        const int turn = out >= from ? out - from : out - from + output_vcs;
        if (turn < chosen_turn) chosen = out, chosen_turn = turn, group = candidate.group;
      }
    }
    if (chosen < 0) {  // no VC admits it: it waits for one to be released, as in the other orders
      input_of(index).refuse(index % vcs_);
      blocked_.set(index);
      continue;
    }
    vc_requests_.emplace_back(chosen, index);
  }
  // Output stage: each output VC grants one request, the first input VC from its round-robin
  // pointer; a loser asks again next cycle (it saw a free VC: another may still be free then).
  const int input_vc_count = input_vcs();
  auto turn = [&](const std::pair<int, int>& r) {
    const int from = vc_grant_pointer_[std::size_t(r.first)];
    return r.second >= from ? r.second - from : r.second - from + input_vc_count;
  };
  std::sort(vc_requests_.begin(), vc_requests_.end(), [&](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : turn(a) < turn(b);
  });
  for (std::size_t r = 0; r < vc_requests_.size(); ++r) {
    const auto [out, index] = vc_requests_[r];
    if (r > 0 && vc_requests_[r - 1].first == out) {  // lost to the one before
      if (speculation_.on) {  // it bid for the switch all the same (BookSim's misspeculation)
        speculation_.lost[std::size_t(index / vcs_)] |= 1u << (index % vcs_);
        speculation_.lost_ports |= std::uint64_t(1) << (index / vcs_);
        speculation_.lost_port[std::size_t(index)] = std::uint8_t(out / vcs_);
      }
      input_of(index).refuse(index % vcs_);
      blocked_.reset(index);  // it asks through waiting_, not as a blocked header (nor as both)
      waiting_.set(index);
      continue;
    }
    take_output(index, out / vcs_, out % vcs_);
    allocated(index, now);
    vc_request_pointer_[std::size_t(index)] = std::uint16_t(out + 1 >= output_vcs ? 0 : out + 1);
    vc_grant_pointer_[std::size_t(out)] = std::uint16_t(index + 1 >= input_vc_count ? 0 : index + 1);
  }
}

void Router::route_through_central_arbiter(Cycle now) {
  output_released_ = false;  // unused here: a refused header asks the arbiter again
  released_ports_ = 0;
  if (arbiter_header_ >= 0 && arbiter_done_ <= now) finish_central_arbitration(now);
  if (arbiter_header_ >= 0) return;  // one header at a time (self-tuned sec. 5.1)
  // Requesting: a header ready at the front of a VC that holds no output VC. Priority VCs
  // (Disha's, the metapackets') are served first; the others demand-slotted round-robin.
  int granted = -1;
  auto consider = [&](int index, bool priority_only) {
    if (granted >= 0 || (priority_only && !((priority_vcs_ >> (index % vcs_)) & 1u))) return;
    if (input_vc(index).state != VcState::Active && front(index).ready() <= now) granted = index;
  };
  if (priority_vcs_) waiting_.for_each([&](int index) { consider(index, true); });
  if (granted < 0) waiting_.for_each_from(arbiter_next_, [&](int index) { consider(index, false); });
  if (granted < 0) return;
  waiting_.reset(granted);
  if (input_vc(granted).state == VcState::Idle) start_routing(granted, now);  // not again on retries: the deadlock
                                                               // timeout counts from the first routing
  arbiter_header_ = granted;
  arbiter_done_ = now + routing_delay_;
  arbiter_next_ = granted + 1 == input_vcs() ? 0 : granted + 1;
  if (routing_delay_ == 0) finish_central_arbitration(now);
}

void Router::finish_central_arbitration(Cycle now) {
  const int index = arbiter_header_;
  arbiter_header_ = -1;
  if (input_vc(index).state != VcState::Routing) return;  // recovered (Disha) while in the arbiter
  if (!try_allocation(index, now)) waiting_.set(index);    // demand: it asks the arbiter again
}

}  // namespace icn
