// Valiant routing on a HyperX (Ahn et al., SC 2009, sec. 4; Valiant and Brebner 1981): every packet
// goes in dimension order to a switch drawn uniformly where it enters the network, then in dimension
// order to its destination — any traffic spread evenly, at up to twice the hops. The route and its VC
// classes: hyperx_valiant_routing.h.
#include "routing/hyperx_valiant_routing.h"

#include <stdexcept>

namespace icn {

HyperXNonMinimalRouting::HyperXNonMinimalRouting(const HyperX& topology, int virtual_channels, const std::string& name)
    : topology_(topology) {
  if (virtual_channels < 2)
    throw std::invalid_argument(name + " on a HyperX needs at least 2 virtual channels (one per class: to the "
                                       "intermediate switch, to the destination)");
  to_waypoint_ = first_vcs(virtual_channels / 2);
  to_destination_ = first_vcs(virtual_channels) & ~to_waypoint_;
}

int HyperXNonMinimalRouting::hops_via(NodeId node, NodeId destination, NodeId intermediate) const {
  return topology_.hops_between(node, intermediate) + topology_.distance(intermediate, destination);
}

void HyperXNonMinimalRouting::route_via(NodeId node, int input_port, int input_vc, NodeId destination, NodeId waypoint,
                                        RouteResult& out) const {
  out.clear();
  // Still heading for the waypoint: entered or came on class 0, and not there yet.
  const bool on_first_leg = (injected(input_port) || ((to_waypoint_ >> input_vc) & 1u)) && node != waypoint;
  if (on_first_leg) {
    out.add(topology_.port_towards(node, waypoint), to_waypoint_);
  } else {
    out.add(topology_.deterministic_port(node, destination), to_destination_);
  }
}

namespace {

class HyperXValiantRouting final : public HyperXNonMinimalRouting {
 public:
  HyperXValiantRouting(const HyperX& topology, int virtual_channels)
      : HyperXNonMinimalRouting(topology, virtual_channels, "Valiant routing") {}
  NodeId choose_waypoint(NodeId, int input_port, int, NodeId, NodeId waypoint, RandomStream& random,
                         const PortOccupancy&) const override {
    return injected(input_port) ? NodeId(random.below(std::uint64_t(topology_.router_count()))) : waypoint;
  }
  std::string describe() const override { return "HyperX Valiant: through a random switch; VCs in halves by phase"; }
};

const RoutingVariantRegistration<HyperX> registration{
    "valiant", "in dimension order to a random switch, then to the destination (Valiant), VCs in halves by phase", {},
    [](const RoutingContext& c) {
      return std::make_unique<HyperXValiantRouting>(dynamic_cast<const HyperX&>(c.topology), c.virtual_channels);
    }};

}  // namespace
}  // namespace icn
