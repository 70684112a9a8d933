#include "node.h"

#include "platform/configuration.h"

namespace icn {

Node::Node(sc_core::sc_module_name name, NodeId id, const Topology& topology, const Configuration& configuration,
           const RoutingFunction& routing, TrafficSchedule& schedule, CycleClock& clock, PacketPool& packets,
           NetworkStatistics& statistics, RecoveryToken& token, Sideband* sideband, GlobalGather* metapackets,
           EntropyCircuit* entropy_circuit)
    : sc_core::sc_module(name),
      id_(id),
      injection_flits_("injection_flit", configuration.platform.network_interface.injection_channels),
      injection_credits_("injection_credit", configuration.platform.network_interface.injection_channels),
      delivery_flits_("delivery_flit", configuration.platform.network_interface.delivery_channels) {
  const PlatformConfig& platform = configuration.platform;
  const std::uint64_t seed = platform.simulation.seed;
  router_ = std::make_unique<Router>("router", id, topology, platform.router, platform.network_interface,
                                     platform.deadlock, &token, routing, clock, packets, seed);
  controller_ = ControllerRegistry::get(platform.congestion_control.type)
                    .create("controller", ControllerContext{id, topology, *router_, clock,
                                                            platform.congestion_control.parameters, platform, seed,
                                                            sideband, metapackets, entropy_circuit});
  router_->set_injection_rule(controller_->injection_rule());
  ni_ = std::make_unique<NetworkInterface>("ni", id, effective_network_interface(configuration), platform.router,
                                           platform.deadlock,
                                           &token, topology, clock, packets, statistics, *controller_);
  generator_ = std::make_unique<TrafficGenerator>("generator", id, schedule, clock, *ni_, seed,
                                                  platform.simulation.cycles);

  const int network_ports = topology.network_ports();
  for (int c = 0; c < platform.network_interface.injection_channels; ++c) {
    ni_->inject_out[c](injection_flits_[c]);
    router_->flit_in[network_ports + c](injection_flits_[c]);
    router_->credit_out[network_ports + c](injection_credits_[c]);
    ni_->inject_credit_in[c](injection_credits_[c]);
  }
  for (int c = 0; c < platform.network_interface.delivery_channels; ++c) {
    router_->flit_out[network_ports + c](delivery_flits_[c]);
    ni_->deliver_in[c](delivery_flits_[c]);
  }
}

std::size_t Node::flits_on_local_channels(Cycle now) const {
  std::size_t count = 0;
  for (const auto& s : injection_flits_) count += Cycle(s.read().sent) == now;
  for (const auto& s : delivery_flits_) count += Cycle(s.read().sent) == now;
  return count;
}

}  // namespace icn
