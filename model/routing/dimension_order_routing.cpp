// Dimension-order routing: correct dimension 0 first, then 1, … along a minimal direction.
//
// On a torus dimension the ring's cyclic channel dependency is broken by dateline classes
// (routing/dateline.h, `dateline`): the VCs split into class 0 = [0, ceil(V/2)) and class 1 =
// [ceil(V/2), V), and the scheme says which class each hop uses; V >= 2. Class 0 gets the extra VC
// for odd V: under every scheme most hops are class 0 hops. On a mesh dimension there is no cycle
// and every VC is usable, so any V >= 1 works. The `counted` scheme has no classes: one VC per hop,
// the number of datelines crossed so far (V >= 1 + torus dimensions; mesh hops keep the VC).
//
// When an even-k ring offers two minimal directions (offset exactly k/2), the choice depends on
// the current coordinate's parity (+ if even) so that both directions carry half of that traffic
// while the route stays a function of (node, destination) only.
#include <stdexcept>

#include "routing/dateline.h"
#include "routing/routing_function.h"
#include "topology/kary_ncube.h"

namespace icn {
namespace {

class DimensionOrderRouting final : public RoutingFunction {
 public:
  DimensionOrderRouting(const KaryNCube& topology, int virtual_channels, DatelineScheme scheme)
      : topology_(topology), datelines_(topology, scheme) {
    const std::uint32_t all = first_vcs(virtual_channels);
    const int low_count = (virtual_channels + 1) / 2;
    class_mask_[0] = first_vcs(low_count);
    class_mask_[1] = all & ~class_mask_[0];
    all_ = all;
    bool any_torus = false;
    for (int d = 0; d < topology.dimensions(); ++d) any_torus |= topology.wraps(d);
    if (any_torus && virtual_channels < 2)
      throw std::invalid_argument(
          "dimension-order routing on a torus needs at least 2 virtual channels (two dateline classes)");
    int torus_dimensions = 0;
    for (int d = 0; d < topology.dimensions(); ++d) torus_dimensions += topology.wraps(d);
    counted_ = scheme == DatelineScheme::Counted;
    if (counted_ && virtual_channels < 1 + torus_dimensions)
      throw std::invalid_argument("dimension-order routing with counted datelines needs at least " +
                                  std::to_string(1 + torus_dimensions) +
                                  " virtual channels (one more than the torus dimensions)");
    static const char* names[] = {"wrap", "entry", "two_datelines", "counted"};
    if (counted_) {
      split_ = "VC = datelines crossed so far (two per ring), from VC 0";
      return;
    }
    split_ = any_torus ? std::string("dateline classes (") + names[int(scheme)] + "): class 0 VCs 0.." +
                             std::to_string(low_count - 1) + ", class 1 VCs " + std::to_string(low_count) + ".." +
                             std::to_string(virtual_channels - 1)
                       : "all VCs usable";
  }

  void route(NodeId node, int input_port, int input_vc, NodeId destination,
             RouteResult& out) const override {
    out.clear();
    const int port = topology_.dimension_order_port(node, destination);
    if (counted_) {
      const int vc = (input_port >= topology_.network_ports() ? 0 : input_vc) + datelines_.on_link(node, port);
      out.add(port, 1u << vc);
      return;
    }
    if (!topology_.wraps(KaryNCube::dimension_of(port))) {
      out.add(port, all_);
      return;
    }
    const int input_class = (class_mask_[1] >> input_vc) & 1u;
    out.add(port, class_mask_[datelines_.hop_class(node, port, destination, input_port, input_class)]);
  }

  std::string describe() const override { return "dimension order, " + split_; }

 private:
  const KaryNCube& topology_;
  const Datelines datelines_;
  std::uint32_t class_mask_[2], all_;
  bool counted_ = false;
  std::string split_;
};

constexpr const char* kDefaultDateline = "two_datelines";

const Registration<RoutingRegistry> registration{{
    "dimension_order",
    "deterministic dimension-order routing; dateline VC classes on torus dimensions (needs V >= 2 there)",
    {ParameterSpec::choice("dateline", kDefaultDateline, dateline_scheme_names(),
                           "torus VC classes: two_datelines (class 1 from the wrap or the half-way link on), entry "
                           "(class chosen where a packet enters a dimension: 1 if its path there wraps), wrap "
                           "(class 1 from the wrap link on), counted (no classes: VC = datelines crossed so far, two per "
                           "ring; the entropy paper's)")
         .acts_when(torus_dimension())},
    [](const RoutingContext& c) {
      const KaryNCube& topology = require<KaryNCube>(c.topology, "dimension-order routing");
      return std::make_unique<DimensionOrderRouting>(topology, c.virtual_channels,
                                                     dateline_scheme(c.parameters.text("dateline")));
    }}};

}  // namespace
}  // namespace icn
