// Round-robin: the requester (input port) after the last winner goes first, so a requester that
// keeps asking loses at most once to each other requester before it wins (Dally sec. III-C's fair
// allocation; the bound of docs/routing.md, "Fairness"). Each input offers one flit per cycle.
#include "router/arbitration_policy.h"

namespace icn {
namespace {

class RoundRobinArbitration final : public ArbitrationPolicy {
 public:
  int choose(const ArbitrationRequest* requests, int count) override {
    int winner = 0;
    for (int i = 0; i < count; ++i)
      if (key(requests[i]) > last_) { winner = i; break; }
    last_ = key(requests[winner]);
    return winner;
  }
  void granted_alone(int requester) override { last_ = requester; }

 private:
  static int key(const ArbitrationRequest& r) { return r.requester; }
  int last_ = -1;
};

const Registration<ArbitrationRegistry> registration{{
    "round_robin", "rotating priority: the requester after the last winner goes first", {},
    [](ArbitrationContext) { return std::make_unique<RoundRobinArbitration>(); },
    ArbitrationTraits{true}}};

}  // namespace
}  // namespace icn
