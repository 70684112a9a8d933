// The router (router.h): construction, binding, and the per-cycle step that hands each stage to
// its file: input (router_input.inl), routing (router_routing.cpp), VC allocation
// (router_vc_allocation.cpp, with the central header arbiter), switch allocation and traversal
// (router_switch.inl); deadlock recovery and the watchdog's view are apart (router_recovery.cpp,
// router_wait_for.cpp). The per-flit stages are .inl files included here so they inline into step().
#include "router/router.h"

#include <algorithm>

#include "common/cycle_clock.h"
#include "router/disha_recovery_vc.h"
#include "router/router_config.h"
#include "router/router_failure.h"
#include "topology/topology.h"

namespace icn {

using router_internal::fail;

namespace {

// Per VC, the special VC it is: Disha's recovery VC after the V data VCs, then the metapackets'.
std::vector<std::unique_ptr<SpecialVc>> make_special_vcs(const RouterContext& c) {
  std::vector<std::unique_ptr<SpecialVc>> vcs(std::size_t(vcs_per_port(c.config, c.recovery)));
  if (c.recovery.traits.recovery_vc)
    vcs[std::size_t(c.config.virtual_channels)] = std::make_unique<DishaRecoveryVc>(c.topology);
  if (const int vc = metapacket_vc(c.config, c.recovery); vc >= 0)
    vcs[std::size_t(vc)] =
        std::make_unique<MetapacketVc>(c.topology.network_ports(), c.config.metapacket_link_priority);
  return vcs;
}

template <typename Predicate>
std::uint32_t vcs_where(const std::vector<std::unique_ptr<SpecialVc>>& vcs, Predicate predicate) {
  std::uint32_t mask = 0;
  for (std::size_t vc = 0; vc < vcs.size(); ++vc)
    if (vcs[vc] && predicate(*vcs[vc])) mask |= 1u << vc;
  return mask;
}

}  // namespace

Router::Router(sc_core::sc_module_name name, const RouterContext& c)
    : sc_core::sc_module(name),
      id_(c.id),
      topology_(c.topology),
      routing_(c.routing),
      network_(c.network),
      clock_(c.clock),
      packets_(c.packets),
      vcs_(vcs_per_port(c.config, c.recovery)),
      depth_(c.config.buffer_depth),
      network_ports_(c.topology.network_ports()),
      input_ports_(network_ports_ + c.topology.terminal_slots(c.id) * c.terminals.injection_channels),
      output_ports_(network_ports_ + c.topology.terminal_slots(c.id) * c.terminals.delivery_channels),
      delivery_channels_(c.terminals.delivery_channels),
      direct_(c.topology.is_direct()),
      routing_delay_(c.config.routing_delay),
      crossbar_delay_(c.config.crossbar_delay),
      uses_waypoints_(c.routing.uses_waypoints()),
      waypoints_(make_stream(c.seed, RandomPurpose::Waypoint, c.id)),
      virtual_cut_through_(c.config.virtual_cut_through),
      central_arbiter_(c.config.central_arbiter),
      separable_vc_allocation_(c.config.vc_allocation == VcAllocationOrder::Separable),
      crossbar_input_per_vc_(c.config.crossbar_input_per_vc),
      recovery_(c.recovery, c.token, c.id),
      recovery_vc_(c.recovery.traits.recovery_vc ? c.config.virtual_channels : -1),
      metapacket_vc_(metapacket_vc(c.config, c.recovery)),
      special_vcs_(make_special_vcs(c)),
      metapacket_special_vc_(metapacket_vc_ >= 0 ? static_cast<MetapacketVc*>(special_vcs_[std::size_t(metapacket_vc_)].get())
                                           : nullptr),
      priority_vcs_(vcs_where(special_vcs_, [](const SpecialVc&) { return true; })),
      untallied_vcs_(vcs_where(special_vcs_, [](const SpecialVc& vc) { return !vc.delivers_traffic(); })),
      pre_routed_injection_(c.terminals.pre_routed_injection),
      routing_vc_mask_(first_vcs(c.config.virtual_channels)),
      vc_mask_(first_vcs(vcs_)),
      vc_allocator_(input_ports_ * vcs_, c.config.vc_allocation, make_stream(c.seed, RandomPurpose::RoutingSelection, c.id),
                    make_stream(c.seed, RandomPurpose::VcAllocationOrder, c.id)),
      // The bound is per flit; a link allocated per packet makes VCs wait for whole packets, and
      // BookSim's allocator (separable) can pass over a VC for ever (docs/routing.md).
      switch_wait_bound_(ArbitrationRegistry::get(c.config.arbitration).traits.bounded_wait &&
                                 !c.config.packet_link_allocation && priority_vcs_ == 0 &&
                                 (c.config.maximal_switch_matching || c.config.crossbar_input_per_vc)
                             ? SwitchAllocator::wait_bound(input_ports_, c.config.virtual_channels,
                                                           c.config.crossbar_input_per_vc)
                             : 0) {
  // The self-tuned count of full buffers takes the network ports' routing VCs (full_buffers()).
  inputs_.reserve(std::size_t(input_ports_));
  for (int p = 0; p < input_ports_; ++p)
    inputs_.emplace_back(vcs_, depth_,
                         p < network_ports_ ? c.config.crossbar_delay + c.config.link_delay : c.terminals.injection_delay,
                         p < network_ports_ ? routing_vc_mask_ : 0u);
  outputs_.reserve(std::size_t(output_ports_));
  for (int p = 0; p < output_ports_; ++p)
    outputs_.emplace_back(vcs_, p < network_ports_ ? depth_ : OutputUnit::kDeliveryCredits, c.config.reallocate_when_empty,
                          p >= network_ports_ || c.topology.has_link(c.id, p));
  // A route has at most a candidate per network port and one escape candidate (Duato, bubble), or
  // one per delivery channel.
  routes_.resize(input_vcs(), std::min(RouteResult::kMaxCandidates, std::max(network_ports_ + 1, delivery_channels_)));
  const auto& arbitration = ArbitrationRegistry::get(c.config.arbitration);
  std::vector<std::unique_ptr<ArbitrationPolicy>> arbiters;
  for (int p = 0; p < output_ports_; ++p)
    arbiters.push_back(arbitration.create(
        ArbitrationContext{crossbar_input_per_vc_ ? input_ports_ * vcs_ : input_ports_,  // crossbar inputs
                           make_stream(c.seed, RandomPurpose::Arbitration, std::uint64_t(c.id) * 64 + p)}));
  const std::uint32_t link_priority_vcs = vcs_where(special_vcs_, [](const SpecialVc& vc) {
    return vc.wins_links();
  });
  switch_allocator_ =
      std::make_unique<SwitchAllocator>(input_ports_, output_ports_, vcs_, link_priority_vcs, std::move(arbiters),
                                        crossbar_input_per_vc_, c.config.packet_link_allocation ? network_ports_ : 0,
                                        c.config.maximal_switch_matching);
  waiting_.resize(input_vcs());
  blocked_.resize(input_vcs());
  allocation_order_.resize(std::size_t(input_vcs()));
  if (!c.config.maximal_switch_matching && !crossbar_input_per_vc_) {
    speculation_.on = true;
    speculation_.given.assign(std::size_t(input_ports_), 0);
    speculation_.lost.assign(std::size_t(input_ports_), 0);
    speculation_.lost_port.assign(std::size_t(input_vcs()), 0);
  }
  if (separable_vc_allocation_) {
    vc_request_pointer_.assign(std::size_t(input_vcs()), 0);
    vc_grant_pointer_.assign(std::size_t(output_ports_ * vcs_), 0);
    vc_requests_.reserve(std::size_t(input_vcs()));
  }

  SC_HAS_PROCESS(Router);
  SC_METHOD(step);
  sensitive << c.clock.tick();
  dont_initialize();
  c.clock.keep_awake();
}

Router::~Router() = default;

void Router::end_of_elaboration() {
  if (metapacket_special_vc_ && !metapacket_special_vc_->attached())
    fail(id_, 0, "has a metapacket VC but no metapacket gatherer to pass its metapackets to");
  for (int p = 0; p < input_ports_; ++p)
    if (!inputs_[std::size_t(p)].bound()) fail(id_, 0, "input port " + std::to_string(p) + " is not bound to a link");
  for (int p = 0; p < output_ports_; ++p)
    if (!outputs_[std::size_t(p)].bound(p < network_ports_))
      fail(id_, 0, "output port " + std::to_string(p) + " is not bound to a link");
}

void Router::bind_input(int port, FlitSignal& flits, CreditSignal& credits, int link_delay) {
  if (port < 0 || port >= input_ports_ || inputs_[std::size_t(port)].bound())
    fail(id_, 0, "input port " + std::to_string(port) + " does not exist or is bound twice");
  inputs_[std::size_t(port)].bind(flits, credits);
  if (link_delay >= 0 && port < network_ports_) inputs_[std::size_t(port)].set_arrival_latency(crossbar_delay_ + link_delay);
  flits.set_reader(&wake_, &flits_arrived_, port);
}

void Router::bind_output(int port, FlitSignal& flits, CreditSignal* credits) {
  if (port < 0 || port >= output_ports_ || outputs_[std::size_t(port)].flit_signal() ||
      (port < network_ports_) != (credits != nullptr))
    fail(id_, 0, "output port " + std::to_string(port) + " does not exist, is bound twice, or " +
                     (port < network_ports_ ? "needs" : "takes no") + " credits");
  outputs_[std::size_t(port)].bind(flits, credits);
  // Credits need not wake the router: it sleeps only when every credit is back.
  if (credits) credits->set_reader(nullptr, &credits_arrived_, port);
}

void Router::set_metapacket_tap(MetapacketTap* tap) {
  if (!metapacket_special_vc_) fail(id_, 0, "has no metapacket VC for a metapacket gatherer");
  metapacket_special_vc_->attach(tap);
}

SpecialVc::Header Router::special_header(int index, const Flit& header) const {
  return SpecialVc::Header{id_, index / vcs_, header.destination, packets_[header.packet].tag,
                             delivery_port(header.destination)};
}

void Router::special_header_arrived(int port, const Flit& header) {
  SpecialVc& vc = *special_vcs_[header.vc];
  InputUnit& in = inputs_[std::size_t(port)];
  in.set_newest_ready(header.vc, vc.header_arrived(special_header(port * vcs_ + header.vc, header), in.newest_ready(header.vc)));
}

void Router::release_metapacket(int port, Cycle ready) {
  InputUnit& in = inputs_[std::size_t(port)];
  const InputVc& v = in.vc(metapacket_vc_);
  const BufferedFlit& header = in.front(metapacket_vc_);
  if (v.count == 0 || v.state != VcState::Idle || !header.flit.is_head() || header.ready() != MetapacketTap::kHeld)
    fail(id_, clock_.cycle(), "released a metapacket that is not held at input port " + std::to_string(port));
  in.set_front_ready(metapacket_vc_, ready);
}

}  // namespace icn

