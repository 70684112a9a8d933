// Periodic: a packet every 1/rate cycles, the regeneration interval of the self-tuned paper
// (sec. 5.2.3: "a packet regeneration interval of 10 cycles" is rate 0.1). A non-integer interval
// is kept exactly on average. Each node starts at a random phase within the first interval unless
// phase is "zero", which makes all nodes inject in lockstep.
#include <cmath>

#include "traffic/injection_process.h"

namespace icn {
namespace {

class PeriodicProcess final : public InjectionProcess {
 public:
  PeriodicProcess(double rate, bool random_phase) : interval_(rate > 0 ? 1.0 / rate : 0), random_phase_(random_phase) {}
  Cycle first(RandomStream& random) override {
    if (interval_ <= 0) return kNever;
    time_ = random_phase_ ? std::floor(random.uniform() * interval_) : 0.0;
    return cycle_at(time_);
  }
  Cycle next(Cycle, RandomStream&) override {
    time_ += interval_;
    return cycle_at(time_);
  }

 private:
  double interval_;
  bool random_phase_;
  double time_ = 0;
};

const Registration<ProcessRegistry> registration{{
    "periodic", "a packet every 1/rate cycles (regeneration interval)",
    {ParameterSpec::choice("phase", "random", {"random", "zero"},
                           "first packet at a random cycle of the first interval, or at cycle 0 on every node")},
    [](const ProcessContext& c) {
      return std::make_unique<PeriodicProcess>(c.packets_per_cycle, c.parameters.text("phase") == "random");
    }}};

}  // namespace
}  // namespace icn
