#pragma once
// An input-buffered wormhole virtual-channel router (Dally 1992; timing of the self-tuned paper
// sec. 5.1). Per cycle, in this order:
//   1. receive: credits from downstream, flits from upstream into their VC buffers;
//   2. route: a header at the front of an idle VC is routed, ready routing_delay cycles later;
//   2–3 with router.header_arbiter: central (self-tuned paper sec. 5.1): one arbiter per router
//      takes one requesting header per cycle (priority VCs first, then round-robin over input VCs),
//      routes it in routing_delay cycles and lets it allocate; a refused header requests again;
//   3. VC allocation: routed headers, oldest packet first (router.vc_allocation), take a free output VC among their
//      candidates (in the routing function's order of preference; under virtual cut-through
//      only one with room for the whole packet). An output VC
//      is free again once its packet's tail has left (Dally sec. III), or, with
//      vc_reallocation: when_empty, once also all its credits are back (one packet per buffer);
//   4. switch allocation, separable input-first: each input port offers one ready flit whose
//      output VC has a credit (round-robin over its VCs), then each output port's arbitration
//      policy picks one offer — the per-flit sharing of a physical channel among VCs; then
//      inputs whose offer lost may use a still idle output with another VC (maximal matching)
//      (Dally Fig. 9b); with router.crossbar_inputs: per_vc (Fig. 9c), every ready VC bids for
//      its output directly, and several VCs of one input may move in a cycle; with
//      router.link_allocation: packet a link serves one packet from head to tail;
//   5. traversal: the winner leaves its buffer, a credit goes upstream (those of several VCs of
//      one port together), the flit goes on the link.
// A flit sent in cycle c is usable downstream in cycle c + crossbar_delay + link_delay.
//
// An idle router (no flit buffered, every credit back) sleeps until one of its input flit signals
// changes, so idle parts of the network cost nothing.
//
// Each input port is an InputUnit (router/input_unit.h: its VCs' buffers and packet state, which
// VCs may bid for the switch, its link) and each output port an OutputUnit (router/output_unit.h:
// its VCs' credits and holders, its link); the stages above are the router's, and call them. A VC
// is named over the router by its index, port · VCs + VC, in the sets of waiting and blocked
// headers and the route table.
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "common/bit_set.h"
#include "common/result_sink.h"
#include "common/flit.h"
#include "common/waking_signal.h"
#include "deadlock/deadlock_recovery.h"
#include "deadlock/wait_for.h"
#include "common/packet_pool.h"
#include "router/arbitration_policy.h"
#include "router/injection_rule.h"
#include "router/input_unit.h"
#include "router/metapacket_vc.h"
#include "router/output_unit.h"
#include "router/route_table.h"
#include "router/special_vc.h"
#include "router/switch_allocator.h"
#include "router/vc_allocator.h"
#include "router/router_config.h"
#include "router/router_events.h"
#include "router/router_view.h"
#include "routing/routing_function.h"

namespace icn {

class CycleClock;
class DeadlockAudit;
class Topology;
struct RouterConfig;
struct DeadlockRecoveryConfig;


// What a router is built from: its identity, its configuration and the parts of the fabric it shares.
struct RouterContext {
  NodeId id;
  const Topology& topology;
  const RouterConfig& config;
  TerminalPorts terminals;  // the channels of the network interfaces attached to it
  const DeadlockRecoveryConfig& recovery;
  RecoveryToken* token;  // Disha's circulating token (unused by other recovery)
  const RoutingFunction& routing;
  const NetworkOccupancy* network;  // every router's queues, for a routing function with global information
  CycleClock& clock;
  PacketPool& packets;
  std::uint64_t seed;  // of its random streams (routing selection, arbitration)
};

class Router : public sc_core::sc_module, public RouterView, public ResultSource {
 public:
  // Inputs: the topology's network ports, then injection channels. Outputs: network ports, then delivery
  // channels. Credits flow back on every input; delivery channels need none (the NI always sinks).
  // The links are bound while the network is built: input port p reads flits from `flits` and
  // returns credits on `credits`; output port p sends flits on `flits` and, on a network port, takes
  // credits back from `credits`. The router holds the link signals, not sc_ports: it reads and
  // writes them by address every cycle anyway, and 23 port objects made up a quarter of a node's
  // memory (docs/design.md, "Large networks").
  // `link_delay`: the cycles a flit takes on the link entering a network port (Topology::link_delay;
  // −1: router.link_delay).
  void bind_input(int port, FlitSignal& flits, CreditSignal& credits, int link_delay = -1);
  void bind_output(int port, FlitSignal& flits, CreditSignal* credits = nullptr);
  // The signals bound to a port (nullptr while unbound).
  const FlitSignal* input_flits(int port) const { return inputs_[std::size_t(port)].flit_signal(); }
  const CreditSignal* input_credits(int port) const { return inputs_[std::size_t(port)].credit_signal(); }
  const FlitSignal* output_flits(int port) const { return outputs_[std::size_t(port)].flit_signal(); }
  const CreditSignal* output_credits(int port) const { return outputs_[std::size_t(port)].credit_signal(); }

