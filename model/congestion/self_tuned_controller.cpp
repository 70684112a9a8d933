// The self-tuned controller (self-tuned paper sec. 3-4): the global estimate against a threshold
// tuned by hill climbing with local-maxima avoidance (congestion/hill_climbing.h). A tuning
// decision is taken every tuning_period cycles — rounded to whole gathers, the period being an
// exact multiple of g (sec. 4.1) — on the flits delivered network-wide in it, or (throughput_window:
// last_gather) in its last gather only, scaled to the period: "the throughput in a tuning period" may
// be either, as the sideband delivers a count every gather.
#include <cmath>

#include "congestion/global_estimate_controller.h"
#include "congestion/hill_climbing.h"

namespace icn {
namespace {

class SelfTunedController final : public GlobalEstimateController {
 public:
  SelfTunedController(sc_core::sc_module_name name, const ControllerContext& c)
      : GlobalEstimateController(name, c, c.parameters.text("estimator") == "linear"),
        tuner_(HillClimbing::Parameters{
            total_buffers() * c.parameters.real("initial_percent") / 100.0,
            std::floor(total_buffers() * c.parameters.real("increment_percent") / 100.0),
            std::floor(total_buffers() * c.parameters.real("decrement_percent") / 100.0),
            c.parameters.real("drop_fraction"), c.parameters.real("reset_fraction"),
            int(c.parameters.integer("forget_after_resets")), c.parameters.text("restart") == "initial"}),
        period_cycles_(Cycle(c.parameters.integer("tuning_period"))),
        throttled_at_decision_(c.parameters.text("throttled") == "at_decision"),
        last_gather_only_(c.parameters.text("throughput_window") == "last_gather") {}

  double threshold() const override { return tuner_.threshold(); }

 private:
  void on_snapshot(double full_buffers, double delivered, Cycle now) override {
    delivered_in_period_ += delivered;
    throttling_in_period_ |= full_buffers > threshold();
    if (++snapshots_in_period_ < gathers()) return;
    // Table 1's column: whether the network "is currently throttled" (sec. 4.1) — at the decision.
    // Counting any snapshot of the period over the threshold instead lets an oscillating estimate
    // raise the threshold in nearly every period, and the network creeps into saturation.
    const bool throttled = throttled_at_decision_ ? estimate(now) > threshold() : throttling_in_period_;
    tuner_.decide(last_gather_only_ ? delivered * gathers() : delivered_in_period_, full_buffers, throttled);
    delivered_in_period_ = 0;
    throttling_in_period_ = false;
    snapshots_in_period_ = 0;
  }

  // At rest, once the tuner has forgotten its maximum and sees no throughput, every decision keeps
  // the threshold: skipped snapshots only move the count towards the next decision.
  bool settled_on(double full_buffers, double delivered) const override {
    return delivered == 0 && delivered_in_period_ == 0 && !throttling_in_period_ && !(full_buffers > threshold()) &&
           tuner_.settled_without_throughput();
  }
  void skip_snapshots(std::uint64_t snapshots) override {
    snapshots_in_period_ = int((std::uint64_t(snapshots_in_period_) + snapshots) % std::uint64_t(gathers()));
  }
  int gathers() const { return std::max(1, int(std::lround(double(period_cycles_) / double(gather_cycles())))); }

  HillClimbing tuner_;
  const Cycle period_cycles_;
  double delivered_in_period_ = 0;
  bool throttling_in_period_ = false;
  int snapshots_in_period_ = 0;
  const bool throttled_at_decision_;
  const bool last_gather_only_;
};

using P = ParameterSpec;
const Registration<ControllerRegistry> registration{{
    "self_tuned", "global full-buffer estimate against a threshold tuned by hill climbing (self-tuned paper)",
    GlobalEstimateController::with_common({P::integer("tuning_period", 96, 1, 100000000, "cycles between tuning decisions, rounded to whole gathers (sec. 4.1)"),
     P::real("initial_percent", 1, 0, 100, "initial threshold, % of all VC buffers"),
     P::real("increment_percent", 1, 0, 100, "threshold increase, % of all VC buffers"),
     P::real("decrement_percent", 4, 0, 100, "threshold decrease, % of all VC buffers"),
     P::real("drop_fraction", 0.75, 0, 1, "a drop: throughput below this fraction of the previous period's (Table 1)"),
     P::real("reset_fraction", 0.75, 0, 1,
             "reset to min(Tmax, Nmax) when throughput falls below this fraction of the maximum (sec. 4.2)"),
     P::integer("forget_after_resets", 5, 1, 1000000, "r: consecutive resets after which the maximum is forgotten"),
     P::choice("restart", "initial", {"initial", "reset_value"},
               "where the search for a new maximum starts once it is forgotten (sec. 4.2 'restart the "
               "maximum-locating process'): the initial threshold, or the reset value min(Tmax, Nmax)"),
     P::choice("throttled", "at_decision", {"at_decision", "in_period"},
               "Table 1's 'throttling': the estimate over the threshold at the decision (sec. 4.1: 'currently'), "
               "or at any snapshot of the tuning period"),
     P::choice("throughput_window", "period", {"period", "last_gather"},
               "the throughput a tuning decision compares: flits delivered over the whole tuning period, or over its "
               "last gather (scaled to the period)")}),
    [](sc_core::sc_module_name name, const ControllerContext& c) { return std::make_unique<SelfTunedController>(name, c); },
    GlobalEstimateController::needs()}};

}  // namespace
}  // namespace icn
