#pragma once
// The whole network: the clock, the packet pool, the statistics, one Node per topology node and
// the router-to-router links (a flit signal and a credit signal per physical channel). It also
// samples the time series and checks flit conservation at every sample.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "core/cycle_clock.h"
#include "core/end_of_cycle.h"
#include "core/packet_pool.h"
#include "node.h"
#include "platform/configuration.h"
#include "stats/network_statistics.h"
#include "topology/topology.h"
#include "congestion/metapacket_gather.h"
#include "deadlock/wait_for.h"
#include "deadlock/watchdog.h"
#include "sideband/entropy_circuit.h"
#include "sideband/sideband.h"
#include "traffic/trace_replay.h"
#include "traffic/traffic_schedule.h"

namespace icn {

class Network : public sc_core::sc_module, public WaitForQuery {
 public:
  Network(sc_core::sc_module_name name, const Configuration& configuration);
  ~Network() override;

  const Configuration& configuration() const { return configuration_; }
  const Topology& topology() const { return topology_; }
  CycleClock& clock() { return clock_; }
  PacketPool& packets() { return packets_; }
  const NetworkStatistics& statistics() const { return statistics_; }
  Node& node(NodeId id) { return *nodes_[id]; }
  NodeId node_count() const { return NodeId(nodes_.size()); }
  // Router r (topology.h): node r's own on a direct network.
  Router& router(NodeId r) { return routers_.empty() ? nodes_[r]->router() : *routers_[r]; }
  const Router& router(NodeId r) const { return routers_.empty() ? nodes_[r]->router() : *routers_[r]; }
  const RoutingFunction& routing() const { return *routing_; }
  // The sideband and the entropy circuit exist on k-ary n-cubes only (null elsewhere).
  const Sideband* sideband() const { return sideband_.get(); }
  const EntropyCircuit* entropy_circuit() const { return entropy_circuit_.get(); }
  const MetapacketGather* metapackets() const { return metapackets_.get(); }
  MetapacketGather* metapackets() { return metapackets_.get(); }
  const TrafficSchedule& schedule() const { return *schedule_; }
  const TraceReplay* trace_replay() const { return trace_replay_.get(); }
  // The last cycle of a stimulus that completes (a phase schedule or a trace), once it has.
  std::optional<Cycle> completed_at() const;
  // Cycles actually simulated: all configured ones, or up to the cycle the schedule completed.
  Cycle cycles_run() const;

  // The current values on the link leaving `node` through network port `port`.
  const Flit& link_flit(NodeId node, int port) const {
    return link_flits_[std::size_t(node) * topology_.network_ports() + port].read();
  }
  const Credit& link_credit(NodeId node, int port) const {
    return link_credits_[std::size_t(node) * topology_.network_ports() + port].read();
  }

  // The link signals themselves, for test-only fault injection (tests/support/fault_injection.h):
  // a negative control overwrites what a router sent to show that the model's checks catch it.
  FlitSignal& link_flit_signal(NodeId node, int port) {
    return link_flits_[std::size_t(node) * topology_.network_ports() + port];
  }
  CreditSignal& link_credit_signal(NodeId node, int port) {
    return link_credits_[std::size_t(node) * topology_.network_ports() + port];
  }

  // Flits in router buffers and on every channel at the end of cycle `now`.
  std::uint64_t flits_in_network(Cycle now) const;
  std::uint64_t full_buffers() const;
  Cycle oldest_packet_age(Cycle now) const;  // among injected, undelivered packets

  // How a run ended. Anything but Completed stopped early; the statistics hold what was measured
  // up to `last_cycle`.
  struct RunStatus {
    enum class State { Completed, Deadlock, Frozen, ModelError, Interrupted, WallLimit };
    State state = State::Completed;
    std::string reason;  // one line; empty when completed
    std::string detail;  // the full diagnostic (a deadlock's whole knot), when longer than reason
    Cycle last_cycle = 0;  // the last cycle simulated
  };
  static const char* state_name(RunStatus::State state);

  // Runs the configured cycles, or until the stimulus completes, the model stops it (a violated
  // invariant, a deadlock), interrupt() is called or simulation.wall_limit passes; never throws
  // for those. Returns wall seconds; status() says how it ended.
  double run();
  const RunStatus& status() const { return status_; }
  // Asks a running simulation to stop at the end of the current cycle, keeping its results.
  // Async-signal-safe: a SIGINT / SIGTERM handler may call it.
  static void interrupt(int signal_number);
  // Watchdog findings the run went on after (deadlocks with deadlock_action: report, starvation
  // with starvation_action: report); the first of each kind is also printed.
  std::uint64_t deadlock_reports() const { return watchdog_ ? watchdog_->deadlock_reports() : 0; }
  std::uint64_t starvation_reports() const { return watchdog_ ? watchdog_->starvation_reports() : 0; }
  const Watchdog* watchdog() const { return watchdog_.get(); }
  std::uint64_t deadlock_recoveries() const {
    return token_.recoveries() + statistics_.packets_absorbed_total();
  }
  // What an input VC waits for (WaitForQuery, for the watchdog).
  VcWait wait_of(const VcRef& vc, Cycle now) const override {
    return router(vc.node).wait_of(vc.port, vc.vc, now);
  }

 private:
  void sample();
  void take_sample(Cycle now);
  std::string port_name(int port) const;  // +x, -y, injection 0, … for diagnostics
  void supervise();  // interrupts, the wall-clock limit and the progress line
  void stop_early(RunStatus::State state, const std::string& reason);
  void build_indirect();  // routers apart from the nodes (topology.h: router_count, attachments)

  Configuration configuration_;
  const Topology& topology_;  // the configuration's
  CycleClock clock_;
  PacketPool packets_;
  NetworkStatistics statistics_;
  RecoveryToken token_;  // Disha's, shared by all routers
  std::unique_ptr<Sideband> sideband_;  // runs only if a congestion controller attaches to it
  std::unique_ptr<EntropyCircuit> entropy_circuit_;  // runs only if an entropy-throttling controller attaches
  std::unique_ptr<MetapacketGather> metapackets_;  // with router.metapacket_lane
  std::unique_ptr<RoutingFunction> routing_;
  std::unique_ptr<TrafficSchedule> schedule_;
  std::unique_ptr<TraceReplay> trace_replay_;
  std::vector<std::unique_ptr<Router>> routers_;  // an indirect network's; a direct one's are in its nodes
  std::vector<std::unique_ptr<Node>> nodes_;
  sc_core::sc_vector<FlitSignal> link_flits_;      // [node * 2n + port]: from node's output port
  sc_core::sc_vector<CreditSignal> link_credits_;  // credits back for that link
  sc_core::sc_vector<FlitSignal> edge_flits_;      // inputs with no upstream (mesh edges)
  sc_core::sc_vector<CreditSignal> edge_credits_;
  sc_core::sc_vector<FlitSignal> idle_slot_flits_;      // terminal slots no node uses (indirect networks)
  sc_core::sc_vector<CreditSignal> idle_slot_credits_;
  Cycle next_sample_ = 0;
  std::unique_ptr<Watchdog> watchdog_;
  EndOfCycle sample_step_;
  bool show_progress_ = false;
  std::chrono::steady_clock::time_point started_, last_progress_;
  EndOfCycle supervise_step_;
  RunStatus status_;
  std::optional<Cycle> stopped_at_;  // last cycle of a run stopped early
};

}  // namespace icn
