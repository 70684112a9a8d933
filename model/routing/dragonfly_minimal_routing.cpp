// Minimal routing on a dragonfly (Kim, Dally, Scott, Abts, ISCA 2008, sec. 4): the one minimal route
// — a local hop to the router holding the channel to the destination's group, the global hop, a
// local hop in the destination's group — with the paper's VC classes for deadlock freedom: local
// hops before the global one and the global hop itself on class 0, the local hop after it on class
// 1. A packet's channels then only ever go from class 0 to class 1 or from local to global within
// class 0, an acyclic order. The classes split the VCs in two halves (V >= 2). `vc_classes: none`
// lets every hop take any VC: local and global channels of different groups can then wait on each
// other in a cycle, and do at full load — the deadlock the classes are there for (the watchdog's
// knot names it).
#include <stdexcept>

#include "routing/routing_function.h"
#include "topology/dragonfly.h"

namespace icn {
namespace {

class DragonflyMinimalRouting final : public RoutingFunction {
 public:
  DragonflyMinimalRouting(const Dragonfly& topology, int virtual_channels, bool classes) : topology_(topology) {
    if (!classes) {
      before_ = after_ = first_vcs(virtual_channels);
      return;
    }
    if (virtual_channels < 2)
      throw std::invalid_argument("minimal routing on a dragonfly needs at least 2 virtual channels (one per class: "
                                  "before and after the global hop)");
    const int low = virtual_channels / 2;
    before_ = first_vcs(low);
    after_ = first_vcs(virtual_channels) & ~before_;
  }

  void route(NodeId node, int input_port, int, NodeId destination, RouteResult& out) const override {
    out.clear();
    const int port = topology_.deterministic_port(node, destination);
    // A local hop after a global one: the packet came in on a global port, or on a local port of the
    // destination's group when it did not start there (then its global hop is behind it).
    const bool arrived_global = input_port < topology_.network_ports() && topology_.is_global(input_port);
    const bool after_global = !topology_.is_global(port) && arrived_global;
    out.add(port, after_global ? after_ : before_);
  }
  std::string describe() const override {
    return before_ == after_ ? "dragonfly minimal: any VC on any hop (no classes: can deadlock)"
                             : "dragonfly minimal: VCs in halves, up to the global hop and after it";
  }

 private:
  const Dragonfly& topology_;
  std::uint32_t before_ = 0, after_ = 0;
};

const RoutingVariantRegistration<Dragonfly> registration{
    "minimal", "the one minimal route (local, global, local), VC classes before and after the global hop",
    {ParameterSpec::choice("vc_classes", "path_order", {"path_order", "none"},
                           "path_order: VCs in halves before and after the global hop (deadlock-free); none: any VC "
                           "on any hop, which can deadlock (what the classes prevent)")},
    [](const RoutingContext& c) {
      return std::make_unique<DragonflyMinimalRouting>(dynamic_cast<const Dragonfly&>(c.topology), c.virtual_channels,
                                                       c.parameters.text("vc_classes") != "none");
    }};

}  // namespace
}  // namespace icn
