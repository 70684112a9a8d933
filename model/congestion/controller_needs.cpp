// What a controller declares it needs (ControllerNeeds, in its registry entry), checked against the
// platform once, while the configuration is read.
#include "congestion/congestion_controller.h"

#include "common/config_error.h"
#include "common/selected_implementation.h"
#include "router/router_config.h"
#include "routing/routing_function.h"
#include "topology/kary_ncube.h"

namespace icn {

bool has_entropy_circuit(const std::string& topology_type, const Topology& topology) {
  return TopologyRegistry::get(topology_type).traits.dimension_rows && topology.is_direct();
}

void apply_controller_needs(const SelectedImplementation& controller, const SelectedImplementation& routing,
                            const std::string& topology_type, const Topology& topology, RouterConfig& router) {
  const ControllerNeeds& needs = ControllerRegistry::get(controller.type).traits;
  if (needs.own_vc) {
    // Its messages travel on a router VC of their own (self-tuned sec. 5.3) round the rows of a torus.
    const ControllerNeeds::OwnVc vc = needs.own_vc(controller.parameters);
    router.metapacket_vc = vc.needed;
    router.metapacket_link_priority = vc.link_priority;
    const auto* cube = dynamic_cast<const KaryNCube*>(&topology);
    if (vc.needed && (!cube || !cube->all_tori() || cube->terminals() > 1))
      throw ConfigError(controller.parameters.problem(
          needs.own_vc_key, controller.parameters.text(needs.own_vc_key) +
                                  " go round the rows of a torus of one terminal per router, and " +
                                  "this network is a " + topology.describe() + " (allowed here: " +
                                  needs.own_vc_alternative + ")"));
  }
  auto refuse = [&](const std::string& what) {
    throw ConfigError(controller.origin + ": congestion_control.type: " + controller.type + " " + what);
  };
  if (needs.router_rule && !topology.is_direct())
    refuse("acts in the router a node injects into, which needs a direct network, one node per router (this "
           "network is a " + topology.describe() + ")");
  if (needs.entropy_circuit && !has_entropy_circuit(topology_type, topology))
    refuse("needs the entropy circuit, which needs a k-ary n-cube of one terminal per router (this network is a " +
           topology.describe() + ")");
  if (needs.delivered_where_injected)
    for (NodeId node = 0; node < topology.node_count(); ++node)
      if (topology.delivery_point(node).router != topology.injection_point(node).router)
        refuse("sums the flits each node's router delivers, and on a " + topology.describe() +
               " nodes are delivered at other routers than they inject into");
  if (needs.bubble_escape_routing &&
      (!RoutingRegistry::get(routing.type).traits.bubble_escape || !router.virtual_cut_through)) {
    std::string routings;
    for (const std::string& name : RoutingRegistry::names())
      if (RoutingRegistry::get(name).traits.bubble_escape) routings += (routings.empty() ? "" : " or ") + name;
    refuse("restricts injection into the adaptive VCs beside bubble-flow-control escape VCs, under virtual "
           "cut-through (allowed with it: routing.type: " + routings + " and router.switching: virtual_cut_through)");
  }
}

}  // namespace icn
