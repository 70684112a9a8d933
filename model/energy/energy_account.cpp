#include "energy/energy_account.h"

#include <cstdio>
#include <string>
#include <utility>

namespace icn {

EnergyAccount::EnergyAccount(EnergyInputs inputs) : in_(std::move(inputs)) {
  for (const EnergyInputs::Router& r : in_.routers) {
    const EnergyBreakdown e = router_energy(in_.energy, r.events, in_.cycles, in_.clock_period_ns, r.buffer_slots, r.links);
    total_ += e;
    per_router_.push_back(e.total());
    const std::uint64_t idle = in_.cycles > r.events.active_cycles ? in_.cycles - r.events.active_cycles : 0;
    idle_router_cycles_ += idle;
    idle_slot_cycles_ += idle * r.buffer_slots;
  }
  // Power gating as an upper bound (docs/energy.md): every idle router-cycle gated, at no wake-up
  // energy or delay; the links stay on (each joins two routers).
  const EnergyConfig& p = in_.energy;
  gating_saved_ = (double(idle_router_cycles_) * p.router_leakage_mw +
                   double(idle_slot_cycles_) * double(p.flit_bits) * p.buffer_leakage_nw_per_bit * 1e-6) *
                      in_.clock_period_ns +
                  (p.clock_gating ? 0.0 : double(idle_router_cycles_) * p.router_clock);
  for (const NetworkInterfaceEvents& events : in_.interfaces) {
    const EnergyBreakdown e = interface_energy(in_.energy, events);
    total_ += e;
    per_interface_.push_back(e.total());
  }
  total_ += mechanism_energy(in_.energy, in_.sideband_bits, in_.entropy_transfers, in_.entropy_changes);
}

void EnergyAccount::report(ResultSink& sink) const {
  // A value, or null where it does not exist (nothing measured).
  auto maybe = [](bool exists, double value) { return exists ? ResultValue(value) : ResultValue(nullptr); };
  std::uint64_t slots = 0, links = 0;
  for (const EnergyInputs::Router& r : in_.routers) {
    slots += r.buffer_slots;
    links += std::uint64_t(r.links);
  }
  const double per_flit = total_.total() / double(in_.delivered_flits);
  const double per_packet = total_.total() / double(in_.delivered_packets);
  sink.put("energy.model", std::string("events"));
  sink.put("energy.source", in_.energy.source);
  sink.put("energy.flit_bits", std::int64_t(in_.energy.flit_bits));
  sink.put("energy.clock_period_ns", in_.clock_period_ns);
  sink.put("energy.clock_gating", in_.energy.clock_gating);
  in_.energy.for_each_coefficient([&](const char* name, double value) { sink.put(std::string("energy.coefficients.") + name, value); });
  sink.put("energy.cycles", in_.cycles);
  sink.put("energy.routers", std::uint64_t(in_.routers.size()));
  sink.put("energy.buffer_slots", slots);
  sink.put("energy.links", links);
  sink.put("energy.total_pj", total_.total());
  sink.put("energy.dynamic_pj", total_.dynamic());
  sink.put("energy.clock_pj", total_.clock);
  sink.put("energy.leakage_pj", total_.leakage);
  sink.put("energy.average_power_mw", maybe(in_.cycles > 0, total_.total() / (double(in_.cycles) * in_.clock_period_ns)));
  sink.put("energy.delivered_flits", in_.delivered_flits);
  sink.put("energy.delivered_packets", in_.delivered_packets);
  sink.put("energy.per_delivered_flit_pj", maybe(in_.delivered_flits > 0, per_flit));
  sink.put("energy.per_delivered_packet_pj", maybe(in_.delivered_packets > 0, per_packet));
  sink.put("energy.energy_delay_product_pj_cycles",
           maybe(in_.delivered_packets > 0 && in_.latency_packets > 0, per_packet * in_.mean_latency));
  EnergyBreakdown::for_each_part([&](const char* name, double EnergyBreakdown::*part) {
    sink.put(std::string("energy.breakdown_pj.") + name, total_.*part);
  });
  if (in_.energy.gating_estimate) {
    sink.put("energy.power_gating.idle_router_cycles", idle_router_cycles_);
    sink.put("energy.power_gating.idle_buffer_slot_cycles", idle_slot_cycles_);
    sink.put("energy.power_gating.saved_pj", gating_saved_);
    sink.put("energy.power_gating.saved_fraction", maybe(total_.total() > 0, gating_saved_ / total_.total()));
  }
  if (in_.per_component) {
    sink.put("energy.per_router_pj", per_router_);
    sink.put("energy.per_interface_pj", per_interface_);
  }
  sink.row("energy in the window (energy.model)", [](const ResultReader& r) -> std::optional<std::string> {
    char text[64];
    std::snprintf(text, sizeof text, "%.4g", r.number("energy.total_pj") * 1e-6);
    std::string row = std::string(text) + " µJ, ";
    if (r.has("energy.average_power_mw")) {
      std::snprintf(text, sizeof text, "%.4g", r.number("energy.average_power_mw"));
      row += std::string(text) + " mW";
    } else {
      row += "—";
    }
    if (r.has("energy.per_delivered_flit_pj")) {
      std::snprintf(text, sizeof text, "%.4g", r.number("energy.per_delivered_flit_pj"));
      row += ", " + std::string(text) + " pJ per delivered flit";
    }
    if (r.has("energy.power_gating.saved_fraction")) {
      std::snprintf(text, sizeof text, "%.1f", 100 * r.number("energy.power_gating.saved_fraction"));
      row += "; gating idle routers: at most " + std::string(text) + " % less";
    }
    return row;
  });
}

}  // namespace icn
