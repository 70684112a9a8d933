// Exponential inter-arrival times (a Poisson process, as in the Trans-t paper sec. 4.1): arrival
// instants are real-valued, t_{i+1} = t_i + Exp(rate), and a packet is created in cycle ⌊t_i⌋, so
// two packets may be created in the same cycle.
#include <cmath>

#include "traffic/injection_process.h"

namespace icn {
namespace {

class ExponentialProcess final : public InjectionProcess {
 public:
  explicit ExponentialProcess(double rate) : rate_(rate) {}
  Cycle first(RandomStream& random) override {
    if (rate_ <= 0) return kNever;
    time_ = draw(random);
    return cycle_at(time_);
  }
  Cycle next(Cycle, RandomStream& random) override {
    time_ += draw(random);
    return cycle_at(time_);
  }

 private:
  double draw(RandomStream& random) { return -std::log(1.0 - random.uniform()) / rate_; }
  double rate_;
  double time_ = 0;
};

const Registration<ProcessRegistry> registration{{
    "exponential", "Poisson arrivals: exponential inter-arrival times of mean 1/rate cycles", {},
    [](const ProcessContext& c) { return std::make_unique<ExponentialProcess>(c.packets_per_cycle); }}};

}  // namespace
}  // namespace icn
