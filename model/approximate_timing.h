#pragma once
// tlm.timing: approximate (docs/tlm.md): a packet's latency estimated instead of simulated — the
// zero-load pipeline formula over its dimension-order route plus, per link, a queueing delay from
// the link's recent utilisation (the flits the simulated network carried there, and the packets
// earlier estimates routed over it), as a single-server queue with deterministic service:
// ρ / (2 (1 − ρ)) · S cycles, S the mean length of the packets delivered so far.
#include <unordered_map>
#include <vector>

#include "tlm/tlm_port.h"

namespace icn {

class Fabric;

class ApproximateTiming : public LatencyEstimate {
 public:
  explicit ApproximateTiming(const Fabric& fabric);
  Cycle packet_latency(NodeId from, NodeId to, int flits, Cycle at) override;

  // The window over which a link's utilisation is measured, in cycles.
  static constexpr Cycle kWindow = 1000;

 private:
  struct LinkLoad {
    Cycle window_start = 0;
    std::uint64_t real_at_start = 0;  // the router's flit count for the link when the window opened
    std::uint64_t estimated = 0;      // flits of estimated packets routed over it in the window
    double previous = 0;              // the last full window's utilisation
  };
  double load(LinkLoad& link, std::uint64_t real, Cycle at);  // over the window, `real` the counter now
  // The links (router · ports + port) of the dimension-order route from node `from` to node `to`,
  // found once per pair (at most kMostRoutes kept).
  const std::vector<std::uint32_t>& route(NodeId from, NodeId to);
  static constexpr std::size_t kMostRoutes = 1 << 20;
  double injection_utilisation(NodeId node, Cycle at, int flits);  // of its injection channels, counted in

  const Fabric& fabric_;
  const int ports_;
  std::vector<LinkLoad> links_;  // [router * ports + port]
  std::vector<LinkLoad> injection_;  // per node
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> routes_;
};

}  // namespace icn
