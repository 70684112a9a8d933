#include "energy/energy_model.h"

namespace icn {

EnergyBreakdown router_energy(const EnergyConfig& p, const RouterEvents& e, std::uint64_t cycles, double period_ns,
                              std::uint64_t buffer_slots, int links) {
  EnergyBreakdown b;
  b.buffers = double(e.buffer_writes) * p.buffer_write + double(e.buffer_reads) * p.buffer_read;
  b.crossbar = double(e.crossbar_traversals) * p.crossbar;
  b.allocators = double(e.route_computations) * p.routing + double(e.vc_allocation_requests) * p.vc_allocation +
                 double(e.switch_allocation_requests) * p.switch_allocation;
  b.links = double(e.link_traversals) * p.link + double(e.credits_sent) * p.credit;
  b.clock = double(p.clock_gating ? e.active_cycles : cycles) * p.router_clock;
  // mW × ns = pJ; a nW is 10^-6 mW.
  const double leakage_mw = p.router_leakage_mw + double(links) * p.link_leakage_mw +
                            double(buffer_slots) * double(p.flit_bits) * p.buffer_leakage_nw_per_bit * 1e-6;
  b.leakage = leakage_mw * period_ns * double(cycles);
  return b;
}

EnergyBreakdown interface_energy(const EnergyConfig& p, const NetworkInterfaceEvents& e) {
  EnergyBreakdown b;
  b.interfaces = double(e.injected_flits + e.ejected_flits) * p.interface_flit;
  return b;
}

EnergyBreakdown mechanism_energy(const EnergyConfig& p, std::uint64_t sideband_bits, std::uint64_t entropy_transfers,
                                 std::uint64_t entropy_changes) {
  EnergyBreakdown b;
  b.sideband = double(sideband_bits) * p.sideband_bit;
  b.entropy_circuit = double(entropy_transfers) * p.entropy_transfer + double(entropy_changes) * p.entropy_register;
  return b;
}

}  // namespace icn
