// The adaptive bubble router (realistic-loads paper sec. IV; Puente et al.): with virtual
// cut-through, escape VCs (default 1) route in dimension order under bubble flow control — a
// packet may enter a ring's escape VC only if room for two whole packets is left there, one
// continuing along the ring needs room for one — so every ring always keeps a free packet
// buffer and the escape network cannot deadlock, with a single escape VC even on a torus. The
// other VCs are fully adaptive over the minimal directions and are preferred.
#include <stdexcept>

#include "routing/routing_function.h"
#include "topology/kary_ncube.h"

namespace icn {
namespace {

class BubbleRouting final : public RoutingFunction {
 public:
  BubbleRouting(const KaryNCube& topology, int virtual_channels, int escape_vcs, bool cut_through)
      : topology_(topology) {
    if (!cut_through)
      throw std::invalid_argument("bubble flow control needs router.switching: virtual_cut_through");
    if (virtual_channels < escape_vcs)
      throw std::invalid_argument("needs at least " + std::to_string(escape_vcs) + " VCs for the escape network");
    const std::uint32_t all = first_vcs(virtual_channels);
    escape_ = first_vcs(escape_vcs);
    adaptive_ = all & ~escape_;
    description_ = "adaptive bubble: escape VCs 0.." + std::to_string(escape_vcs - 1) +
                   " in dimension order with bubble flow control" +
                   (adaptive_ ? ", adaptive minimal on the others" : "");
  }

  void route(NodeId node, int, int, NodeId destination, RouteResult& out) const override {
    out.clear();
    if (adaptive_) {
      int ports[16];
      const int count = topology_.minimal_ports(node, destination, ports);
      for (int i = 0; i < count; ++i) out.add(ports[i], adaptive_);
    }
    out.add(topology_.dimension_order_port(node, destination), escape_, 1, false, true);
  }

  std::uint32_t adaptive_vcs() const override { return adaptive_; }
  std::string describe() const override { return description_; }
  int packets_per_buffer() const override { return 2; }  // entering a ring leaves room for one more

 private:
  const KaryNCube& topology_;
  std::uint32_t escape_, adaptive_;
  std::string description_;
};

const Registration<RoutingRegistry> registration{{
    "bubble", "adaptive bubble router: dimension-order escape VCs with bubble flow control (needs cut-through)",
    {ParameterSpec::integer("escape_vcs", 1, 1, 31, "VCs of the bubble escape network")},
    [](const RoutingContext& c) {
      return std::make_unique<BubbleRouting>(require<KaryNCube>(c.topology, "bubble routing"), c.virtual_channels,
                                             int(c.parameters.integer("escape_vcs")), c.virtual_cut_through);
    },
    RoutingTraits{/*bubble_escape=*/true}}};

}  // namespace
}  // namespace icn
