// Dimension-order routing: correct dimension 0 first, then 1, … along a minimal direction.
//
// On a torus dimension the ring's cyclic channel dependency is broken by a dateline on the
// wrap-around link (Dally & Seitz): the VCs are split into two disjoint classes, low = VCs
// [0, ceil(V/2)) and high = [ceil(V/2), V). A packet enters each dimension in the low class and
// moves to the high class on the hop that crosses the dateline, staying there until it leaves the
// dimension. No minimal route crosses a dateline twice, so neither class has a cycle; V >= 2.
// The low class gets the extra VC for odd V because most hops happen before any crossing.
// On a mesh dimension there is no cycle and every VC is usable, so any V >= 1 works.
//
// When an even-k ring offers two minimal directions (offset exactly k/2), the choice depends on
// the current coordinate's parity (+ if even) so that both directions carry half of that traffic
// while the route stays a function of (node, destination) only.
#include <stdexcept>

#include "routing/routing_function.h"
#include "topology/topology.h"

namespace icn {
namespace {

class DimensionOrderRouting final : public RoutingFunction {
 public:
  DimensionOrderRouting(const Topology& topology, int virtual_channels)
      : topology_(topology) {
    const std::uint32_t all = first_vcs(virtual_channels);
    const int low_count = (virtual_channels + 1) / 2;
    low_ = first_vcs(low_count);
    high_ = all & ~low_;
    all_ = all;
    bool any_torus = false;
    for (int d = 0; d < topology.dimensions(); ++d) any_torus |= topology.wraps(d);
    if (any_torus && virtual_channels < 2)
      throw std::invalid_argument(
          "dimension-order routing on a torus needs at least 2 virtual channels (two dateline classes)");
    split_ = any_torus ? "dateline classes: low VCs 0.." + std::to_string(low_count - 1) +
                             ", high VCs " + std::to_string(low_count) + ".." +
                             std::to_string(virtual_channels - 1)
                       : "all VCs usable";
  }

  void route(NodeId node, int input_port, int input_vc, NodeId destination,
             RouteResult& out) const override {
    out.clear();
    const int port = topology_.dimension_order_port(node, destination);
    if (!topology_.wraps(Topology::dimension_of(port))) {
      out.add(port, all_);
      return;
    }
    // Still in the high class if it arrived straight along this direction in the high class.
    const bool was_high = input_port == port && ((high_ >> input_vc) & 1u);
    const bool high = was_high || topology_.crosses_dateline(node, port);
    out.add(port, high ? high_ : low_);
  }

  std::string describe() const override { return "dimension order, " + split_; }

 private:
  const Topology& topology_;
  std::uint32_t low_, high_, all_;
  std::string split_;
};

const Registration<RoutingRegistry> registration{{
    "dimension_order",
    "deterministic dimension-order routing; datelines on torus dimensions (needs V >= 2 there)",
    {},
    [](const RoutingContext& c) {
      return std::make_unique<DimensionOrderRouting>(c.topology, c.virtual_channels);
    }}};

}  // namespace
}  // namespace icn
