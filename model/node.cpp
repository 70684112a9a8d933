#include "node.h"

#include <stdexcept>

#include "common/config_error.h"
#include "platform/configuration.h"

namespace icn {

Node::Node(sc_core::sc_module_name name, NodeId id, const NodeContext& c)
    : sc_core::sc_module(name),
      id_(id),
      injection_flits_("injection_flit", c.platform.network_interface.injection_channels),
      injection_credits_("injection_credit", c.platform.network_interface.injection_channels),
      delivery_flits_("delivery_flit", c.platform.network_interface.delivery_channels) {
  const PlatformConfig& platform = c.platform;
  const std::uint64_t seed = platform.simulation.seed;
  own_router_ = std::make_unique<Router>(
      "router", RouterContext{id, c.topology, platform.router, platform.network_interface.terminal_ports(),
                              platform.deadlock, &c.token, *c.routing, c.network, c.clock, c.packets, seed});
  router_ = own_router_.get();
  controller_ = ControllerRegistry::get(platform.congestion_control.type)
                    .create("controller", ControllerContext{id, c.topology, *router_, c.clock, platform.congestion_control,
                                                            platform.congestion_control.parameters, platform.router,
                                                            platform.network_interface, seed, c.sideband,
                                                            c.metapackets, c.entropy_circuit});
  router_->set_injection_rule(controller_->injection_rule());
  build_interface(c);
  attach(*router_, 0, *router_, 0, c.topology.network_ports(), platform.network_interface);
}

Node::Node(sc_core::sc_module_name name, NodeId id, const NodeContext& c, const RouterAttachment& routers)
    : sc_core::sc_module(name),
      id_(id),
      router_(&routers.injection),
      injection_flits_("injection_flit", c.platform.network_interface.injection_channels),
      injection_credits_("injection_credit", c.platform.network_interface.injection_channels),
      delivery_flits_("delivery_flit", c.platform.network_interface.delivery_channels) {
  const PlatformConfig& platform = c.platform;
  controller_ = ControllerRegistry::get(platform.congestion_control.type)
                    .create("controller", ControllerContext{id, c.topology, routers.injection, c.clock,
                                                            platform.congestion_control,
                                                            platform.congestion_control.parameters, platform.router,
                                                            platform.network_interface, platform.simulation.seed,
                                                            c.sideband, nullptr, nullptr});
  // A router has one injection rule: the configuration refused an indirect network for a controller
  // that declares one (ControllerNeeds::router_rule).
  if (controller_->injection_rule() != nullptr && !c.topology.is_direct())
    throw std::logic_error(platform.congestion_control.type + " installs a router rule without declaring "
                           "ControllerNeeds::router_rule");
  build_interface(c);
  attach(routers.injection, routers.injection_slot, routers.delivery, routers.delivery_slot,
         c.topology.network_ports(), platform.network_interface);
}

void Node::build_interface(const NodeContext& c) {
  ni_ = std::make_unique<NetworkInterface>(
      "ni", NetworkInterfaceContext{id_, c.platform.network_interface, c.platform.router, c.platform.deadlock,
                                    &c.token, c.topology, c.clock, c.packets, c.statistics, *controller_});
}

void Node::attach(Router& injection, int injection_slot, Router& delivery, int delivery_slot, int network_ports,
                  const NetworkInterfaceConfig& ni) {
  // Terminal slot s of a router: input ports network_ports + s·I …, output ports network_ports + s·D …
  for (int c = 0; c < ni.injection_channels; ++c) {
    const int port = network_ports + injection_slot * ni.injection_channels + c;
    ni_->bind_injection(c, injection_flits_[c], injection_credits_[c]);
    injection.bind_input(port, injection_flits_[c], injection_credits_[c]);
  }
  for (int c = 0; c < ni.delivery_channels; ++c) {
    delivery.bind_output(network_ports + delivery_slot * ni.delivery_channels + c, delivery_flits_[c]);
    ni_->bind_delivery(c, delivery_flits_[c]);
  }
}

void Node::trace_local_channels(sc_core::sc_trace_file* file, const std::string& prefix) const {
  for (std::size_t c = 0; c < injection_flits_.size(); ++c) {
    sc_core::sc_trace(file, injection_flits_[c], prefix + ".injection_" + std::to_string(c) + ".flit");
    sc_core::sc_trace(file, injection_credits_[c], prefix + ".injection_" + std::to_string(c) + ".credit");
  }
  for (std::size_t c = 0; c < delivery_flits_.size(); ++c)
    sc_core::sc_trace(file, delivery_flits_[c], prefix + ".delivery_" + std::to_string(c) + ".flit");
}

std::size_t Node::flits_on_local_channels(Cycle now) const {
  std::size_t count = 0;
  for (std::size_t c = 0; c < injection_flits_.size(); ++c) count += Cycle(injection_flits_[c].read().sent) == now;
  for (std::size_t c = 0; c < delivery_flits_.size(); ++c) count += Cycle(delivery_flits_[c].read().sent) == now;
  return count;
}

}  // namespace icn
