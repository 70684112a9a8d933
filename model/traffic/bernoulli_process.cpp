// Bernoulli: in every cycle a packet is created with probability p. The gaps between creations
// are geometric, drawn once per packet instead of once per cycle, which is the same process.
#include "traffic/injection_process.h"

namespace icn {
namespace {

class BernoulliProcess final : public InjectionProcess {
 public:
  explicit BernoulliProcess(double p) : p_(p) {}
  std::uint64_t gap(RandomStream& random) override {
    return p_ <= 0 ? UINT64_MAX / 4 : random.geometric_gap(p_);
  }

 private:
  double p_;
};

const Registration<ProcessRegistry> registration{{
    "bernoulli", "a packet each cycle with probability rate (packets/node/cycle)", {},
    [](const ProcessContext& c) { return std::make_unique<BernoulliProcess>(c.packets_per_cycle); }}};

}  // namespace
}  // namespace icn
