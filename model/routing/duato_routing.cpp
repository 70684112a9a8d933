// Duato's deadlock avoidance (self-tuned paper sec. 5.1; Duato 1993): the escape VCs form a
// deadlock-free dimension-order network, every other VC is fully adaptive over all minimal
// directions. A header may take an adaptive VC on any useful channel (preference group 0) and
// falls back to the escape VC of the dimension-order channel (group 1) only when no adaptive VC
// is free; from an escape VC it may return to adaptive ones at the next hop.
//
// On a torus the escape VCs are split into dateline classes by position (Datelines::
// position_class): a hop uses class 1 iff the rest of the path in this dimension, from the next
// node on, crosses no dateline. The class then depends only on (node, destination), as it must
// for packets that enter the escape network from adaptive VCs anywhere; so of the dateline
// schemes only the position-based ones apply (wrap, two_datelines), not `entry`. escape_vcs
// defaults to 2 on a torus (one per class) and 1 on a mesh.
//
// With wormhole switching a packet may only enter an adaptive VC whose buffer is empty, so it
// never waits behind another packet's flits in a VC it cannot escape from (Duato's condition).
#include <stdexcept>

#include "routing/dateline.h"
#include "routing/routing_function.h"
#include "topology/kary_ncube.h"

namespace icn {
namespace {

class DuatoRouting final : public RoutingFunction {
 public:
  DuatoRouting(const KaryNCube& topology, int virtual_channels, int escape_vcs, DatelineScheme scheme)
      : topology_(topology), datelines_(topology, scheme) {
    if (scheme == DatelineScheme::Entry)
      throw std::invalid_argument("dateline: entry chooses a class where a packet enters a dimension, but packets "
                                  "enter Duato's escape network anywhere (allowed: wrap, two_datelines)");
    bool any_torus = false;
    for (int d = 0; d < topology.dimensions(); ++d) any_torus |= topology.wraps(d);
    if (escape_vcs == 0) escape_vcs = any_torus ? 2 : 1;
    if (any_torus && escape_vcs < 2)
      throw std::invalid_argument("the escape network of a torus needs at least 2 VCs (two dateline classes)");
    if (virtual_channels <= escape_vcs)
      throw std::invalid_argument("Duato routing needs more VCs than escape VCs (" + std::to_string(escape_vcs) +
                                  ") so that some are adaptive");
    const std::uint32_t all = first_vcs(virtual_channels);
    escape_ = first_vcs(escape_vcs);
    adaptive_ = all & ~escape_;
    const int low_count = any_torus ? (escape_vcs + 1) / 2 : escape_vcs;
    low_ = first_vcs(low_count);
    high_ = escape_ & ~low_;
    description_ = "Duato: adaptive minimal on VCs " + std::to_string(escape_vcs) + ".." +
                   std::to_string(virtual_channels - 1) + ", dimension-order escape on VCs 0.." +
                   std::to_string(escape_vcs - 1) + (any_torus ? " (dateline classes)" : "");
  }

  void route(NodeId node, int, int, NodeId destination, RouteResult& out) const override {
    out.clear();
    int ports[16];
    const int count = topology_.minimal_ports(node, destination, ports);
    for (int i = 0; i < count; ++i) out.add(ports[i], adaptive_, 0, true);
    // The escape channel: the dimension-order hop.
    const int port = topology_.dimension_order_port(node, destination);
    std::uint32_t mask = escape_;
    if (topology_.wraps(KaryNCube::dimension_of(port)))
      mask = datelines_.position_class(node, port, destination) == 0 ? low_ : high_;
    out.add(port, mask, 1, false);
  }

  std::uint32_t adaptive_vcs() const override { return adaptive_; }
  std::string describe() const override { return description_; }

 private:
  const KaryNCube& topology_;
  const Datelines datelines_;
  std::uint32_t escape_, adaptive_, low_, high_;
  std::string description_;
};

constexpr const char* kDefaultDateline = "wrap";

const Registration<RoutingRegistry> registration{{
    "duato", "Duato: fully adaptive minimal VCs plus a dimension-order escape network",
    {ParameterSpec::integer("escape_vcs", 0, 0, 31,
                            "VCs of the escape network (0: 2 on a torus for the dateline classes, 1 on a mesh)"),
     ParameterSpec::choice("dateline", kDefaultDateline, {"wrap", "two_datelines"},
                           "escape VC classes on a torus, by position: class 1 iff the rest of the path after the "
                           "hop crosses no dateline; the dateline is the wrap link (wrap) or also the half-way "
                           "link (two_datelines)")
         .acts_when(torus_dimension())},
    [](const RoutingContext& c) {
      const KaryNCube& topology = require<KaryNCube>(c.topology, "Duato's routing");
      return std::make_unique<DuatoRouting>(topology, c.virtual_channels, int(c.parameters.integer("escape_vcs")),
                                            dateline_scheme(c.parameters.text("dateline")));
    }}};

}  // namespace
}  // namespace icn
