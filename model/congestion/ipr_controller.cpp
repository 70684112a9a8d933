// In-Transit Priority Restriction (IPR; realistic-loads paper sec. III, as in IBM BG/L's torus): in
// a fraction P of cycles in-transit traffic has priority: a new packet may enter only if it does
// not compete with packets already in the network. P = 0 is no restriction, P = 1 absolute priority
// (the paper's setting). Which cycles are restricted is drawn per router and cycle from the run's
// seed. "Compete" has two readings (docs/congestion-control.md):
//   requests: a new packet may not take an output VC that an in-transit header at the router asks
//     for in the same cycle — in-transit requests are arbitrated first, as the paper's simulator
//     (INSEE, its ref. [15]) does;
//   holds_or_requests: it may not take any VC of an output while an in-transit packet holds a VC
//     of that output or a header there (routed or not) may ask for it.
#include "congestion/congestion_controller.h"
#include "common/cycle_clock.h"
#include "common/random_stream.h"
#include "router/injection_rule.h"
#include "router/router_view.h"

namespace icn {
namespace {

class InTransitPriorityController final : public CongestionController, public InjectionRule {
 public:
  InTransitPriorityController(sc_core::sc_module_name name, const ControllerContext& c)
      : CongestionController(name),
        clock_(c.clock),
        probability_(c.parameters.real("probability")),
        requests_only_(c.parameters.text("competition") == "requests"),
        random_(make_stream(c.seed, RandomPurpose::Controller, c.node)) {}

  bool may_inject(const Packet&, Cycle) override { return true; }  // the rule acts in the router
  InjectionRule* injection_rule() override { return this; }

  bool admits_injection(const RouterView& router, const InjectionRequest& request) override {
    const Cycle now = clock_.cycle();
    if (!restricted(now)) return true;
    if (requests_only_ ? !router.in_transit_requests(request.port, request.vc) : !router.in_transit_wants(request.port))
      return true;
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
  const bool requests_only_;
  RandomStream random_;
  Cycle drawn_for_ = kNever;
  bool restricted_ = false;
  std::uint64_t draws_ = 0, restricted_draws_ = 0;
};

const Registration<ControllerRegistry> registration{{
    "ipr", "In-Transit Priority Restriction: in a fraction P of cycles a new packet may not compete for an output with in-transit packets",
    {ParameterSpec::real("probability", 1, 0, 1, "P: fraction of cycles in which in-transit packets have priority (1: always)"),
     ParameterSpec::choice("competition", "requests", {"requests", "holds_or_requests"},
                           "when a new packet competes with in-transit ones: requests — an in-transit header asks "
                           "for the same output VC this cycle (the paper's simulator, INSEE); holds_or_requests — "
                           "an in-transit packet holds a VC of the output, or a header here may ask for it")},
    [](sc_core::sc_module_name name, const ControllerContext& c) {
      return std::make_unique<InTransitPriorityController>(name, c);
    },
    [] {
      ControllerNeeds needs;
      needs.router_rule = true;  // it gives way to in-transit packets in the router its node injects into
      return needs;
    }()}};

}  // namespace
}  // namespace icn