  Router(sc_core::sc_module_name name, const RouterContext& context);

  ~Router() override;

  void set_metapacket_tap(MetapacketTap* tap);
  // The metapacket held at input `port` (see MetapacketTap) may be routed on from cycle `ready`.
  void release_metapacket(int port, Cycle ready);

  // deadlock.audit: judge each recovery by the wait-for analysis (deadlock/deadlock_audit.h).
  void set_deadlock_audit(DeadlockAudit* audit) { audit_ = audit; }

  // A congestion controller's admission rule for new packets (IPR, LBR), or none.
  void set_injection_rule(InjectionRule* rule) { injection_rule_ = rule; }

  NodeId id() const { return id_; }
  int input_ports() const { return input_ports_; }
  int output_ports() const { return output_ports_; }
  int network_ports() const final { return network_ports_; }
  int virtual_channels() const final { return vcs_; }  // buffers per channel (with Disha's VC)
  int routing_vcs() const final { return __builtin_popcount(routing_vc_mask_); }  // those routing may use
  int buffer_depth() const { return depth_; }

  // The longest a routed header waited for an output VC, and a ready flit with a credit for the
  // switch (the bounds of docs/routing.md, "Fairness").
  Cycle longest_vc_wait() const { return longest_vc_wait_; }
  Cycle longest_switch_wait() const { return longest_switch_wait_; }
  // Times an output VC went to a header while a header of an older packet waiting here could have
  // taken it (never, with router.vc_allocation: oldest_first).
  std::uint64_t passed_over() const { return passed_over_; }

  // Observation, for congestion controllers and statistics.
  int buffered_flits() const final { return buffered_flits_; }
  // Data flits delivered to their destination's interface here: the throughput a global estimate
  // sums (self-tuned sec. 3), so neither flits absorbed by software deadlock recovery (they come
  // back) nor metapackets returning to their master.
  std::uint64_t delivered_flits() const final { return delivered_flits_; }
  // Edge buffers holding buffer_depth flits: the routing VCs of the network channels, the buffers
  // the self-tuned paper counts (sec. 5.1: 3,072 on the 16-ary 2-cube), not the injection channels'
  // nor Disha's or the metapackets' VCs.
  int full_buffers() const final { return full_buffers_; }
  int input_occupancy(int port, int vc) const { return inputs_[std::size_t(port)].vc(vc).count; }
  // The flits queued for network output `port`: held downstream (its VCs' used credits) and
  // waiting here in the input VCs holding its VCs — the queue UGAL routing compares.
  int queued_for(int port) const;
  // Every flit waiting to cross output `port` next: queued_for's, and the packets routed to it still
  // waiting for one of its VCs — the queue of a global channel UGAL-G compares (Kim et al., ISCA 2008,
  // sec. 4.1, known everywhere at once).
  int waiting_for(int port) const;
  // Those queues as a routing function that chooses by load reads them (the router's own routing;
  // approximate timing walking a UGAL route).
  struct OutputOccupancy final : PortOccupancy {
    explicit OutputOccupancy(const Router& router) : r(router) {}
    int occupied(int port) const override { return r.queued_for(port); }
    const NetworkOccupancy* network() const override { return r.network_; }
    const Router& r;
  };
  // Could be allocated to a new packet now.
  bool output_vc_free(int port, int vc) const { return outputs_[std::size_t(port)].free(vc); }
  int output_credits(int port, int vc) const { return outputs_[std::size_t(port)].credits(vc); }
  bool has_output(int port) const final { return outputs_[std::size_t(port)].connected(); }
  // The physical output channels on a minimal path from this router to `destination` (ALO and
  // Trans-t judge only these); writes up to network_ports() ports to `out`, returns how many.
  int useful_channels(NodeId destination, int* out) const final;
  // Free VCs of an output port (could take a new packet now), for congestion controllers; with a
  // mask, only those VCs. The routing function's adaptive VCs (all, if it has no escape VCs).
  int free_vcs(int port) const { return free_vcs(port, routing_vc_mask_); }
  int free_vcs(int port, std::uint32_t vcs) const final;
  // VCs of an output port (of those in `vcs`) whose downstream buffer has room for a flit: a credit.
  int vcs_with_room(int port, std::uint32_t vcs) const final;
  std::uint32_t adaptive_vcs() const final { return routing_.adaptive_vcs() ? routing_.adaptive_vcs() : routing_vc_mask_; }

