#pragma once
// The energy model's coefficients (energy.*), owned here; platform/ fills them (docs/energy.md).
// Energies are per event at the platform's flit width, in picojoules; leakage is a power, turned
// into energy per cycle with simulation.clock_period_ns (mW × ns = pJ).
#include <string>
#include <vector>

#include "common/parameters.h"

namespace icn {

struct EnergyConfig {
  bool enabled = false;  // energy.model: events
  std::string source;    // where the coefficients come from, echoed into the result
  int flit_bits = 0;     // the width the per-flit energies hold for; sizes the buffers' leakage
  // Dynamic energy per event (pJ), of the counts in router/router_events.h and the others.
  double buffer_write = 0, buffer_read = 0, crossbar = 0, routing = 0, vc_allocation = 0, switch_allocation = 0;
  double link = 0, credit = 0, interface_flit = 0;
  double sideband_bit = 0, entropy_transfer = 0, entropy_register = 0;
  // The clock tree of a router, per cycle (pJ); with clock_gating, only in cycles it holds a flit.
  double router_clock = 0;
  bool clock_gating = false;
  // Static power: per router (all but its buffers), per bit of input buffer, per network link.
  double router_leakage_mw = 0, buffer_leakage_nw_per_bit = 0, link_leakage_mw = 0;
  // The energy section also estimates what gating idle routers' power off would save (an upper bound).
  bool gating_estimate = false;

  // Every energy.* key, relative to the section, with its default, range and description.
  static std::vector<ParameterSpec> parameters();
  static EnergyConfig from(const ParameterSet& power);
  // Each coefficient with its key, for the result and an independent recomputation.
  template <typename F>
  void for_each_coefficient(F&& f) const {
    f("buffer_write_pj", buffer_write);
    f("buffer_read_pj", buffer_read);
    f("crossbar_pj", crossbar);
    f("routing_pj", routing);
    f("vc_allocation_pj", vc_allocation);
    f("switch_allocation_pj", switch_allocation);
    f("link_pj", link);
    f("credit_pj", credit);
    f("interface_flit_pj", interface_flit);
    f("sideband_bit_pj", sideband_bit);
    f("entropy_transfer_pj", entropy_transfer);
    f("entropy_register_pj", entropy_register);
    f("router_clock_pj", router_clock);
    f("router_leakage_mw", router_leakage_mw);
    f("buffer_leakage_nw_per_bit", buffer_leakage_nw_per_bit);
    f("link_leakage_mw", link_leakage_mw);
  }
};

}  // namespace icn
