// True fully adaptive routing (Trans-t paper sec. 4.1): every VC of every minimal direction is
// admissible. It can deadlock; a run needs deadlock detection and recovery, or the watchdog
// (simulation.watchdog_cycles) stops it with the cycle of waiting VCs.
#include "routing/routing_function.h"
#include "topology/topology.h"

namespace icn {
namespace {

class TrueFullyAdaptiveRouting final : public RoutingFunction {
 public:
  TrueFullyAdaptiveRouting(const Topology& topology, int virtual_channels)
      : topology_(topology), all_(first_vcs(virtual_channels)) {}

  void route(NodeId node, int, int, NodeId destination, RouteResult& out) const override {
    out.clear();
    int ports[16];
    const int count = topology_.minimal_ports(node, destination, ports);
    for (int i = 0; i < count; ++i) out.add(ports[i], all_);
  }
  std::string describe() const override { return "true fully adaptive: every VC of every minimal direction"; }

 private:
  const Topology& topology_;
  std::uint32_t all_;
};

const Registration<RoutingRegistry> registration{{
    "tfar", "true fully adaptive minimal routing on all VCs (deadlock-prone: needs recovery)", {},
    [](const RoutingContext& c) { return std::make_unique<TrueFullyAdaptiveRouting>(c.topology, c.virtual_channels); }}};

}  // namespace
}  // namespace icn
