// Hot region (realistic-loads paper sec. V, after its ref. [3]): a fraction of the packets
// (default 25 %) goes to a node range (default nodes 0–7), chosen uniformly there; the rest is
// uniform over all other nodes. A node never sends to itself.
#include "common/config_error.h"
#include "topology/topology.h"
#include "traffic/destination_pattern.h"

namespace icn {
namespace {

class HotRegionPattern final : public DestinationPattern {
 public:
  HotRegionPattern(NodeId nodes, double fraction, NodeId first, NodeId last)
      : nodes_(nodes), fraction_(fraction), first_(first), size_(last - first + 1) {}

  NodeId destination(NodeId source, RandomStream& random) const override {
    const bool source_inside = source >= first_ && source < first_ + size_;
    if (random.uniform() < fraction_ && size_ > (source_inside ? 1u : 0u)) {
      NodeId pick = first_ + NodeId(random.below(size_ - (source_inside ? 1 : 0)));
      return source_inside && pick >= source ? pick + 1 : pick;
    }
    const NodeId pick = NodeId(random.below(nodes_ - 1));
    return pick >= source ? pick + 1 : pick;
  }

 private:
  NodeId nodes_;
  double fraction_;
  NodeId first_, size_;
};

const Registration<PatternRegistry> registration{{
    "hot_region", "a fraction of the traffic to a node range, the rest uniform (realistic-loads paper)",
    {ParameterSpec::real("fraction", 0.25, 0, 1, "share of packets sent to the hot region"),
     ParameterSpec::integer("first", 0, 0, 1 << 24, "first node of the hot region"),
     ParameterSpec::integer("last", 7, 0, 1 << 24, "last node of the hot region (inclusive)")},
    [](const PatternContext& c) {
      const auto first = NodeId(c.parameters.integer("first")), last = NodeId(c.parameters.integer("last"));
      const NodeId nodes = c.topology.node_count();
      if (last >= nodes)
        throw ConfigError(c.parameters.problem("last", std::to_string(last) + " is not a node (allowed: 0.." +
                                                           std::to_string(nodes - 1) + ")"));
      if (first > last)
        throw ConfigError(c.parameters.problem("first", std::to_string(first) + " is after last (allowed: 0.." +
                                                            std::to_string(last) + ")"));
      return std::make_unique<HotRegionPattern>(nodes, c.parameters.real("fraction"), first, last);
    }}};

}  // namespace
}  // namespace icn
