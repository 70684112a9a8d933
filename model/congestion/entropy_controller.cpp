// Entropy throttling (Yokota, Ootsu, Ohkawa, IEICE 2016, secs. 3–4): every router reads the network's
// valid and active buffer counts from the entropy circuit (sideband/entropy_circuit.h) every cycle,
// and its node suspends new packets while the mobility ratio Ra = Na / Nv says the network is
// congested, by one of the paper's four models (congestion/entropy_throttle.h). The check is packet
// by packet: a packet that has started is never interrupted (sec. 5.1). The guard-time models keep
// a node from starting a packet for tG cycles (or a draw from [0, 2 tG]) after the tail of its
// last one left the interface: read from Fig. 11(b), where gt.x(4) lets three 8-flit packets out
// before the circuit answers and gt.x(8), gt.x(16) two — a guard counted from the header would not
// delay an 8-flit packet's successor at all for tG ≤ 8.
#include "congestion/congestion_controller.h"
#include "congestion/entropy_throttle.h"
#include "common/cycle_clock.h"
#include "common/random_stream.h"
#include "sideband/entropy_circuit.h"
#include "topology/topology.h"

namespace icn {
namespace {

EntropyThrottleConfig throttle_config(const ParameterSet& p) {
  EntropyThrottleConfig c;
  c.model = entropy_model(p.text("model"));
  c.threshold = p.real("threshold");
  c.on_below = p.real("on_below");
  c.off_above = p.real("off_above");
  c.release_below = p.real("release_below");
  c.guard_time = int(p.integer("guard_time"));
  return c;
}

class EntropyController final : public CongestionController, public EntropyClient {
 public:
  EntropyController(sc_core::sc_module_name name, const ControllerContext& c)
      : CongestionController(name),
        clock_(c.clock),
        throttle_(throttle_config(c.parameters), c.topology.node_count()),
        routers_(double(c.topology.node_count())),
        random_(make_stream(c.seed, RandomPurpose::Controller, c.node)) {
    c.needs_entropy_circuit().attach(c.node, c.router, this, c.parameters.boolean("virtual_control_channel"));
  }

  bool may_inject(const Packet&, Cycle now) override {
    if (now >= next_start_ && !throttle_.on()) return true;
    count_throttled_cycle(now);
    return false;
  }

  void packet_injected(Cycle now) override {
    if (throttle_.has_guard_time()) next_start_ = now + 1 + throttle_.draw_guard_time(random_);
  }

  void entropy_read(const EntropyCounts& network, Cycle) override {
    throttle_.update(network.valid, network.active);
    valid_ = network.valid;
  }

  // The paper's %thr: nodes whose throttling mode is ON (a guard time is reported apart).
  bool throttling(Cycle) const override { return throttle_.on(); }
  void telemetry(std::vector<std::pair<const char*, double>>& out) const override {
    out.emplace_back("entropy.mobility_percent", throttle_.mobility_percent());  // %mr
    out.emplace_back("entropy.valid_per_router_percent", 100.0 * double(valid_) / routers_);  // %ba
    out.emplace_back("entropy.guarding", next_start_ > clock_.cycle() ? 1.0 : 0.0);
  }

 private:
  CycleClock& clock_;
  EntropyThrottle throttle_;
  const double routers_;
  RandomStream random_;
  Cycle next_start_ = 0;  // the first cycle a new packet may start (after the guard time)
  std::uint64_t valid_ = 0;
};

const Registration<ControllerRegistry> registration{{
    "entropy",
    "Entropy throttling: suspend new packets while the network-wide mobility ratio Na/Nv of the entropy circuit is low",
    {ParameterSpec::choice("model", "base", entropy_model_names(),
                           "base(Rth, Rn), hyst(RON, ROFF, Rn), gt.a / gt.x (hyst with a random / fixed guard time tG)"),
     ParameterSpec::real("threshold", 90, 0, 100, "Rth (base): throttle while Ra is below this, % (paper's average best: 90)")
         .acts_when("the base model (congestion_control.model: base)", "congestion_control.model", {"base"}),
     ParameterSpec::real("on_below", 70, 0, 100, "RON (hyst, gt.*): turn throttling on when Ra falls below this, %")
         .acts_unless("a hysteresis model (congestion_control.model: hyst, gt.a, gt.x)", "congestion_control.model", {"base"}),
     ParameterSpec::real("off_above", 90, 0, 100, "ROFF (hyst, gt.*): turn it off when Ra rises above this, %")
         .acts_unless("a hysteresis model (congestion_control.model: hyst, gt.a, gt.x)", "congestion_control.model", {"base"}),
     ParameterSpec::real("release_below", 30, 0, 1000,
                         "Rn: never throttle while valid buffers are fewer than this % of the number of routers"),
     ParameterSpec::integer("guard_time", 16, 0, 1000000,
                            "tG (gt.*): cycles without a new packet after each injection (gt.a: uniform on [0, 2 tG])")
         .acts_when("a guard-time model (congestion_control.model: gt.a, gt.x)", "congestion_control.model", {"gt.a", "gt.x"}),
     ParameterSpec::boolean("virtual_control_channel", false,
                            "carry the circuit's registers on the data links in cycles they are idle (sec. 6.7) instead "
                            "of dedicated wires")},
    [](sc_core::sc_module_name name, const ControllerContext& c) {
      return std::make_unique<EntropyController>(name, c);
    },
    [] {
      ControllerNeeds needs;
      needs.entropy_circuit = true;
      return needs;
    }()}};

}  // namespace
}  // namespace icn
