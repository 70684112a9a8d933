// Uniform random: every node other than the source is equally likely.
#include "topology/topology.h"
#include "traffic/destination_pattern.h"

namespace icn {
namespace {

class UniformRandomPattern final : public DestinationPattern {
 public:
  explicit UniformRandomPattern(NodeId nodes) : nodes_(nodes) {}
  NodeId destination(NodeId source, RandomStream& random) const override {
    const NodeId pick = NodeId(random.below(nodes_ - 1));
    return pick >= source ? pick + 1 : pick;  // skip the source itself
  }

 private:
  NodeId nodes_;
};

const Registration<PatternRegistry> registration{{
    "uniform", "uniform random destination among all other nodes", {},
    [](const PatternContext& c) { return std::make_unique<UniformRandomPattern>(c.topology.node_count()); }}};

}  // namespace
}  // namespace icn
