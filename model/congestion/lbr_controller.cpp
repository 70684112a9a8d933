// Local Buffer Restriction (LBR; realistic-loads paper sec. III): a new packet may enter an
// adaptive VC only if that leaves room for at least B more packets in the VC's transit buffer
// (the downstream one); B = 3 with 4-packet buffers means "only when its queue is empty or almost
// empty". It extends the bubble rule of the escape VC to every injection, so it is defined for the
// adaptive bubble router under virtual cut-through (sec. IV); the escape VC keeps its bubble rule.
// Room is counted in packets of the new packet's length (the paper's packets are all 16 phits).
#include "congestion/congestion_controller.h"
#include "common/cycle_clock.h"
#include "router/injection_rule.h"
#include "router/router_view.h"

namespace icn {
namespace {

class LocalBufferRestrictionController final : public CongestionController, public InjectionRule {
 public:
  LocalBufferRestrictionController(sc_core::sc_module_name name, const ControllerContext& c)
      : CongestionController(name), clock_(c.clock), reserved_(int(c.parameters.integer("reserved_packets"))) {}

  bool may_inject(const Packet&, Cycle) override { return true; }  // the rule acts in the router
  InjectionRule* injection_rule() override { return this; }

  bool admits_injection(const RouterView&, const InjectionRequest& request) override {
    if (request.escape || request.credits >= (1 + reserved_) * request.packet_length) return true;
    count_throttled_cycle(clock_.cycle());
    return false;
  }

  bool throttling(Cycle now) const override { return refused_lately(now); }

 private:
  CycleClock& clock_;
  const int reserved_;
};

const Registration<ControllerRegistry> registration{{
    "lbr", "Local Buffer Restriction: a new packet enters an adaptive VC only leaving room for B packets in its transit buffer",
    {ParameterSpec::integer("reserved_packets", 3, 0, 1000, "B: packets of room a new packet must leave in an adaptive VC's transit buffer")},
    [](sc_core::sc_module_name name, const ControllerContext& c) {
      return std::make_unique<LocalBufferRestrictionController>(name, c);
    },
    [] {
      ControllerNeeds needs;
      needs.bubble_escape_routing = true;  // sec. IV: the bubble router's adaptive VCs, under cut-through
      needs.router_rule = true;
      return needs;
    }()}};

}  // namespace
}  // namespace icn
