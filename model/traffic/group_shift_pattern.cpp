// Group shift on a dragonfly: every terminal of group i sends to a terminal of group i + 1 (mod g)
// drawn uniformly — the adversarial pattern of Kim, Dally, Scott, Abts (ISCA 2008, sec. 4.2), under
// which minimal routing funnels a whole group's traffic into its one global channel to the next
// group: at most 1/(a·p) flits/node/cycle.
#include "topology/dragonfly.h"
#include "traffic/destination_pattern.h"

namespace icn {
namespace {

class GroupShiftPattern final : public DestinationPattern {
 public:
  explicit GroupShiftPattern(const Dragonfly& topology)
      : per_group_(NodeId(topology.terminals()) * NodeId(topology.routers_per_group())),
        groups_(NodeId(topology.groups())) {}
  NodeId destination(NodeId source, RandomStream& random) const override {
    const NodeId next = (source / per_group_ + 1) % groups_;
    return next * per_group_ + NodeId(random.below(per_group_));
  }

 private:
  NodeId per_group_, groups_;
};

const Registration<PatternRegistry> registration{{
    "group_shift", "dragonfly: a uniformly drawn terminal of the next group (group i to group i + 1 mod g)", {},
    [](const PatternContext& c) {
      return std::make_unique<GroupShiftPattern>(require<Dragonfly>(c.topology, "the group_shift pattern"));
    },
    PatternTraits{"dragonfly"}}};

}  // namespace
}  // namespace icn
