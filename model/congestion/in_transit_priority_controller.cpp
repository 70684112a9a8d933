// In-Transit Priority Restriction (IPR; realistic-loads paper sec. III, as in IBM BG/L's torus): in
// a fraction P of cycles in-transit traffic has priority, and a new packet may take an output of
// its router only if no packet already in the network holds or waits for that output there. P = 0
// is no restriction, P = 1 absolute priority (the paper's setting). Which cycles are restricted is
// drawn per router and cycle from the run's seed.
#include "congestion/congestion_controller.h"
#include "core/cycle_clock.h"
#include "core/random_stream.h"
#include "router/router.h"

namespace icn {
namespace {

class InTransitPriorityController final : public CongestionController, public InjectionRule {
 public:
  InTransitPriorityController(sc_core::sc_module_name name, const ControllerContext& c)
      : CongestionController(name),
        clock_(c.clock),
        probability_(c.parameters.real("probability")),
        random_(make_stream(c.seed, RandomPurpose::Controller, c.node)) {}

  bool may_inject(const Packet&, Cycle) override { return true; }  // the rule acts in the router
  InjectionRule* injection_rule() override { return this; }

  bool admits_injection(const Router& router, const InjectionRequest& request) override {
    const Cycle now = clock_.cycle();
    if (!restricted(now) || !router.in_transit_wants(request.port)) return true;
    count_throttled_cycle(now);
    return false;
  }

  bool throttling(Cycle now) const override { return refused_lately(now); }
  void telemetry(std::vector<std::pair<const char*, double>>& out) const override {
    // Of the cycles in which a new packet asked for an output, the share that were restricted (≈ P).
    out.emplace_back("ipr.restricted_fraction", draws_ ? double(restricted_draws_) / double(draws_) : 0.0);
  }

 private:
  static constexpr Cycle kNever = ~Cycle(0);

  // One draw per cycle (the rule may be asked several times in a cycle), none at all when P is 0 or 1.
  bool restricted(Cycle now) {
    if (now != drawn_for_) {
      drawn_for_ = now;
      restricted_ = probability_ >= 1 || (probability_ > 0 && random_.bernoulli(probability_));
      ++draws_;
      restricted_draws_ += restricted_;
    }
    return restricted_;
  }

  CycleClock& clock_;
  const double probability_;
  RandomStream random_;
  Cycle drawn_for_ = kNever;
  bool restricted_ = false;
  std::uint64_t draws_ = 0, restricted_draws_ = 0;
};

const Registration<ControllerRegistry> registration{{
    "ipr", "In-Transit Priority Restriction: in a fraction P of cycles a new packet may not compete for an output with in-transit packets",
    {ParameterSpec::real("probability", 1, 0, 1, "P: fraction of cycles in which in-transit packets have priority (1: always)")},
    [](sc_core::sc_module_name name, const ControllerContext& c) {
      return std::make_unique<InTransitPriorityController>(name, c);
    }}};

}  // namespace
}  // namespace icn