  // Whether a packet already in the network competes here for output `port`: it holds the port
  // (until its tail has left) or its header waits at this router for a route that may use it.
  bool in_transit_wants(int port) const final;
  // Whether an in-transit header at this router asks for virtual channel `vc` of output `port`: it
  // is at the front of its input VC, holds no output VC yet, and its route (or, not routed yet, a
  // minimal port towards its destination) includes that VC. Packets that hold an output VC do not count.
  bool in_transit_requests(int port, int vc) const final;
  // Tells `observer` of every new packet that takes an output VC of a network port (tests).
  void set_injection_observer(InjectionObserver* observer) { injection_observer_ = observer; }

  // Trans-t (transmission-time paper sec. 3): for an output VC of a network port held by a packet
  // (not a priority VC), when that packet's header reached this router and how many of its flits
  // have left through the VC. False if no packet holds it.
  bool transmission(int port, int vc, Cycle& header_arrived, int& flits_sent) const final;

  // Entropy throttling (entropy paper sec. 3.1): input VC buffers holding flits now, and running
  // counts of buffers that became empty and of flits that left a buffer through the crossbar (at
  // most one per buffer and cycle), from which the entropy circuit takes a cycle's valid and active
  // buffers. And whether output `port` sent a flit in cycle `cycle` (virtual control channel).
  int valid_buffers() const final { return valid_buffers_; }
  std::uint64_t buffers_emptied() const final { return buffers_emptied_; }
  std::uint64_t switched_flits() const final { return switched_flits_; }
  bool sent_in(int port, Cycle cycle) const final;  // read from the output link's signal, after the cycle

  // For the watchdog: an input VC holding flits that have not moved for `limit` cycles, and what
  // an input VC waits for (deadlock/wait_for.h).
  bool find_stuck(Cycle now, Cycle limit, int& port, int& vc) const;
  // Credits that went back with another of the same input port in one cycle (VCs as crossbar
  // inputs), over the run.
  std::uint64_t merged_credits() const { return merged_credits_; }
  // Packets this router took off their path as deadlocked (Disha's VC or software recovery), by
  // what their header was blocked on: an output VC it was refused, or a credit for the one it held.
  std::uint64_t recovered_blocked_on_vc() const { return recovered_blocked_on_vc_; }
  std::uint64_t recovered_blocked_on_credit() const { return recovered_blocked_on_credit_; }
  // The longest a ready flit with a credit can wait for the switch here (SwitchAllocator::wait_bound),
  // or 0 where no bound holds: an arbitration without one, links allocated per packet, or
  // priority VCs (router/arbitration_policy.h).
  std::uint64_t switch_wait_bound() const { return switch_wait_bound_; }
  // Into the result: the allocation section (the network's longest waits and its bound, packets
  // passed over) and the deadlock recoveries by kind.
  void report(ResultSink& sink) const override;
  VcWait wait_of(int port, int vc, Cycle now) const;

  // What this router did since the run began (router/router_events.h), and the flits sent through
  // output `port` (onto its link or delivery channel).
  RouterEvents events() const;
  std::uint64_t flits_sent(int port) const { return outputs_[std::size_t(port)].flits_sent(); }
  // The counter itself (it wraps at 2^32: read differences modulo that), for an observer that
  // reads it often.
  const std::uint32_t& flits_sent_counter(int port) const { return outputs_[std::size_t(port)].flits_sent(); }

