#pragma once
// The measurement window's energy as the result reports it (docs/energy.md): every router's and
// interface's events and the global mechanisms' transfers, priced by the coefficients, with what it
// was computed from (coefficients, cycles, buffer slots, links, deliveries) so that a reader can
// check it independently.
#include <cstdint>
#include <vector>

#include "common/result_sink.h"
#include "energy/energy_model.h"

namespace icn {

// What the window's energy is computed from; the caller reads it off the fabric's activity.
struct EnergyInputs {
  EnergyConfig energy;
  double clock_period_ns = 0;
  std::uint64_t cycles = 0;  // measured
  struct Router {
    RouterEvents events;
    std::uint64_t buffer_slots = 0;  // input ports × VCs × buffer depth
    int links = 0;                   // outgoing network links
  };
  std::vector<Router> routers;
  std::vector<NetworkInterfaceEvents> interfaces;
  std::uint64_t sideband_bits = 0, entropy_transfers = 0, entropy_changes = 0;
  std::uint64_t delivered_flits = 0, delivered_packets = 0;
  double mean_latency = 0;  // of the window's packets; NaN or 0 packets: none measured
  std::uint64_t latency_packets = 0;
  bool per_component = false;  // simulation.activity: per_component: per router and interface too
};

class EnergyAccount : public ResultSource {
 public:
  explicit EnergyAccount(EnergyInputs inputs);
  const EnergyBreakdown& total() const { return total_; }
  // The energy section and the summary's energy row.
  void report(ResultSink& sink) const override;

 private:
  EnergyInputs in_;
  EnergyBreakdown total_;
  // energy.gating_estimate: router-cycles without a flit, the same weighted by the router's buffer
  // slots, and what gating them off would have saved (their leakage, and their clock unless gated).
  std::uint64_t idle_router_cycles_ = 0, idle_slot_cycles_ = 0;
  double gating_saved_ = 0;
  std::vector<double> per_router_, per_interface_;  // total pJ each
};

}  // namespace icn
