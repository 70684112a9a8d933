// Random: each waiting VC is equally likely to win the channel (Dally sec. III-C).
#include "router/arbitration_policy.h"

namespace icn {
namespace {

class RandomArbitration final : public ArbitrationPolicy {
 public:
  explicit RandomArbitration(RandomStream random) : random_(random) {}
  int choose(const ArbitrationRequest*, int count) override { return int(random_.below(std::uint64_t(count))); }

 private:
  RandomStream random_;
};

const Registration<ArbitrationRegistry> registration{{
    "random", "a uniformly random waiting VC wins", {},
    [](ArbitrationContext c) { return std::make_unique<RandomArbitration>(c.random); }}};

}  // namespace
}  // namespace icn