 private:
  void end_of_elaboration() override;
  void step();
  template <bool kCrossbarInputPerVc>
  void receive(Cycle now);
  void return_credit(int port, int vc, Cycle now);  // a credit for output `port`'s VC came back
  void route_and_allocate(Cycle now);
  void route_through_central_arbiter(Cycle now);
  void finish_central_arbitration(Cycle now);  // the header in the arbiter allocates, or asks again
  void switch_allocate(Cycle now);
  template <bool kCrossbarInputPerVc>  // router.crossbar_inputs: per_vc
  void traverse(int in_port, int in_vc, int out_port, Cycle now);
  struct SwitchView;  // the VCs as the switch allocator sees them (router.cpp)
  // VC `vc` of input `port` may bid for the switch from `now` / no longer may.
  void set_active(int port, int vc, Cycle now) {
    inputs_[std::size_t(port)].set_active(vc, now);
    active_ports_ |= std::uint64_t(1) << port;
  }
  void clear_active(int port, int vc) {
    if (!inputs_[std::size_t(port)].clear_active(vc)) active_ports_ &= ~(std::uint64_t(1) << port);
  }
  bool allocate_output(int input);  // an output VC for the routed header of input VC `input`
  void take_output(int input, int port, int vc);  // the header of input VC `input` takes (port, vc)
  void allocated(int index, Cycle now);           // the header's state after it took an output VC
  // router.vc_allocation: separable — BookSim 2's separable input-first VC allocator over the
  // headers allocation_order_[0..ready).
  void allocate_separably(int ready, Cycle now);
  // Whether the header at the front of VC `in_vc` of input `in_port`, which holds no output VC,
  // may ask for output `port` (and its VC `vc`; any VC if vc < 0): by its route, or, not routed
  // yet, by a minimal port towards its destination.
  bool header_may_ask(int in_port, int in_vc, int port, int vc) const;
  void start_routing(int index, Cycle now);   // the header at the front of idle VC `index`
  bool try_allocation(int index, Cycle now);  // allocate_output, and the header's state either way
  // Whether output VC `ov` of `candidate` may take the routed header of input VC `input` now:
  // free, and the admission rules hold (Duato's empty buffer, cut-through and bubble room).
  bool admits(int input, const RouteCandidate& candidate, int ov, int room_needed) const;
  void count_passed_over(int winner, int port, int ov);  // see passed_over()
  int room_needed(int input) const {  // virtual cut-through: the whole packet must fit
    return virtual_cut_through_ ? packets_[front(input).flit.packet].length : 0;
  }
  void compute_route(int index, const Flit& header);  // into routes_
  void route_candidates(int index, const Flit& header, RouteResult& route);
  // The first delivery channel of `destination`'s terminal slot at this router, or −1 if it is
  // delivered at another router.
  int delivery_port(NodeId destination) const;
  void recover(int index);  // a header presumed deadlocked (deadlock/deadlock_recovery.h)
  // A header arrived on a special VC (router/special_vc.h) at input `port`: the VC says when it may go on.
  void special_header_arrived(int port, const Flit& header);
  SpecialVc::Header special_header(int index, const Flit& header) const;
  void detect_deadlocks(Cycle now);
  // The last cycle a flit crossed any channel the blocked header of input VC `index` may request
  // (deadlock.detection: inactivity).
  Cycle requested_channels_last_active(int index) const;

  // An input VC by its index over the router (port · VCs + VC): how the bit sets of waiting and
  // blocked headers, the route table and the arbiters name it.
  int vc_index(int port, int vc) const { return port * vcs_ + vc; }
  InputUnit& input_of(int index) { return inputs_[std::size_t(index / vcs_)]; }
  const InputVc& input_vc(int index) const { return inputs_[std::size_t(index / vcs_)].vc(index % vcs_); }
  const BufferedFlit& front(int index) const { return inputs_[std::size_t(index / vcs_)].front(index % vcs_); }
  const OutputVc& output_vc(int port, int vc) const { return outputs_[std::size_t(port)].vc(vc); }
  int input_vcs() const { return input_ports_ * vcs_; }

  const NodeId id_;
  const Topology& topology_;
  const RoutingFunction& routing_;
  const NetworkOccupancy* network_;
  CycleClock& clock_;
  PacketPool& packets_;
  const int vcs_, depth_, network_ports_, input_ports_, output_ports_;
  const int delivery_channels_;  // per terminal slot
  const bool direct_;            // one terminal per router, node i's at router i (topology.h)
  const int routing_delay_;
  const int crossbar_delay_;
  const bool uses_waypoints_;  // the routing function sends packets through a waypoint (RoutingFunction)
  RandomStream waypoints_;     // the waypoints drawn here
  const bool virtual_cut_through_;
  const bool central_arbiter_;
  const bool separable_vc_allocation_;  // router.vc_allocation: separable
  // router.crossbar_inputs: per_vc: several VCs of one input port may move in a cycle, and
  // their credits go back together (Credit::more).
  const bool crossbar_input_per_vc_;
  std::uint64_t merged_credits_ = 0;
  DeadlockRecovery recovery_;
  const int recovery_vc_;    // Disha's VC, or -1
  const int metapacket_vc_;  // the metapackets' VC, or -1
  // Per VC, the special VC it is (router/special_vc.h), or nullptr for the V data VCs.
  std::vector<std::unique_ptr<SpecialVc>> special_vcs_;
  MetapacketVc* metapacket_special_vc_ = nullptr;  // among them, to attach the gatherer
  // The special VCs as a mask: served first by the arbiter, in VC allocation and in switch
  // allocation (there only those that win the links).
  const std::uint32_t priority_vcs_;
  const std::uint32_t untallied_vcs_;  // special VCs whose deliveries are not the network's traffic
  DeadlockAudit* audit_ = nullptr;
  const bool pre_routed_injection_;  // injection channel c may only leave through port c
  const std::uint32_t routing_vc_mask_;    // the VCs routing may use (not Disha's recovery VC)
  const std::uint32_t vc_mask_;  // every VC buffer of a port, the recovery VC included

