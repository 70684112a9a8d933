// Bernoulli: in every cycle a packet is created with probability p. The gaps between creations
// are geometric, drawn once per packet instead of once per cycle, which is the same process.
#include "traffic/injection_process.h"

namespace icn {
namespace {

class BernoulliProcess final : public InjectionProcess {
 public:
  explicit BernoulliProcess(double p) : p_(p) {}
  Cycle first(RandomStream& random) override { return p_ <= 0 ? kNever : random.geometric_gap(p_) - 1; }
  Cycle next(Cycle previous, RandomStream& random) override { return previous + random.geometric_gap(p_); }

 private:
  double p_;
};

const Registration<ProcessRegistry> registration{{
    "bernoulli", "a packet each cycle with probability rate (packets/node/cycle)", {},
    [](const ProcessContext& c) { return std::make_unique<BernoulliProcess>(c.packets_per_cycle); }}};

}  // namespace
}  // namespace icn
