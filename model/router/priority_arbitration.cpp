// Priority classes (Dally Fig. 18): a flit of a higher traffic class always wins; within a class
// the oldest packet wins.
#include "router/arbitration_policy.h"

namespace icn {
namespace {

class PriorityArbitration final : public ArbitrationPolicy {
 public:
  int choose(const ArbitrationRequest* requests, int count) override {
    int winner = 0;
    for (int i = 1; i < count; ++i) {
      const auto& r = requests[i];
      const auto& w = requests[winner];
      if (r.priority > w.priority || (r.priority == w.priority && r.age < w.age)) winner = i;
    }
    return winner;
  }
  bool uses_age() const override { return true; }
};

const Registration<ArbitrationRegistry> registration{{
    "priority", "the highest traffic class wins, oldest first within a class (Dally Fig. 18)", {},
    [](ArbitrationContext) { return std::make_unique<PriorityArbitration>(); }}};

}  // namespace
}  // namespace icn