  std::vector<InputUnit> inputs_;    // per input port
  std::vector<OutputUnit> outputs_;  // per output port
  // Per input VC, its header's route candidates: apart from inputs_, which every cycle's receive and
  // switch allocation walk, because a route is read only while the header allocates.
  RouteTable routes_;
  RouteResult route_scratch_;  // the routing function's answer, before routes_ keeps it
  BitSet waiting_;  // input VCs holding a header to route, or routed but not yet refused an output VC
  BitSet blocked_;  // headers refused an output VC, to retry once one is released
  // Input ports with a VC that may bid for the switch (InputUnit::active(): holding flits and an
  // output VC that has a credit; a VC stalled on credits leaves until a credit comes back).
  std::uint64_t active_ports_ = 0;
  std::vector<int> allocation_order_;  // scratch: routed headers in the order they may allocate
  // router.vc_allocation: separable — round-robin pointers: per input VC, the output VC
  // (port · VCs + VC) it asks for first; per output VC, the input VC it grants first.
  std::vector<std::uint16_t> vc_request_pointer_, vc_grant_pointer_;
  std::vector<std::pair<int, int>> vc_requests_;  // scratch: (output VC, input VC) asked this cycle
  // BookSim's speculation (router.switch_allocation: separable): this cycle's headers given an output
  // VC, per input port, and those that asked for a free one and lost it (router.vc_allocation:
  // separable), with the output port they asked at; what the switch allocator bids for them.
  struct Speculation {
    bool on = false;
    std::vector<std::uint32_t> given, lost;  // per input port: VCs
    std::uint64_t given_ports = 0, lost_ports = 0;
    std::vector<std::uint8_t> lost_port;  // per input VC index
    void clear() {  // after each cycle's switch allocation
      for (std::uint64_t p = given_ports | lost_ports; p; p &= p - 1) {
        const std::size_t port = std::size_t(__builtin_ctzll(p));
        given[port] = lost[port] = 0;
      }
      given_ports = lost_ports = 0;
    }
  } speculation_;
  std::vector<int> deadlocked_;        // scratch: headers presumed deadlocked
  std::uint64_t recovered_blocked_on_vc_ = 0, recovered_blocked_on_credit_ = 0;
  std::unique_ptr<SwitchAllocator> switch_allocator_;
  VcAllocator vc_allocator_;
  // Set by the signals' update when a value changes (bit = port): the ports receive() looks at.
  std::uint64_t flits_arrived_ = 0;
  std::uint64_t credits_arrived_ = 0;
  WakeUp wake_;
  int buffered_flits_ = 0;
  int outstanding_credits_ = 0;
  std::uint64_t delivered_flits_ = 0;  // see delivered_flits()
  int full_buffers_ = 0;
  int valid_buffers_ = 0;                // input VCs holding flits (entropy throttling)
  std::uint64_t buffers_emptied_ = 0;    // input VCs whose last flit left
  std::uint64_t switched_flits_ = 0;     // flits that crossed the crossbar
  RouterEvents counted_;  // the events not derived from the counters above (see events())
  bool output_released_ = false;  // an output VC became free somewhere: every blocked header retries
  // Output ports where an output VC became free or took back a credit that may admit a header: the
  // blocked headers with a candidate there retry (no other can have become admissible).
  std::uint64_t released_ports_ = 0;
  InjectionRule* injection_rule_ = nullptr;
  mutable bool injection_refused_ = false;  // a new packet was refused by the rule: retry blocked headers
  InjectionObserver* injection_observer_ = nullptr;
  int arbiter_header_ = -1;   // central arbiter: the input VC it is routing, or -1
  Cycle arbiter_done_ = 0;    // when that header may allocate
  int arbiter_next_ = 0;      // round-robin: the input VC asked first at the next grant
  Cycle longest_vc_wait_ = 0, longest_switch_wait_ = 0;
  std::uint64_t passed_over_ = 0;
  const std::uint64_t switch_wait_bound_;
};

}  // namespace icn
