// Oldest first: the flit of the oldest packet (earliest creation) wins — Dally sec. III-C's
// deadline scheduling with age as the deadline, which lowers the spread of latency (Fig. 17).
// Ties go to the lowest requester.
#include "router/arbitration_policy.h"

namespace icn {
namespace {

class OldestFirstArbitration final : public ArbitrationPolicy {
 public:
  int choose(const ArbitrationRequest* requests, int count) override {
    int winner = 0;
    for (int i = 1; i < count; ++i)
      if (requests[i].age < requests[winner].age) winner = i;
    return winner;
  }
  bool uses_age() const override { return true; }
};

const Registration<ArbitrationRegistry> registration{{
    "oldest_first", "the oldest packet's flit wins (age-based deadline, Dally Fig. 17)", {},
    [](ArbitrationContext) { return std::make_unique<OldestFirstArbitration>(); }}};

}  // namespace
}  // namespace icn
