// Minimal routing on a HyperX (Ahn et al., SC 2009, sec. 4): dimension order — the lowest coordinate
// that differs is corrected first, each in one hop. Channels are then taken in ascending dimension
// and a packet takes one per dimension: no cycle of channel dependencies on any VC, so every VC
// carries every hop.
#include "routing/routing_function.h"
#include "topology/hyperx.h"

namespace icn {
namespace {

class HyperXMinimalRouting final : public RoutingFunction {
 public:
  HyperXMinimalRouting(const HyperX& topology, int virtual_channels)
      : topology_(topology), vcs_(first_vcs(virtual_channels)) {}
  void route(NodeId node, int, int, NodeId destination, RouteResult& out) const override {
    out.clear();
    out.add(topology_.deterministic_port(node, destination), vcs_);
  }
  std::string describe() const override { return "HyperX minimal: dimension order, any VC"; }

 private:
  const HyperX& topology_;
  std::uint32_t vcs_;
};

const RoutingVariantRegistration<HyperX> registration{
    "minimal", "dimension order, one hop per differing coordinate, any VC", {}, [](const RoutingContext& c) {
      return std::make_unique<HyperXMinimalRouting>(dynamic_cast<const HyperX&>(c.topology), c.virtual_channels);
    }};

}  // namespace
}  // namespace icn
