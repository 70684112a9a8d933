// Minimal adaptive routing on a HyperX (Ahn et al., SC 2009, sec. 4.1, with Duato's escape channels):
// any coordinate that differs may be corrected next, on the adaptive VCs (1 … V − 1), preferred; VC 0
// is the escape network, routed in dimension order. An escape channel's packet has corrected every
// lower dimension, and whatever adaptive hops it takes next correct higher ones, so the escape
// channels' extended dependencies only ever climb in dimension: acyclic, deadlock-free (V >= 2).
#include <stdexcept>

#include "routing/routing_function.h"
#include "topology/hyperx.h"

namespace icn {
namespace {

class HyperXMinimalAdaptiveRouting final : public RoutingFunction {
 public:
  HyperXMinimalAdaptiveRouting(const HyperX& topology, int virtual_channels)
      : topology_(topology), adaptive_(first_vcs(virtual_channels) & ~1u) {
    if (virtual_channels < 2)
      throw std::invalid_argument("minimal adaptive routing on a HyperX needs at least 2 virtual channels (VC 0 "
                                  "escapes in dimension order, the rest are adaptive)");
  }
  void route(NodeId node, int, int, NodeId destination, RouteResult& out) const override {
    out.clear();
    int ports[64];
    const int n = topology_.minimal_ports(node, destination, ports);
    for (int i = 0; i < n; ++i) out.add(ports[i], adaptive_, 0);
    out.add(topology_.deterministic_port(node, destination), 1u, 1);
  }
  std::string describe() const override {
    return "HyperX minimal adaptive: VCs 1.. on any differing dimension, VC 0 escapes in dimension order";
  }
  std::uint32_t adaptive_vcs() const override { return adaptive_; }

 private:
  const HyperX& topology_;
  std::uint32_t adaptive_;
};

const Registration<RoutingRegistry> registration{{
    "minimal_adaptive",
    "HyperX: any differing dimension next on adaptive VCs, VC 0 an escape network in dimension order (Duato)",
    {},
    [](const RoutingContext& c) {
      return std::make_unique<HyperXMinimalAdaptiveRouting>(require<HyperX>(c.topology, "minimal adaptive routing"),
                                                            c.virtual_channels);
    }}};

}  // namespace
}  // namespace icn
