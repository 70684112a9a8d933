// Uniform random: every node other than the source is equally likely; with include_source, every
// node, the source too (BookSim 2's uniform traffic: a packet to itself goes through its router).
#include "common/parameters.h"
#include "topology/topology.h"
#include "traffic/destination_pattern.h"

namespace icn {
namespace {

class UniformRandomPattern final : public DestinationPattern {
 public:
  UniformRandomPattern(NodeId nodes, bool include_source) : nodes_(nodes), include_source_(include_source) {}
  NodeId destination(NodeId source, RandomStream& random) const override {
    if (include_source_) return NodeId(random.below(nodes_));
    const NodeId pick = NodeId(random.below(nodes_ - 1));
    return pick >= source ? pick + 1 : pick;  // skip the source itself
  }
  bool sends_to_source() const override { return include_source_; }

 private:
  NodeId nodes_;
  bool include_source_;
};

const Registration<PatternRegistry> registration{{
    "uniform", "uniform random destination among all other nodes (or all nodes: include_source)",
    {ParameterSpec::boolean("include_source", false,
                            "the source is a destination too, 1 in N packets, sent through its own router and back: "
                            "BookSim 2's uniform traffic, for like-for-like comparisons (docs/routing.md)")},
    [](const PatternContext& c) {
      return std::make_unique<UniformRandomPattern>(c.topology.node_count(), c.parameters.boolean("include_source"));
    }}};

}  // namespace
}  // namespace icn
