#include "router/router.h"

#include <algorithm>
#include <sstream>

#include "core/cycle_clock.h"
#include "core/model_error.h"
#include "router/admission.h"
#include "router/router_config.h"
#include "topology/topology.h"

namespace icn {

namespace {
// Kept out of line and cold so the per-cycle functions stay small.
[[noreturn]] __attribute__((noinline, cold)) void fail(NodeId router, Cycle now, const std::string& what) {
  std::ostringstream os;
  os << "router " << router << " cycle " << now << ": " << what;
  model_error(os.str());
}
[[noreturn]] __attribute__((noinline, cold)) void fail(NodeId router, Cycle now, const std::string& what,
                                                       const Flit& f) {
  std::ostringstream os;
  os << what << " " << f;
  fail(router, now, os.str());
}
}  // namespace

int Router::metapacket_vc(const RouterConfig& config, const DeadlockRecoveryConfig& recovery) {
  return config.metapacket_lane ? lanes_per_port(config, recovery) - 1 : -1;
}

Router::Router(sc_core::sc_module_name name, const RouterContext& c)
    : sc_core::sc_module(name),
      id_(c.id),
      topology_(c.topology),
      routing_(c.routing),
      clock_(c.clock),
      packets_(c.packets),
      vcs_(lanes_per_port(c.config, c.recovery)),
      depth_(c.config.buffer_depth),
      network_ports_(c.topology.network_ports()),
      input_ports_(network_ports_ + c.topology.terminal_slots(c.id) * c.terminals.injection_channels),
      output_ports_(network_ports_ + c.topology.terminal_slots(c.id) * c.terminals.delivery_channels),
      delivery_channels_(c.terminals.delivery_channels),
      direct_(c.topology.is_direct()),
      routing_delay_(c.config.routing_delay),
      reallocate_when_empty_(c.config.reallocate_when_empty),
      virtual_cut_through_(c.config.virtual_cut_through),
      central_arbiter_(c.config.central_arbiter),
      lane_inputs_(c.config.crossbar_input_per_lane),
      recovery_(c.recovery, c.token, c.id),
      recovery_vc_(c.recovery.kind == DeadlockRecoveryConfig::Kind::Disha ? c.config.virtual_channels : -1),
      metapacket_vc_(metapacket_vc(c.config, c.recovery)),
      priority_lanes_((recovery_vc_ >= 0 ? 1u << recovery_vc_ : 0u) | (metapacket_vc_ >= 0 ? 1u << metapacket_vc_ : 0u)),
      pre_routed_injection_(c.terminals.pre_routed_injection),
      delivery_credits_(1 << 30),
      all_vcs_(first_vcs(c.config.virtual_channels)),
      lane_mask_(first_vcs(vcs_)),
      vc_allocator_(input_ports_ * vcs_, c.config.oldest_first_allocation,
                    make_stream(c.seed, RandomPurpose::RoutingSelection, c.id)) {
  for (int p = 0; p < input_ports_; ++p)
    arrival_latency_.push_back(p < network_ports_ ? c.config.crossbar_delay + c.config.link_delay
                                                  : c.terminals.injection_delay);
  for (int p = 0; p < network_ports_; ++p) connected_.push_back(c.topology.has_link(c.id, p));
  inputs_.resize(std::size_t(input_ports_) * vcs_);
  for (std::size_t i = 0; i < inputs_.size(); ++i)
    inputs_[i].full_at = counts_as_full(int(i) / vcs_, int(i) % vcs_) ? std::uint16_t(depth_) : std::uint16_t(0xffff);
  // A route has at most a candidate per network port and one escape candidate (Duato, bubble), or
  // one per delivery channel.
  routes_.resize(int(inputs_.size()), std::min(RouteResult::kMaxCandidates, std::max(network_ports_ + 1, delivery_channels_)));
  outputs_.resize(std::size_t(output_ports_) * vcs_);
  for (int p = 0; p < output_ports_; ++p)
    for (int v = 0; v < vcs_; ++v) output_vc(p, v).credits = p < network_ports_ ? depth_ : delivery_credits_;
  slots_.resize(inputs_.size() * depth_);
  const auto& arbitration = ArbitrationRegistry::get(c.config.arbitration);
  std::vector<std::unique_ptr<ArbitrationPolicy>> arbiters;
  for (int p = 0; p < output_ports_; ++p)
    arbiters.push_back(arbitration.create(
        ArbitrationContext{lane_inputs_ ? input_ports_ * vcs_ : input_ports_,  // crossbar inputs
                           make_stream(c.seed, RandomPurpose::Arbitration, std::uint64_t(c.id) * 64 + p)}));
  // Self-tuned sec. 5.3 leaves open whether the metapackets' priority extends to the links; by default
  // it does not, and their flits take turns with the data lanes' on every link.
  const std::uint32_t link_priority_lanes =
      c.config.metapacket_link_priority || metapacket_vc_ < 0 ? priority_lanes_ : priority_lanes_ & ~(1u << metapacket_vc_);
  switch_allocator_ =
      std::make_unique<SwitchAllocator>(input_ports_, output_ports_, vcs_, link_priority_lanes, std::move(arbiters),
                                        lane_inputs_);
  waiting_.resize(int(inputs_.size()));
  blocked_.resize(int(inputs_.size()));
  allocation_order_.resize(inputs_.size());
  active_.assign(input_ports_, 0);
  flit_in_.assign(std::size_t(input_ports_), nullptr);
  flit_value_.assign(std::size_t(input_ports_), nullptr);
  credit_signal_out_.assign(std::size_t(input_ports_), nullptr);
  flit_signal_out_.assign(std::size_t(output_ports_), nullptr);
  credit_in_.assign(std::size_t(network_ports_), nullptr);
  credit_value_.assign(std::size_t(network_ports_), nullptr);

  SC_HAS_PROCESS(Router);
  SC_METHOD(step);
  sensitive << c.clock.tick();
  dont_initialize();
}

Router::~Router() = default;

void Router::end_of_elaboration() {
  if (metapacket_vc_ >= 0 && metapacket_tap_ == nullptr)
    fail(id_, 0, "has a metapacket lane but no metapacket gatherer to pass its metapackets to");
  for (int p = 0; p < input_ports_; ++p)
    if (!flit_in_[std::size_t(p)] || !credit_signal_out_[std::size_t(p)])
      fail(id_, 0, "input port " + std::to_string(p) + " is not bound to a link");
  for (int p = 0; p < output_ports_; ++p)
    if (!flit_signal_out_[std::size_t(p)] || (p < network_ports_ && !credit_in_[std::size_t(p)]))
      fail(id_, 0, "output port " + std::to_string(p) + " is not bound to a link");
}

void Router::bind_input(int port, FlitSignal& flits, CreditSignal& credits) {
  const auto p = std::size_t(port);
  if (port < 0 || port >= input_ports_ || flit_in_[p])
    fail(id_, 0, "input port " + std::to_string(port) + " does not exist or is bound twice");
  // A signal's current value lives at a fixed address; reading it there each cycle avoids a
  // virtual call per port per cycle.
  flit_in_[p] = &flits;
  flit_value_[p] = &flits.read();
  flits.set_reader(&wake_, &flits_arrived_, port);
  credit_signal_out_[p] = &credits;
}

void Router::bind_output(int port, FlitSignal& flits, CreditSignal* credits) {
  const auto p = std::size_t(port);
  if (port < 0 || port >= output_ports_ || flit_signal_out_[p] || (port < network_ports_) != (credits != nullptr))
    fail(id_, 0, "output port " + std::to_string(port) + " does not exist, is bound twice, or " +
                     (port < network_ports_ ? "needs" : "takes no") + " credits");
  flit_signal_out_[p] = &flits;
  if (credits) {
    // Credits need not wake the router: it sleeps only when every credit is back.
    credit_in_[p] = credits;
    credit_value_[p] = &credits->read();
    credits->set_reader(nullptr, &credits_arrived_, port);
  }
}

bool Router::output_vc_free(int port, int vc) const {
  const OutputVc& o = output_vc(port, vc);
  if (o.allocated) return false;
  return !reallocate_when_empty_ || o.credits == (port < network_ports_ ? depth_ : delivery_credits_);
}

VcWait Router::wait_of(int port, int vc, Cycle now) const {
  const int index = port * vcs_ + vc;
  const InputVc& v = inputs_[index];
  VcWait w;
  w.since = v.last_move;
  if (v.count == 0) return w;  // Empty: a held VC's flits are upstream, which has its credits
  const BufferedFlit& front = slots_[std::size_t(index) * depth_ + v.head];
  w.packet = front.flit.packet;
  w.state = VcWait::State::Movable;
  if (v.state == VcState::Active) {
    w.holds_output = true;
    w.out_port = v.out_port;
    w.out_vc = v.out_vc;
  }
  if (front.ready() > now || ((priority_lanes_ >> vc) & 1u)) return w;  // in flight; priority lanes never wait
  if (v.state == VcState::Active) {
    if (v.out_port >= network_ports_ || output_vc(v.out_port, v.out_vc).credits > 0) return w;
    w.state = VcWait::State::Waiting;
    const Topology::Link to = topology_.link(id_, v.out_port);
    w.waits_on.push_back(VcRef{to.router, to.input_port, v.out_vc});
    return w;
  }
  if (v.state != VcState::Routing || v.route_ready > now) return w;  // still to be routed
  // A routed header waits on an OR of its candidates: each one's holder, or, for one free but
  // without room (Duato's empty buffer, cut-through, bubble), the downstream buffer.
  const int room = room_needed(index);
  const RouteView route = routes_[index];
  for (int c = 0; c < route.count; ++c) {
    const RouteCandidate& candidate = route.candidates[c];
    for (std::uint32_t mask = candidate.vc_mask & lane_mask_; mask; mask &= mask - 1) {
      const int ov = __builtin_ctz(mask);
      if (admits(index, candidate, ov, room)) {
        w.waits_on.clear();
        return w;  // an output VC is available: it loses, if at all, only to older headers
      }
      const OutputVc& o = output_vc(candidate.port, ov);
      if (o.allocated && o.owner >= 0) {
        w.waits_on.push_back(VcRef{id_, o.owner / vcs_, o.owner % vcs_});
      } else if (candidate.port < network_ports_) {
        const Topology::Link to = topology_.link(id_, candidate.port);
        w.waits_on.push_back(VcRef{to.router, to.input_port, ov});
      } else {
        w.waits_on.clear();
        return w;  // a delivery VC: the interface drains it
      }
    }
  }
  w.state = VcWait::State::Waiting;
  return w;
}

bool Router::find_stuck(Cycle now, Cycle limit, int& port, int& vc) const {
  for (int index = 0; index < int(inputs_.size()); ++index) {
    const InputVc& v = inputs_[index];
    if (v.count > 0 && now >= v.last_move + limit) {
      port = index / vcs_;
      vc = index % vcs_;
      return true;
    }
  }
  return false;
}

// receive and traverse run for every flit: defined before their one caller so they are inlined.
inline void Router::return_credit(int p, int vc, Cycle now) {
  OutputVc& o = output_vc(p, vc);
  --outstanding_credits_;
  // A returned credit can let a refused header in: under virtual cut-through (room for its
  // packet), or when it empties a free VC's buffer (VCs reallocated only once empty, and
  // Duato's adaptive VCs, taken only empty).
  if (virtual_cut_through_ || (!o.allocated && o.credits + 1 == depth_)) output_released_ = true;
  if (++o.credits == 1 && o.allocated && inputs_[o.owner].count > 0) set_active(o.owner, now);
  if (o.credits > depth_)
    fail(id_, now, "output port " + std::to_string(p) + " VC " + std::to_string(vc) +
                       " received more credits than its downstream buffer has slots");
}

template <bool kLaneInputs>
inline void Router::receive(Cycle now) {
  // Only the ports whose signal changed in the last update phase; a value is new if it was sent
  // in the previous cycle (Flit/Credit::sent_just_before, with (now − 1) mod 2^32 computed once).
  const std::uint32_t previous = std::uint32_t(now - 1);
  for (std::uint64_t ports = credits_arrived_; ports; ports &= ports - 1) {
    const int p = __builtin_ctzll(ports);
    const Credit& c = *credit_value_[p];
    if (c.sent != previous) continue;
    return_credit(p, c.vc, now);
    if constexpr (kLaneInputs)
      for (std::uint32_t more = c.more; more; more &= more - 1) return_credit(p, __builtin_ctz(more), now);
  }
  credits_arrived_ = 0;
  for (std::uint64_t ports = flits_arrived_; ports; ports &= ports - 1) {
    const int p = __builtin_ctzll(ports);
    const Flit& f = *flit_value_[p];
    if (f.sent != previous) continue;
    const int index = p * vcs_ + f.vc;
    InputVc& v = inputs_[index];
    if (v.count == depth_)
      fail(id_, now, "input port " + std::to_string(p) + " VC " + std::to_string(f.vc) +
                         " is full (credit flow control violated) and received", f);
    int position = v.head + v.count;
    if (position >= depth_) position -= depth_;
    BufferedFlit& arrived = slot(index, position);
    arrived.flit = f;
    arrived.set_ready(Cycle(f.sent) + arrival_latency_[p]);
    if (f.vc == metapacket_vc_ && f.is_head()) pass_metapacket(p, arrived, f);
    if (v.count == 0) {
      ++valid_buffers_;
      v.last_move = now;
      if (v.state != VcState::Active) waiting_.set(index);
      else if (output_vc(v.out_port, v.out_vc).credits > 0) set_active(index, now);
    }
    if (++v.count == v.full_at) ++full_buffers_;
    ++buffered_flits_;
  }
  flits_arrived_ = 0;
}

void Router::pass_metapacket(int port, BufferedFlit& arrived, const Flit& header) {
  // A metapacket passing through (not one its master injects or takes back) waits for the adder.
  if (port >= network_ports_ || packets_[header.packet].destination == id_) return;
  arrived.set_ready(metapacket_tap_->metapacket_passing(id_, port, packets_[header.packet].tag, arrived.ready()));
}

void Router::release_metapacket(int port, Cycle ready) {
  const int index = port * vcs_ + metapacket_vc_;
  InputVc& v = inputs_[index];
  BufferedFlit& header = slot(index, v.head);
  if (v.count == 0 || v.state != VcState::Idle || !header.flit.is_head() || header.ready() != MetapacketTap::kHeld)
    fail(id_, clock_.cycle(), "released a metapacket that is not held at input port " + std::to_string(port));
  header.set_ready(ready);
}

void Router::step() {
  // Awake, the router runs on its static sensitivity to the tick; asleep, it waits dynamically for
  // an input change. Woken in the cycle a neighbour wrote, it returns to the tick and acts next
  // cycle. (Static sensitivity avoids the kernel's per-cycle dynamic-sensitivity bookkeeping.)
  if (wake_.sleeping) {
    wake_.sleeping = false;
    return;
  }
  const Cycle now = clock_.cycle();
  if (lane_inputs_) receive<true>(now);
  else receive<false>(now);
  if (buffered_flits_ > 0) {
    if (central_arbiter_) {
      if (waiting_.any() || arbiter_header_ >= 0) route_through_central_arbiter(now);
    } else if (waiting_.any() || ((output_released_ || injection_refused_) && blocked_.any())) {
      route_and_allocate(now);
    }
    if (recovery_.active()) detect_deadlocks(now);
    switch_allocate(now);
  }
  // Sleep only when nothing is buffered and every credit is back: then only a new flit can give
  // the router work, so it waits on its flit inputs alone.
  if (buffered_flits_ == 0 && outstanding_credits_ == 0) {
    wake_.sleeping = true;
    next_trigger(wake_.event);
  }
}

inline bool Router::admits(int input, const RouteCandidate& candidate, int ov, int room_needed) const {
  if (ov >= vcs_ || !output_vc_free(candidate.port, ov)) return false;
  if (candidate.port >= network_ports_) return true;  // delivery: the interface always drains
  const bool continuing = input / vcs_ == candidate.port && ((candidate.vc_mask >> (input % vcs_)) & 1u);
  const int credits = output_vc(candidate.port, ov).credits;
  if (!admitted(AdmissionRequest{credits, depth_, room_needed, candidate.needs_empty_buffer, candidate.bubble, continuing}))
    return false;
  if (injection_rule_ == nullptr || input < network_ports_ * vcs_) return true;
  const int length = packets_[slots_[std::size_t(input) * depth_ + inputs_[input].head].flit.packet].length;
  if (injection_rule_->admits_injection(*this, InjectionRequest{candidate.port, ov, credits, length, candidate.bubble}))
    return true;
  injection_refused_ = true;
  return false;
}

void Router::count_passed_over(int winner, int port, int ov) {
  // Before `winner` takes output VC (port, ov): would an older header that waits here (refused
  // earlier) be admitted to it now? Then the allocation order let a younger packet pass it.
  const InputVc& w = inputs_[winner];
  blocked_.for_each([&](int index) {
    const InputVc& b = inputs_[index];
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
  InputVc& v = inputs_[input];
  const int room = room_needed(input);
  int port = -1, vc = -1;
  if (!vc_allocator_.select(
          routes_[input], [&](const RouteCandidate& candidate, int ov) { return admits(input, candidate, ov, room); },
          [&](int out_port, int ov) { return output_vc(out_port, ov).credits; }, port, vc))
    return false;
  if (blocked_.any()) count_passed_over(input, port, vc);
  if (input >= network_ports_ * vcs_ && port < network_ports_) {  // a new packet enters the network
    injections_against_transit_ += in_transit_wants(port);
    const RouteView route = routes_[input];
    for (int c = 0; c < route.count; ++c) {
      const RouteCandidate& candidate = route.candidates[c];
      if (candidate.port == port && ((candidate.vc_mask >> vc) & 1u) && !candidate.bubble)
        least_adaptive_room_after_injection_ = std::min(
            least_adaptive_room_after_injection_, output_vc(port, vc).credits - packets_[slot(input, v.head).flit.packet].length);
    }
  }
  OutputVc& o = output_vc(port, vc);
  o.allocated = true;
  o.owner = input;
  v.out_port = std::uint8_t(port);
  v.out_vc = std::uint8_t(vc);
  v.flits_sent = 0;
  v.state = VcState::Active;
  return true;
}

void Router::route_and_allocate(Cycle now) {
  // Route headers that reached the front of an idle VC, and collect those ready for allocation.
  const bool retry = output_released_ || injection_refused_;
  output_released_ = injection_refused_ = false;
  int ready = 0;
  waiting_.for_each([&](int index) {
    InputVc& v = inputs_[index];
    if (v.state == VcState::Idle) {
      if (slot(index, v.head).ready() > now) return;
      start_routing(index, now);
    }
    if (v.route_ready <= now) allocation_order_[ready++] = index;
  });
  // A header that failed can only succeed after some output VC has been released: the blocked
  // ones are looked at only then.
  if (retry) blocked_.for_each([&](int index) { allocation_order_[ready++] = index; });
  vc_allocator_.order(allocation_order_.data(), ready, now,
                      [&](int index) { return vc_allocator_.rank(inputs_[index].injected, inputs_[index].route_ready); });
  for (int i = 0; i < ready; ++i) {
    const int index = allocation_order_[i];
    waiting_.reset(index);
    try_allocation(index, now);
  }
}

void Router::start_routing(int index, Cycle now) {
  InputVc& v = inputs_[index];
  const Flit& front = slot(index, v.head).flit;
  if (!front.is_head()) fail(id_, now, "a body flit is at the front of an idle VC:", front);
  compute_route(index, front);
  v.route_ready = now + routing_delay_;
  v.blocked_since = v.route_ready;
  v.header_arrived = slot(index, v.head).ready();
  v.injected = packets_[front.packet].injected;
  v.state = VcState::Routing;
}

bool Router::try_allocation(int index, Cycle now) {
  InputVc& v = inputs_[index];
  if (!allocate_output(index)) {
    v.tried = true;
    blocked_.set(index);
    return false;
  }
  v.tried = false;
  v.blocked_since = now;  // progress: a header that now waits for a credit is blocked from here
  blocked_.reset(index);
  longest_vc_wait_ = std::max(longest_vc_wait_, now - v.route_ready);
  if (output_vc(v.out_port, v.out_vc).credits > 0) set_active(index, now);
  return true;
}

void Router::route_through_central_arbiter(Cycle now) {
  output_released_ = false;  // unused here: a refused header asks the arbiter again
  if (arbiter_header_ >= 0 && arbiter_done_ <= now) finish_central_arbitration(now);
  if (arbiter_header_ >= 0) return;  // one header at a time (self-tuned sec. 5.1)
  // Requesting: a header ready at the front of a VC that holds no output VC. Priority lanes
  // (Disha's, the metapackets') are served first; the others demand-slotted round-robin.
  int granted = -1;
  auto consider = [&](int index, bool priority_only) {
    if (granted >= 0 || (priority_only && !((priority_lanes_ >> (index % vcs_)) & 1u))) return;
    const InputVc& v = inputs_[index];
    if (v.state != VcState::Active && slot(index, v.head).ready() <= now) granted = index;
  };
  if (priority_lanes_) waiting_.for_each([&](int index) { consider(index, true); });
  if (granted < 0) waiting_.for_each_from(arbiter_next_, [&](int index) { consider(index, false); });
  if (granted < 0) return;
  InputVc& v = inputs_[granted];
  waiting_.reset(granted);
  if (v.state == VcState::Idle) start_routing(granted, now);  // not again on retries: the deadlock
                                                               // timeout counts from the first routing
  arbiter_header_ = granted;
  arbiter_done_ = now + routing_delay_;
  arbiter_next_ = granted + 1 == int(inputs_.size()) ? 0 : granted + 1;
  if (routing_delay_ == 0) finish_central_arbitration(now);
}

void Router::finish_central_arbitration(Cycle now) {
  const int index = arbiter_header_;
  arbiter_header_ = -1;
  if (inputs_[index].state != VcState::Routing) return;  // recovered (Disha) while in the arbiter
  if (!try_allocation(index, now)) waiting_.set(index);    // demand: it asks the arbiter again
}

int Router::delivery_port(NodeId destination) const {
  if (direct_) return destination == id_ ? network_ports_ : -1;
  const Topology::Attachment at = topology_.delivery_point(destination);
  return at.router == id_ ? network_ports_ + at.slot * delivery_channels_ : -1;
}

void Router::compute_route(int index, const Flit& header) {
  route_candidates(index, header, route_scratch_);
  if (!routes_.store(index, route_scratch_))
    fail(id_, clock_.cycle(), "the routing function gave " + std::to_string(route_scratch_.count) +
                                  " candidates, more than a route here can have, for", header);
}

void Router::route_candidates(int index, const Flit& header, RouteResult& route) {
  const int lane = index % vcs_;
  if (lane == metapacket_vc_) {
    // Round its row on the same lane, delivered when it is back at its master.
    route.clear();
    const bool home = header.destination == id_ && index / vcs_ < network_ports_;
    route.add(home ? network_ports_ : metapacket_tap_->metapacket_port(packets_[header.packet].tag), 1u << lane);
    return;
  }
  if (lane == recovery_vc_) {
    // Disha's lane: the deterministic route on the same lane, to the end.
    route.clear();
    const int port = topology_.deterministic_port(id_, header.destination);
    route.add(port >= 0 ? port : delivery_port(header.destination), 1u << lane);
    return;
  }
  if (const int delivery = delivery_port(header.destination); delivery >= 0) {
    route.clear();
    for (int port = delivery; port < delivery + delivery_channels_; ++port) route.add(port, all_vcs_);
    return;
  }
  routing_.route(id_, index / vcs_, index % vcs_, header.destination, route);
  if (pre_routed_injection_ && index / vcs_ >= network_ports_) {  // keep only the channel's direction
    const int direction = index / vcs_ - network_ports_;
    int kept = 0;
    for (int c = 0; c < route.count; ++c)
      if (route.candidates[c].port == direction) route.candidates[kept++] = route.candidates[c];
    route.count = kept;
    if (kept == 0) fail(id_, clock_.cycle(), "a packet pre-routed to direction " + std::to_string(direction) +
                                             " has no route that way:", header);
  }
  for (int c = 0; c < route.count; ++c) {
    const int port = route.candidates[c].port;
    if (port >= network_ports_ || !connected_[port])
      fail(id_, clock_.cycle(), "the routing function chose missing port " + std::to_string(port) + " for", header);
  }
}

template <bool kLaneInputs>
inline void Router::traverse(int in_port, int in_vc, int out_port, Cycle now) {
  const int index = in_port * vcs_ + in_vc;
  InputVc& v = inputs_[index];
  const BufferedFlit& front = slot(index, v.head);
  longest_switch_wait_ = std::max(longest_switch_wait_, now - std::max(v.eligible_since, front.ready()));
  Flit f = front.flit;
  v.last_move = now;
  v.eligible_since = now + 1;  // the next flit's turn starts next cycle
  if (v.count == v.full_at) --full_buffers_;
  if (++v.head == depth_) v.head = 0;
  if (--v.count == 0) {
    --valid_buffers_;
    ++buffers_emptied_;
  }
  --buffered_flits_;
  ++switched_flits_;
  CreditSignal& credit = *credit_signal_out_[in_port];
  if (kLaneInputs && credit.pending().sent == std::uint32_t(now)) {  // another lane of this port moved
    Credit both = credit.pending();
    both.more |= 1u << in_vc;
    credit.send(both);
    ++merged_credits_;
  } else {
    credit.send(Credit{std::uint32_t(now), std::uint8_t(in_vc), 0});
  }

  f.vc = v.out_vc;
  f.sent = std::uint32_t(now);
  ++v.flits_sent;
  if (v.absorbing) f.flags |= Flit::kAbsorbed;
  OutputVc& o = output_vc(out_port, v.out_vc);
  if (out_port < network_ports_) {
    o.last_flit = std::uint32_t(now);
    --o.credits;
    ++outstanding_credits_;
    if (f.is_head()) ++packets_[f.packet].hops;
  } else if (!v.absorbing && in_vc != metapacket_vc_) {
    ++delivered_flits_;  // not a packet software recovery absorbs here, nor a metapacket back home
  }
  flit_signal_out_[out_port]->send(f);
  if (f.is_tail()) {
    v.absorbing = false;
    o.allocated = false;
    o.owner = -1;
    output_released_ = true;
    v.state = VcState::Idle;
    clear_active(index);
    if (v.count > 0) waiting_.set(index);  // the next packet's head is behind it
  } else if (v.count == 0 || o.credits == 0) {
    clear_active(index);  // the rest has not arrived yet, or it waits for a credit
  }
}

// The router's lanes as the switch allocator reads them: inline, straight from its arrays.
struct Router::SwitchView {
  Router& r;
  Cycle now;
  std::uint64_t active_ports() const { return r.active_ports_; }
  std::uint32_t active_lanes(int port) const { return r.active_[port]; }
  bool ready(int port, int lane) const {
    const int index = port * r.vcs_ + lane;
    return r.slot(index, r.inputs_[index].head).ready() <= now;
  }
  int out_port(int port, int lane) const { return r.inputs_[port * r.vcs_ + lane].out_port; }
  ArbitrationRequest request(int port, int lane, bool with_age) const {
    const int index = port * r.vcs_ + lane;
    const Flit& front = r.slot(index, r.inputs_[index].head).flit;
    return ArbitrationRequest{std::uint16_t(port), std::uint8_t(lane), front.priority(),
                              with_age ? r.packets_[front.packet].created : 0};
  }
};

void Router::switch_allocate(Cycle now) {
  if (lane_inputs_)
    switch_allocator_->allocate_per_lane(
        SwitchView{*this, now}, [&](int in_port, int lane, int out_port) { traverse<true>(in_port, lane, out_port, now); });
  else
    switch_allocator_->allocate(SwitchView{*this, now}, now,
                                [&](int in_port, int lane, int out_port) { traverse<false>(in_port, lane, out_port, now); });
}

}  // namespace icn
