#pragma once
// The interconnection fabric (docs/design.md, "Fabric and experiment"): the topology's routers,
// one Node per topology node (NI, router, congestion controller), the router-to-router links (a
// flit signal and a credit signal per physical channel), the global-information networks, the
// packet pool, the statistics and Disha's token. It is elaborated from a platform alone, needs no
// stimulus and never calls sc_start, so it can sit inside another platform's sc_main; several
// fabrics may live in one simulation. Who sends packets — the synthetic generators of an
// Experiment, a trace replay, or TLM-2.0 IP bound to the nodes' sockets — attaches from outside.
#include <cstdint>
#include <functional>
#include <memory>
#include <systemc>
#include <vector>

#include "common/cycle_clock.h"
#include "common/packet_pool.h"
#include "deadlock/recovery_token.h"
#include "deadlock/wait_for.h"
#include "node.h"
#include "platform/configuration.h"
#include "energy/activity.h"
#include "routing/routing_function.h"
#include "stats/network_statistics.h"
#include "tlm/tlm_port.h"
#include "topology/topology.h"

namespace icn {

class ResultSource;

class DeadlockAudit;
class EntropyCircuit;
class MetapacketGather;
class Sideband;

class Fabric : public sc_core::sc_module, public WaitForQuery {
 public:
  // Runs on `clock` if given (fabrics of one platform may share one), else on a clock of its own
  // with the platform's simulation.clock_period_ns.
  Fabric(sc_core::sc_module_name name, const PlatformConfig& platform, CycleClock* clock = nullptr);
  ~Fabric() override;

  // About the memory a fabric of `platform` takes once built, in bytes: fitted to the peak resident
  // memory of the default router on 16- to 64-ary tori of 2 and 3 dimensions, 3 to 8 VCs of 8 to 32
  // flits (within 3 %; README, "Memory"). For refusing up front a network that cannot fit.
  static std::uint64_t estimated_bytes(const PlatformConfig& platform);

  const PlatformConfig& platform() const { return platform_; }
  // The longest packet, in flits, a client may send (a TLM transaction's, a program's message).
  int longest_packet() const;
  const Topology& topology() const { return topology_; }
  CycleClock& clock() { return *clock_; }
  PacketPool& packets() { return packets_; }
  const PacketPool& packets() const { return packets_; }
  NetworkStatistics& statistics() { return statistics_; }
  const NetworkStatistics& statistics() const { return statistics_; }
  Node& node(NodeId id) { return *nodes_[id]; }
  const Node& node(NodeId id) const { return *nodes_[id]; }
  NodeId node_count() const { return NodeId(nodes_.size()); }
  // Router r (topology.h): node r's own on a direct network.
  Router& router(NodeId r) { return routers_.empty() ? nodes_[r]->router() : *routers_[r]; }
  const Router& router(NodeId r) const { return routers_.empty() ? nodes_[r]->router() : *routers_[r]; }
  const RoutingFunction& routing() const { return *routing_; }
  // The sideband exists on every network (rows or a spanning tree); the entropy circuit on k-ary n-cubes only.
  const Sideband* sideband() const { return sideband_.get(); }
  // The sideband's and the entropy circuit's work a resting network slept through (common/cycle_clock.h),
  // made up before their state is read from outside a process: a platform reading a controller.
  void bring_up_to_date() { bring_up_to(clock_->first_unfinished_cycle()); }
  void bring_up_to(Cycle before);  // their steps of the cycles before `before`
  const EntropyCircuit* entropy_circuit() const { return entropy_circuit_.get(); }
  // What it has done so far, event by event (energy/activity.h).
  Activity activity() const;
  const MetapacketGather* metapackets() const { return metapackets_.get(); }
  MetapacketGather* metapackets() { return metapackets_.get(); }
  const RecoveryToken& recovery_token() const { return token_; }
  const DeadlockAudit* deadlock_audit() const { return audit_.get(); }  // with deadlock.audit
  // The parts that report into a run's result (common/result_sink.h), in the order they report:
  // every router, the deadlock audit, every node's congestion controller, the metapacket gatherer.
  std::vector<const ResultSource*> result_sources() const;
  // Node `id`'s TLM-2.0 ports (docs/tlm.md); a platform with an address_map has them on every node.
  TlmPort& tlm_port(NodeId id);
  // tlm.timing, at run time: b_transport simulated (false) or annotated from an estimate (true).
  // Back to cycle timing, every DMI pointer granted in approximate timing is invalidated.
  void set_approximate_timing(bool approximate);
  bool approximate_timing() const { return tlm_.approximate; }

  // The current values on the link leaving router `r` through network port `port`.
  const Flit& link_flit(NodeId r, int port) const { return link_flits_[link_index(r, port)].read(); }
  const Credit& link_credit(NodeId r, int port) const { return link_credits_[link_index(r, port)].read(); }
  // The link signals themselves, for test-only fault injection (tests/support/fault_injection.h):
  // a negative control overwrites what a router sent to show that the model's checks catch it.
  FlitSignal& link_flit_signal(NodeId r, int port) { return link_flits_[link_index(r, port)]; }
  CreditSignal& link_credit_signal(NodeId r, int port) { return link_credits_[link_index(r, port)]; }

