// On/off bursty source: a two-state Markov chain with geometric on and off periods of the given
// means. While on, packets are created Bernoulli with the rate that makes the long-run average
// equal to `rate`: rate_on = rate · (mean_on + mean_off) / mean_on, which must not exceed 1.
// Each node starts in the on state with probability mean_on / (mean_on + mean_off).
#include <algorithm>

#include "common/config_error.h"
#include "common/text.h"
#include "traffic/injection_process.h"

namespace icn {
namespace {

class OnOffProcess final : public InjectionProcess {
 public:
  OnOffProcess(double rate_on, double mean_on, double mean_off)
      : rate_on_(rate_on), mean_on_(mean_on), mean_off_(mean_off) {}

  Cycle first(RandomStream& random) override {
    if (rate_on_ <= 0) return kNever;
    on_ = random.uniform() < mean_on_ / (mean_on_ + mean_off_);
    period_end_ = random.geometric_gap(1.0 / (on_ ? mean_on_ : mean_off_));  // state lasts [0, end)
    return search(0, random);
  }
  Cycle next(Cycle previous, RandomStream& random) override { return search(previous + 1, random); }

 private:
  // The first cycle >= from, in an on period, at which the on-state Bernoulli trial succeeds: the
  // trials are memoryless, so the number of on-cycles up to the success is one geometric draw,
  // spent across on periods. A success later than any run (4·10^9 cycles) is never, found in one
  // draw rather than by walking periods for ever.
  Cycle search(Cycle from, RandomStream& random) {
    constexpr Cycle kHorizon = 4000000000ULL;
    Cycle need = random.geometric_gap(rate_on_);
    if (need > kHorizon) return kNever;
    for (;;) {
      while (from >= period_end_) advance_period(random);
      if (on_) {
        if (need <= period_end_ - from) return from + need - 1;
        need -= period_end_ - from;
      }
      from = period_end_;
      if (from > kHorizon) return kNever;
    }
  }
  void advance_period(RandomStream& random) {
    on_ = !on_;
    period_end_ += random.geometric_gap(1.0 / (on_ ? mean_on_ : mean_off_));
  }

  double rate_on_, mean_on_, mean_off_;
  bool on_ = false;
  Cycle period_end_ = 0;
};

const Registration<ProcessRegistry> registration{{
    "on_off", "bursty: geometric on/off periods, Bernoulli while on, long-run mean = rate",
    {ParameterSpec::real("mean_on", 100, 1, 1e9, "mean length of an on period, cycles"),
     ParameterSpec::real("mean_off", 900, 1, 1e9, "mean length of an off period, cycles")},
    [](const ProcessContext& c) {
      const double on = c.parameters.real("mean_on"), off = c.parameters.real("mean_off");
      // A rate of exactly 1 computed through (on + off) / on may come out a rounding error above it.
      const double rate_on = c.packets_per_cycle * (on + off) / on;
      if (rate_on > 1.0 + 1e-9)
        throw ConfigError(c.parameters.problem("mean_on", "the on-state rate would be " + shortest(rate_on) +
                                                              " packets/cycle (allowed: mean_on and mean_off giving at most 1)"));
      return std::make_unique<OnOffProcess>(std::min(rate_on, 1.0), on, off);
    }}};

}  // namespace
}  // namespace icn
