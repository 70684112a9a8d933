// Ramp load (entropy paper sec. 5.1.2, the "ramp load method"): the offered load starts at zero
// and rises by `step` (in injection.unit per node per cycle) every `interval` cycles; packets are
// created Bernoulli at the current load. One run then traces the whole throughput curve, and the
// critical load ratio is read off it (stats/critical_load.h). injection.rate is not used.
#include <algorithm>

#include "traffic/injection_process.h"

namespace icn {
namespace {

class RampProcess final : public InjectionProcess {
 public:
  RampProcess(double step_packets, Cycle interval) : step_(step_packets), interval_(interval) {}
  Cycle first(RandomStream& random) override { return search(0, random); }
  Cycle next(Cycle previous, RandomStream& random) override { return search(previous + 1, random); }

 private:
  // The first cycle >= from whose Bernoulli trial succeeds, at each interval's own rate (the
  // geometric gap is memoryless, so it may be redrawn at every step boundary).
  Cycle search(Cycle from, RandomStream& random) {
    for (;;) {
      const Cycle level = from / interval_;
      const Cycle step_end = (level + 1) * interval_;
      const double p = std::min(1.0, step_ * double(level));
      if (p > 0) {
        const Cycle candidate = from + random.geometric_gap(p) - 1;
        if (candidate < step_end) return candidate;
      }
      from = step_end;
    }
  }
  double step_;
  Cycle interval_;
};

const Registration<ProcessRegistry> registration{{
    "ramp", "load rising from 0 by step every interval cycles (ramp load method); rate not used",
    {ParameterSpec::real("step", 0.01, 1e-9, 1, "load increase per interval, in injection.unit per node per cycle"),
     ParameterSpec::integer("interval", 1000, 1, 4000000000LL, "cycles between increases"),
     ParameterSpec::integer("smoothing", 20, 1, 1000000, "samples in the moving average of the analysis"),
     ParameterSpec::real("degradation", 0.1, 0.001, 0.999,
                         "critical load: smoothed throughput this fraction below smoothed offered load"),
     // Where a window holds few packets, chance alone moves throughput by more than 10 %.
     ParameterSpec::real("ignore_below", 0.02, 0, 1,
                         "no critical load below this smoothed offered load, flits/node/cycle (sampling noise)")},
    [](const ProcessContext& c) {
      return std::make_unique<RampProcess>(c.parameters.real("step") * c.packets_per_unit,
                                           Cycle(c.parameters.integer("interval")));
    },
    ProcessTraits{/*ramps=*/true, /*uses_rate=*/false}}};

}  // namespace
}  // namespace icn