  // Whether any packet of traffic the fabric was given is still queued, in flight or absorbed by
  // deadlock recovery (metapackets are not traffic): a drain phase ends when none is.
  bool carries_traffic() const { return packets_.traffic_live() > 0; }
  // Flits in router buffers and on every channel at the end of cycle `now`.
  std::uint64_t flits_in_network(Cycle now) const;
  std::uint64_t full_buffers() const;
  Cycle oldest_packet_age(Cycle now) const;  // among injected, undelivered packets

  // Calls `call` once, inside the fabric's hierarchy, as elaboration ends (before_end_of_elaboration):
  // for what is built only if nothing else was (the library's observer of a platform's network).
  void when_elaboration_ends(std::function<void()> call) { elaboration_ends_ = std::move(call); }

  // Writes out and closes the VCD file of simulation.vcd (also done when the fabric is destroyed).
  void close_trace();
  // Why the VCD file of simulation.vcd is unusable once closed (it was cut short), or empty.
  const std::string& trace_error() const { return trace_error_; }

  // What an input VC waits for (WaitForQuery, for the watchdog).
  VcWait wait_of(const VcRef& vc, Cycle now) const override {
    return router(vc.node).wait_of(vc.port, vc.vc, now);
  }

 private:
  std::size_t link_index(NodeId r, int port) const { return std::size_t(r) * topology_.network_ports() + port; }
  void build_indirect();  // routers apart from the nodes (topology.h: router_count, attachments)
  void connect_links();
  void open_trace();  // simulation.vcd
  void before_end_of_elaboration() override {
    if (elaboration_ends_) elaboration_ends_();
  }
  std::function<void()> elaboration_ends_;

  const PlatformConfig platform_;
  const Topology& topology_;  // the platform's
  std::unique_ptr<CycleClock> own_clock_;
  CycleClock* clock_;
  PacketPool packets_;
  NetworkStatistics statistics_;
  RecoveryToken token_;  // Disha's, shared by all routers
  std::unique_ptr<DeadlockAudit> audit_;
  std::unique_ptr<Sideband> sideband_;  // runs only if a congestion controller attaches to it
  std::unique_ptr<EntropyCircuit> entropy_circuit_;  // runs only if an entropy-throttling controller attaches
  std::unique_ptr<MetapacketGather> metapackets_;  // with router.metapacket_vc
  // Every router's output queues, for a routing function with global information (UGAL-G): every
  // flit waiting to cross a channel, packets routed to it and still waiting for its VC included.
  struct NetworkQueues final : NetworkOccupancy {
    explicit NetworkQueues(const Fabric& f) : fabric(f) {}
    int occupied(NodeId r, int port) const override { return fabric.router(r).waiting_for(port); }
    const Fabric& fabric;
  } network_queues_{*this};
  std::shared_ptr<const RoutingFunction> routing_;  // the configuration's
  std::vector<std::unique_ptr<Router>> routers_;  // an indirect network's; a direct one's are in its nodes
  std::vector<std::unique_ptr<Node>> nodes_;
  TlmNetwork tlm_;
  class Loads;  // what approximate timing reads of the network (fabric.cpp)
  std::unique_ptr<Loads> network_loads_;
  std::unique_ptr<LatencyEstimate> approximate_timing_;  // with an address map (tlm.timing)
  std::vector<std::unique_ptr<TlmPort>> tlm_ports_;  // with an address map
  std::unique_ptr<TransactionTrace> transaction_trace_;  // tlm.trace
  sc_core::sc_trace_file* trace_ = nullptr;
  std::string vcd_written_;  // where SystemC writes the VCD file, renamed over simulation.vcd when whole
  std::string trace_error_;
  // A port's name as an identifier (+x: x_plus), as the VCD and the link signals' names say it.
  std::string port_identifier(int port) const;
  // A signal of router r's port, created inside that router's hierarchy ("x_plus_flit").
  template <typename Signal>
  Signal* signal_of_router(NodeId r, int port, const char* what);
  // The containers are named (sc_vector's default is vector_0); their signals are the routers' children.
  sc_core::sc_vector<FlitSignal> link_flits_{"link_flit"};      // [router * ports + port]: from that output port
  sc_core::sc_vector<CreditSignal> link_credits_{"link_credit"};  // credits back for that link
  sc_core::sc_vector<FlitSignal> edge_flits_{"edge_flit"};        // inputs with no upstream (mesh edges)
  sc_core::sc_vector<CreditSignal> edge_credits_{"edge_credit"};
  sc_core::sc_vector<FlitSignal> idle_slot_flits_{"idle_slot_flit"};  // terminal slots no node uses (indirect networks)
  sc_core::sc_vector<CreditSignal> idle_slot_credits_{"idle_slot_credit"};
};

}  // namespace icn