// The per-flit stages, inlined into step().
#include "router/router_input.inl"
#include "router/router_switch.inl"

namespace icn {

void Router::report(ResultSink& sink) const {
  sink.raise("allocation.longest_vc_wait_cycles", longest_vc_wait_);
  sink.raise("allocation.longest_switch_wait_cycles", longest_switch_wait_);
  sink.add("allocation.vc_passed_over_by_younger", passed_over_);
  if (switch_wait_bound_ > 0) sink.raise("allocation.switch_wait_bound_cycles", switch_wait_bound_);
  else sink.declare("allocation.switch_wait_bound_cycles");
  sink.add("packets.deadlock_recoveries", recovered_blocked_on_vc_ + recovered_blocked_on_credit_);
  sink.add("packets.deadlock_recoveries_by_kind.blocked_on_output_vc", recovered_blocked_on_vc_);
  sink.add("packets.deadlock_recoveries_by_kind.blocked_on_credit", recovered_blocked_on_credit_);
  // With deadlock.audit, the audit fills them in (deadlock/deadlock_audit.h).
  sink.declare("packets.deadlock_recoveries_by_kind.audited_in_a_knot");
  sink.declare("packets.deadlock_recoveries_by_kind.audited_not_in_a_knot");
  sink.row("deadlock recoveries", [](const ResultReader& r) -> std::optional<std::string> {
    const auto recoveries = std::uint64_t(r.number("packets.deadlock_recoveries"));
    if (recoveries == 0) return std::nullopt;
    std::string row = std::to_string(recoveries);
    if (r.has("packets.deadlock_recoveries_by_kind.audited_not_in_a_knot"))
      row += " (" + std::to_string(std::uint64_t(r.number("packets.deadlock_recoveries_by_kind.audited_not_in_a_knot"))) +
             " not in a knot: false detections)";
    return row;
  });
}

RouterEvents Router::events() const {
  // Derived where the router's own counters already hold it, so that the hot path counts little:
  // every flit written is read or still buffered, every read sends a credit but those merged.
  RouterEvents e = counted_;
  e.buffer_reads = e.crossbar_traversals = e.switch_allocation_grants = switched_flits_;
  e.buffer_writes = switched_flits_ + std::uint64_t(buffered_flits_);
  e.credits_sent = switched_flits_ - merged_credits_;
  e.switch_allocation_requests = switch_allocator_->requests();
  for (int p = 0; p < network_ports_; ++p) e.link_traversals += outputs_[std::size_t(p)].flits_sent();
  return e;
}

void Router::step() {
  // Awake, the router runs on its static sensitivity to the tick; asleep, it waits dynamically for
  // an input change. Woken in the cycle a neighbour wrote, it returns to the tick and acts next
  // cycle. (Static sensitivity avoids the kernel's per-cycle dynamic-sensitivity bookkeeping.)
  if (wake_.sleeping) {
    wake_.sleeping = false;
    clock_.keep_awake();
    return;
  }
  const Cycle now = clock_.cycle();
  if (crossbar_input_per_vc_) receive<true>(now);
  else receive<false>(now);
  if (buffered_flits_ > 0) {
    ++counted_.active_cycles;
    if (central_arbiter_) {
      if (waiting_.any() || arbiter_header_ >= 0) route_through_central_arbiter(now);
    } else if (waiting_.any() || ((output_released_ || injection_refused_ || released_ports_) && blocked_.any())) {
      route_and_allocate(now);
    }
    if (recovery_.active()) detect_deadlocks(now);
    switch_allocate(now);
  }
  // Sleep only when nothing is buffered and every credit is back: then only a new flit can give
  // the router work, so it waits on its flit inputs alone.
  if (buffered_flits_ == 0 && outstanding_credits_ == 0) {
    wake_.sleeping = true;
    clock_.let_sleep();
    next_trigger(wake_.event);
  }
}

}  // namespace icn
