// Hot spot: a fraction of the packets goes to one of a set of hot nodes (uniformly among them),
// the rest uniform over all other nodes. A node never sends to itself.
#include <algorithm>

#include "common/config_error.h"
#include "topology/topology.h"
#include "traffic/destination_pattern.h"

namespace icn {
namespace {

class HotSpotPattern final : public DestinationPattern {
 public:
  HotSpotPattern(NodeId nodes, double fraction, std::vector<NodeId> hot)
      : nodes_(nodes), fraction_(fraction), hot_(std::move(hot)) {}

  NodeId destination(NodeId source, RandomStream& random) const override {
    if (random.uniform() < fraction_) {
      const NodeId pick = hot_[random.below(hot_.size())];
      if (pick != source) return pick;
    }
    const NodeId pick = NodeId(random.below(nodes_ - 1));
    return pick >= source ? pick + 1 : pick;
  }

 private:
  NodeId nodes_;
  double fraction_;
  std::vector<NodeId> hot_;
};

const Registration<PatternRegistry> registration{{
    "hot_spot", "a fraction of the traffic to a set of hot nodes, the rest uniform",
    {ParameterSpec::integer("nodes", 0, 0, 1 << 24, "the hot nodes").as_list(),
     ParameterSpec::real("fraction", 0.1, 0, 1, "share of packets sent to a hot node")},
    [](const PatternContext& c) {
      std::vector<NodeId> hot;
      for (long long n : c.parameters.integers("nodes")) {
        if (n >= (long long)c.topology.node_count())
          throw ConfigError(c.parameters.problem("nodes", std::to_string(n) + " is not a node (allowed: 0.." +
                                                              std::to_string(c.topology.node_count() - 1) + ")"));
        hot.push_back(NodeId(n));
      }
      return std::make_unique<HotSpotPattern>(c.topology.node_count(), c.parameters.real("fraction"), hot);
    }}};

}  // namespace
}  // namespace icn
