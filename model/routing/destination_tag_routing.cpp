// Destination-tag routing on a k-ary n-fly (virtual-channel paper sec. II): stage s takes the output
// port named by base-k digit n − 1 − s of the destination (topology/kary_nfly.h). The network is
// feed-forward — every link goes to the next stage — so no channel dependency can close a cycle and
// a packet may take any VC.
#include "routing/routing_function.h"
#include "topology/kary_nfly.h"

namespace icn {
namespace {

class DestinationTagRouting final : public RoutingFunction {
 public:
  DestinationTagRouting(const KaryNFly& topology, int virtual_channels)
      : topology_(topology), all_(first_vcs(virtual_channels)) {}

  void route(NodeId node, int, int, NodeId destination, RouteResult& out) const override {
    out.clear();
    out.add(topology_.deterministic_port(node, destination), all_);
  }
  std::string describe() const override { return "destination tag, any VC"; }

 private:
  const KaryNFly& topology_;
  const std::uint32_t all_;
};

const Registration<RoutingRegistry> registration{{
    "destination_tag", "k-ary n-fly: each stage takes the port named by one base-k digit of the destination", {},
    [](const RoutingContext& c) {
      return std::make_unique<DestinationTagRouting>(require<KaryNFly>(c.topology, "destination-tag routing"),
                                                     c.virtual_channels);
    }}};

}  // namespace
}  // namespace icn
