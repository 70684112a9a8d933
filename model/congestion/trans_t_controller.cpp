// Trans-t (Baydal, López, Duato, Euro-Par 2002, sec. 3): congestion is read from how slowly packets
// cross this router's output channels, and answered by closing injection channels step by step.
// Every `period` flit times the controller takes, for each output VC held by a packet whose header
// arrived at least a period ago, the ratio of its actual to its minimum transmission time so far;
// above u1 the physical channel is congested for u2 cycles. A new packet is judged on its useful
// (minimal) channels only (model/congestion/transmission_time_rule.h). Defaults: u2 = 8, u3 = 16,
// u4 = 8 (sec. 4.2); u1 from the paper's Table 1 by network and VC count unless set.
#include <algorithm>
#include <string>

#include "congestion/congestion_controller.h"
#include "congestion/transmission_time_rule.h"
#include "common/config_error.h"
#include "common/cycle_clock.h"
#include "common/end_of_cycle.h"
#include "common/packet_pool.h"
#include "ni/network_interface_config.h"
#include "router/router_view.h"
#include "router/router_config.h"
#include "topology/kary_ncube.h"

namespace icn {
namespace {

// Table 1: the best u1 the paper found per k-ary n-cube and VCs per physical channel.
double table1_u1(const Topology& topology, int virtual_channels) {
  struct Row { int radix, dimensions, vcs; double u1; };
  static const Row rows[] = {{8, 3, 3, 4},      {8, 3, 4, 5},   {16, 2, 3, 2.5}, {16, 2, 4, 3.75},
                             {16, 3, 3, 2.25}, {16, 3, 4, 3.5}, {32, 2, 3, 2},   {32, 2, 4, 3.25}};
  const auto* cube = dynamic_cast<const KaryNCube*>(&topology);
  if (!cube || !cube->all_tori() || cube->terminals() > 1) return 0;
  for (const Row& r : rows)
    if (r.radix == cube->radix() && r.dimensions == cube->dimensions() && r.vcs == virtual_channels)
      return r.u1;
  return 0;
}

class TransmissionTimeController final : public CongestionController {
 public:
  TransmissionTimeController(sc_core::sc_module_name name, const ControllerContext& c)
      : CongestionController(name),
        router_(c.router),
        clock_(c.clock),
        u1_(c.parameters.real("u1") > 0 ? c.parameters.real("u1") : table1_u1(c.topology, c.router_config.virtual_channels)),
        u2_(Cycle(c.parameters.integer("u2"))),
        period_(Cycle(c.parameters.integer("period"))),
        throttle_(c.interface_config.injection_channels, Cycle(c.parameters.integer("u3")),
                  Cycle(c.parameters.integer("u4")), u2_),
        congested_until_(std::size_t(c.router.network_ports()), 0) {
    if (u1_ <= 0)
      throw ConfigError(c.parameters.problem(
          "u1", "Table 1 of the Trans-t paper has no u1 for a " + c.topology.describe() + " with " +
                    std::to_string(c.router_config.virtual_channels) +
                    " VCs (allowed: a threshold > 0, e.g. about the number of VCs per channel)"));
    if (c.interface_config.dispatch_by_direction)
      c.refuse("opens and closes interchangeable injection channels, but here each serves one direction (allowed "
               "with it: network_interface.injection_dispatch: any)");
    SC_HAS_PROCESS(TransmissionTimeController);
    SC_METHOD(measure);
  }

  bool may_inject(const Packet& packet, Cycle now) override {
    int ports[16];
    const int useful = router_.useful_channels(packet.destination, ports);
    int congested = 0;
    for (int i = 0; i < useful; ++i) congested += congested_until_[std::size_t(ports[i])] > now;
    const auto congestion = congested == 0         ? UsefulChannelCongestion::None
                            : congested == useful ? UsefulChannelCongestion::All
                                                  : UsefulChannelCongestion::Some;
    if (throttle_.admit(congestion, now)) return true;
    count_throttled_cycle(now);
    return false;
  }

  int open_injection_channels(int total, Cycle now) override {
    const int open = std::min(total, throttle_.open(now));
    if (open < total) count_throttled_cycle(now);
    return open;
  }

  bool throttling(Cycle) const override { return throttle_.restricting(); }
  void telemetry(std::vector<std::pair<const char*, double>>& out) const override {
    const Cycle now = clock_.cycle();
    int congested = 0;
    for (const Cycle until : congested_until_) congested += until > now;
    out.emplace_back("trans_t.open_channels", double(throttle_.open_at(now)));
    out.emplace_back("trans_t.congested_channels", double(congested));
  }

 private:
  // Every period: mark the physical channels on which some packet advances more than u1 times
  // slower than one flit per cycle.
  void measure() {
    if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {  // elaboration done: first measure at cycle period
      next_trigger(clock_.time_of(period_));
      return;
    }
    if (resting_) {  // the measurements slept through found no flit and marked nothing: the grid goes on
      resting_ = false;
      const Cycle next = CycleClock::grid_at_or_after(last_ + period_, period_, clock_.resumed_at());
      next_trigger(clock_.time_of(next) - clock_.now());
      return;
    }
    // After the cycle's clocked work: the router's state must not depend on whether its step ran
    // before this process in the cycle's evaluation phase.
    if (end_of_cycle_.defer()) return;
    const Cycle now = clock_.cycle();
    if (router_.buffered_flits() > 0) {
      for (int port = 0; port < router_.network_ports(); ++port) {
        if (!router_.has_output(port)) continue;
        for (int vc = 0; vc < router_.virtual_channels(); ++vc) {
          Cycle arrived = 0;
          int sent = 0;
          if (!router_.transmission(port, vc, arrived, sent) || arrived + period_ > now) continue;
          if (transmission_ratio(now - arrived, sent) > u1_) congested_until_[std::size_t(port)] = now + u2_;
        }
      }
    }
    last_ = now;
    if (clock_.at_rest()) {  // a platform's network with nothing to do (common/cycle_clock.h)
      resting_ = true;
      next_trigger(clock_.resumed());
      return;
    }
    next_trigger(clock_.until(now + period_));
  }

  const RouterView& router_;
  CycleClock& clock_;
  const double u1_;
  const Cycle u2_, period_;
  InjectionChannelThrottle throttle_;
  EndOfCycle end_of_cycle_;
  std::vector<Cycle> congested_until_;  // per network output port
  bool resting_ = false;
  Cycle last_ = 0;  // the last measurement's cycle
};

const Registration<ControllerRegistry> registration{{
    "trans_t", "Trans-t: close injection channels while packets cross the useful channels much slower than one flit per cycle",
    {ParameterSpec::real("u1", 0, 0, 1000, "ratio of actual to minimum transmission time above which a channel is congested (0: the paper's Table 1)"),
     ParameterSpec::integer("u2", 8, 1, 1000000, "cycles a channel stays marked congested"),
     ParameterSpec::integer("u3", 16, 1, 1000000, "cycles injection channels stay halved, or all closed"),
     ParameterSpec::integer("u4", 8, 1, 1000000, "cycles one channel is open after a closure, whatever the network does"),
     ParameterSpec::integer("period", 8, 1, 1000000, "flit times between two ratio measurements")},
    [](sc_core::sc_module_name name, const ControllerContext& c) {
      return std::make_unique<TransmissionTimeController>(name, c);
    }}};

}  // namespace
}  // namespace icn
