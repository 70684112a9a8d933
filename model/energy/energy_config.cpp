#include "energy/energy_config.h"

namespace icn {

std::vector<ParameterSpec> EnergyConfig::parameters() {
  using P = ParameterSpec;
  auto energy = [](const char* key, const char* what) {
    return P::real(key, 0, 0, 1e9, std::string("dynamic energy per ") + what + ", pJ");
  };
  std::vector<ParameterSpec> keys = {
      P::choice("model", "none", {"none", "events"},
                "events: the result gives energy and power from the event counts and the coefficients below "
                "(docs/energy.md); none: no energy"),
      P::choice("preset", "none", {"none", "dsent_45nm", "dsent_22nm"},
                "every coefficient below not given here from the DSENT 0.91 table (data/energy/) row of this "
                "platform's router (input ports, VCs, depth, flit_bits), 45 or 22 nm bulk LVT at 1 GHz; a shape "
                "not in the table is an error naming the nearest rows (docs/energy.md)"),
      P::text("preset_shape", "",
              "the table row to use instead of the platform's router, knowingly: PORTSxVCSxDEPTH (e.g. 15x4x8); "
              "empty: the platform's own"),
      P::text("source", "", "where the coefficients come from (a citation and its conditions), echoed into the result"),
      P::integer("flit_bits", 128, 1, 65536, "flit width the per-flit energies hold for; sizes the buffers' leakage"),
      energy("buffer_write_pj", "flit written into an input buffer"),
      energy("buffer_read_pj", "flit read from an input buffer"),
      energy("crossbar_pj", "flit through the crossbar"),
      energy("routing_pj", "route computed for a header"),
      energy("vc_allocation_pj", "VC allocation request"),
      energy("switch_allocation_pj", "switch allocation request"),
      energy("link_pj", "flit over a network link"),
      energy("credit_pj", "credit transfer upstream"),
      energy("interface_flit_pj", "flit injected or ejected by a network interface"),
      energy("sideband_bit_pj", "bit over one sideband link (self-tuned controller)"),
      energy("entropy_transfer_pj", "register value sent between neighbours in the entropy circuit"),
      energy("entropy_register_pj", "entropy-circuit register taking a new value"),
      P::real("router_clock_pj", 0, 0, 1e9, "clock distribution of a router per cycle, pJ"),
      P::boolean("clock_gating", false, "a router's clock runs only in cycles it holds a flit"),
      P::real("router_leakage_mw", 0, 0, 1e9, "static power of a router apart from its buffers, mW"),
      P::real("buffer_leakage_nw_per_bit", 0, 0, 1e9, "static power per bit of input buffer (flit_bits per flit slot), nW"),
      P::real("link_leakage_mw", 0, 0, 1e9, "static power of a network link (its repeaters), mW"),
      P::boolean("gating_estimate", false,
                 "the result also estimates the energy power-gating idle routers would save: their leakage and clock "
                 "in every idle router-cycle, an upper bound (no wake-up cost; docs/energy.md)"),
  };
  // Without an energy model no coefficient is read and no energy is reported; a preset turns the model on
  // (energy_preset.cpp) and needs none.
  const KeyNeed model{"an energy model (energy.model: events, or an energy.preset)",
                      {{"energy.model", {"events"}, false}, {"energy.preset", {"none"}, true}}};
  for (ParameterSpec& key : keys)
    if (key.key != "model" && key.key != "preset" && key.key != "preset_shape") key.acts_when(model);
  for (ParameterSpec& key : keys)
    if (key.key == "preset_shape") key.acts_unless("a preset (energy.preset)", "energy.preset", {"none"});
  return keys;
}

EnergyConfig EnergyConfig::from(const ParameterSet& p) {
  EnergyConfig c;
  c.enabled = p.text("model") == "events";
  c.source = p.text("source");
  c.flit_bits = int(p.integer("flit_bits"));
  c.buffer_write = p.real("buffer_write_pj");
  c.buffer_read = p.real("buffer_read_pj");
  c.crossbar = p.real("crossbar_pj");
  c.routing = p.real("routing_pj");
  c.vc_allocation = p.real("vc_allocation_pj");
  c.switch_allocation = p.real("switch_allocation_pj");
  c.link = p.real("link_pj");
  c.credit = p.real("credit_pj");
  c.interface_flit = p.real("interface_flit_pj");
  c.sideband_bit = p.real("sideband_bit_pj");
  c.entropy_transfer = p.real("entropy_transfer_pj");
  c.entropy_register = p.real("entropy_register_pj");
  c.router_clock = p.real("router_clock_pj");
  c.clock_gating = p.boolean("clock_gating");
  c.router_leakage_mw = p.real("router_leakage_mw");
  c.buffer_leakage_nw_per_bit = p.real("buffer_leakage_nw_per_bit");
  c.link_leakage_mw = p.real("link_leakage_mw");
  c.gating_estimate = p.boolean("gating_estimate");
  return c;
}

}  // namespace icn
