#pragma once
// Energy from event counts (docs/energy.md): each count times its coefficient (energy/energy_config.h),
// leakage over the cycles, by component. The model is ORION's and DSENT's event-based one: the
// simulator counts what happened, the coefficients say what each event costs.
#include <cstdint>

#include "ni/network_interface_events.h"
#include "energy/energy_config.h"
#include "router/router_events.h"

namespace icn {

struct EnergyBreakdown {  // picojoules
  double buffers = 0, crossbar = 0, allocators = 0, links = 0, interfaces = 0;  // dynamic, per event
  double sideband = 0, entropy_circuit = 0;                                    // dynamic, network-wide
  double clock = 0;    // the routers' clock trees, per cycle (or per busy cycle, clock-gated)
  double leakage = 0;  // static power over the cycles

  double dynamic() const { return buffers + crossbar + allocators + links + interfaces + sideband + entropy_circuit; }
  double total() const { return dynamic() + clock + leakage; }
  template <typename F>
  static void for_each_part(F&& f) {
    f("buffers", &EnergyBreakdown::buffers);
    f("crossbar", &EnergyBreakdown::crossbar);
    f("allocators", &EnergyBreakdown::allocators);
    f("links", &EnergyBreakdown::links);
    f("network_interfaces", &EnergyBreakdown::interfaces);
    f("sideband", &EnergyBreakdown::sideband);
    f("entropy_circuit", &EnergyBreakdown::entropy_circuit);
    f("clock", &EnergyBreakdown::clock);
    f("leakage", &EnergyBreakdown::leakage);
  }
  EnergyBreakdown& operator+=(const EnergyBreakdown& o) {
    for_each_part([&](const char*, double EnergyBreakdown::*part) { this->*part += o.*part; });
    return *this;
  }
};

// What a router spent over `cycles` cycles of `period_ns`: its events (its links' traversals and
// credits included: it drives them), its clock, and the leakage of its logic, its `buffer_slots`
// flit slots of input buffer and its `links` outgoing network links.
EnergyBreakdown router_energy(const EnergyConfig& power, const RouterEvents& events, std::uint64_t cycles,
                              double period_ns, std::uint64_t buffer_slots, int links);
EnergyBreakdown interface_energy(const EnergyConfig& power, const NetworkInterfaceEvents& events);
// The self-tuned sideband's bits over its links and the entropy circuit's register traffic.
EnergyBreakdown mechanism_energy(const EnergyConfig& power, std::uint64_t sideband_bits,
                                 std::uint64_t entropy_transfers, std::uint64_t entropy_changes);

}  // namespace icn
