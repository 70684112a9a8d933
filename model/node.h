#pragma once
// A node of the fabric (docs/design.md, "The node"): network interface ⇄ router, with the
// congestion controller the NI consults. What feeds the NI (a traffic generator, a trace replay,
// TLM-2.0 IP) attaches from outside. The NI and router are joined by the same kind of flit and
// credit signals as router-to-router links. On a direct network the node builds its router; on an
// indirect one (docs/design.md, "Topologies") it injects into one router the fabric built and is
// delivered from another.
#include <memory>
#include <systemc>

#include "congestion/congestion_controller.h"
#include "ni/network_interface.h"
#include "router/router.h"

namespace icn {

struct PlatformConfig;
class NetworkStatistics;

// What every node of a fabric is built from: the platform and the fabric's shared parts.
struct NodeContext {
  const Topology& topology;
  const PlatformConfig& platform;
  CycleClock& clock;
  PacketPool& packets;
  NetworkStatistics& statistics;
  RecoveryToken& token;
  // Direct networks only (each node builds its router): the routing function its router uses. The
  // network-wide mechanisms its controller may attach to (each null where the network has none; an
  // indirect network has the sideband alone).
  const RoutingFunction* routing = nullptr;
  const NetworkOccupancy* network = nullptr;  // every router's queues (UGAL-G reads them)
  Sideband* sideband = nullptr;
  GlobalGather* metapackets = nullptr;
  EntropyCircuit* entropy_circuit = nullptr;
};

// Where a node of an indirect network (topology.h) attaches: it injects into terminal slot
// `injection_slot` of `injection` and is delivered from slot `delivery_slot` of `delivery`, routers
// the network owns.
struct RouterAttachment {
  Router& injection;
  int injection_slot;
  Router& delivery;
  int delivery_slot;
};

class Node : public sc_core::sc_module {
 public:
  // A node of a direct network, with its own router.
  Node(sc_core::sc_module_name name, NodeId id, const NodeContext& context);
  // A node of an indirect network.
  Node(sc_core::sc_module_name name, NodeId id, const NodeContext& context, const RouterAttachment& routers);

  NodeId id() const { return id_; }
  // The router it injects into (its own on a direct network), which its controller observes.
  Router& router() { return *router_; }
  const Router& router() const { return *router_; }
  NetworkInterface& network_interface() { return *ni_; }
  const NetworkInterface& network_interface() const { return *ni_; }
  CongestionController& controller() { return *controller_; }
  const CongestionController& controller() const { return *controller_; }

  // Flits on the NI ⇄ router channels, for the network's conservation check.
  std::size_t flits_on_local_channels(Cycle now) const;
  // Puts the NI ⇄ router channels' signals into a trace file, named under `prefix`.
  void trace_local_channels(sc_core::sc_trace_file* file, const std::string& prefix) const;

 private:
  void build_interface(const NodeContext& context);
  void attach(Router& injection, int injection_slot, Router& delivery, int delivery_slot, int network_ports,
              const NetworkInterfaceConfig& ni);

  const NodeId id_;
  std::unique_ptr<Router> own_router_;  // on a direct network
  Router* router_ = nullptr;
  std::unique_ptr<CongestionController> controller_;
  std::unique_ptr<NetworkInterface> ni_;
  SignalBank<FlitSignal> injection_flits_;
  SignalBank<CreditSignal> injection_credits_;
  SignalBank<FlitSignal> delivery_flits_;
};

}  // namespace icn
