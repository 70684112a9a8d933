#pragma once
// Congestion controllers decide, per node, whether the packet at the head of the source queue may
// enter the network now (source throttling). They are SC_MODULEs so that a mechanism can own
// processes and sideband ports; they observe the node's router through a narrow read-only view.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <utility>
#include <vector>

#include "common/parameters.h"
#include "common/registry.h"
#include "common/result_sink.h"
#include "common/types.h"
#include "ni/injection_gate.h"

namespace icn {

class CycleClock;
class EntropyCircuit;
class GlobalGather;
class InjectionRule;
struct NetworkInterfaceConfig;
class RouterView;
struct RouterConfig;
struct SelectedImplementation;
class Sideband;
class Topology;
struct Packet;

// A controller throttles at the source as the network interface's InjectionGate (may_inject,
// open_injection_channels, packet_injected: ni/injection_gate.h), and may restrict admission in the
// router too (injection_rule).
class CongestionController : public sc_core::sc_module, public InjectionGate, public ResultSource {
 public:
  explicit CongestionController(sc_core::sc_module_name name) : sc_core::sc_module(name) {}
  // A rule the router applies to new packets when they ask for an output VC (IPR, LBR), or none.
  virtual InjectionRule* injection_rule() { return nullptr; }
  // Cycles in which this node had a packet refused, for the result.
  std::uint64_t throttled_cycles() const { return throttled_cycles_; }
  // Named values of its state for the time series (e.g. estimate, threshold); averaged over nodes.
  virtual void telemetry(std::vector<std::pair<const char*, double>>& out) const { (void)out; }
  // Into the result, node by node: its throttled cycles. A controller with more to say adds it.
  void report(ResultSink& sink) const override { sink.append("per_node.throttled_cycles", throttled_cycles_); }

 protected:
  // Counts cycle `now` as throttled once, however many packets are refused in it.
  void count_throttled_cycle(Cycle now) {
    if (last_throttled_ != now) ++throttled_cycles_;
    last_throttled_ = now;
  }
  // Whether a packet was refused in this cycle or the last (for throttling() of per-packet rules).
  bool refused_lately(Cycle now) const { return last_throttled_ != kNever && last_throttled_ + 1 >= now; }

 private:
  static constexpr Cycle kNever = ~Cycle(0);
  std::uint64_t throttled_cycles_ = 0;
  Cycle last_throttled_ = kNever;
};

struct ControllerContext {
  NodeId node;
  const Topology& topology;
  const RouterView& router;  // what it may read of its node's router (router/router_view.h)
  CycleClock& clock;
  const SelectedImplementation& selection;  // its type, where that was set (for errors) and its parameters
  const ParameterSet& parameters;           // = selection.parameters
  const RouterConfig& router_config;
  const NetworkInterfaceConfig& interface_config;
  std::uint64_t seed;
  Sideband* sideband;  // the network's (along rows or a spanning tree); a controller that attaches makes it run
  GlobalGather* metapackets;  // the metapacket gatherer, when the platform has the VC
  EntropyCircuit* entropy_circuit;  // the network's (k-ary n-cubes only); runs once a controller attaches

  // The sideband or the entropy circuit, or a ConfigError naming the controller and the topology
  // when this network has none.
  Sideband& needs_sideband() const;
  EntropyCircuit& needs_entropy_circuit() const;
  // A ConfigError "FILE:LINE: congestion_control.type: TYPE <what>".
  [[noreturn]] void refuse(const std::string& what) const;
};

// What a controller needs of the platform beyond its own parameters, declared in its registry
// entry: the configuration checks it and sets the router up without knowing controllers by name.
struct ControllerNeeds {
  // A router VC of its own, for its messages (self-tuned sec. 5.3's metapackets, which go round
  // the rows of a torus), given the section's parameters: whether it needs one, and whether that
  // VC also wins every link it crosses.
  struct OwnVc {
    bool needed = false;
    bool link_priority = false;
  };
  std::function<OwnVc(const ParameterSet&)> own_vc;
  std::string own_vc_key;          // the parameter that asks for the VC, for messages
  std::string own_vc_alternative;  // a value of that key that needs none, for messages
  // A routing function with bubble-flow-control escape VCs (RoutingTraits::bubble_escape) under
  // virtual cut-through, whose injection into the adaptive VCs it restricts (LBR).
  bool bubble_escape_routing = false;
  // Its counters travel on the network's sideband (sideband.*) while its `distribution` says sideband.
  bool sideband = false;
  // It acts in the router its node injects into (a router rule: IPR, LBR), which then serves that
  // node alone: a direct network, one node per router.
  bool router_rule = false;
  // It reads the entropy circuit (entropy sec. 3.2), which exists on the dimension rows of a direct
  // network (a topology whose entry declares TopologyTraits::dimension_rows, one node per router).
  bool entropy_circuit = false;
  // It sums what each node's router delivers (self-tuned sec. 5.1): every node is delivered at the
  // router it injects into.
  bool delivered_where_injected = false;
};

// What the selected controller declares it needs (ControllerNeeds, in its registry entry) makes of
// the router (a VC of its own, set in `router`) and requires of the platform (a torus for that
// VC; routing with bubble escape VCs under cut-through; a direct network, the entropy circuit,
// delivery where a node injects). Throws ConfigError naming the key that asks for what the platform
// cannot give — while the configuration is read, so that icnsim --describe sees every refusal.
void apply_controller_needs(const SelectedImplementation& controller, const SelectedImplementation& routing,
                            const std::string& topology_type, const Topology& topology, RouterConfig& router);
// Whether the network of registry type `topology_type` has the entropy circuit (the fabric builds it).
bool has_entropy_circuit(const std::string& topology_type, const Topology& topology);

using ControllerFactory =
    std::function<std::unique_ptr<CongestionController>(sc_core::sc_module_name, const ControllerContext&)>;
struct ControllerTag { static constexpr const char* kind = "congestion controller"; };
using ControllerRegistry = Registry<ControllerTag, ControllerFactory, ControllerNeeds>;

}  // namespace icn
