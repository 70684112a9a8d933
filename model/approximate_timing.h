#pragma once
// tlm.timing: approximate (docs/tlm.md): a packet's latency estimated instead of simulated — the
// zero-load pipeline formula over its dimension-order route plus, per link, a queueing delay from
// the link's recent utilisation (the flits the simulated network carried there, and the packets
// earlier estimates routed over it), as a single-server queue with deterministic service:
// ρ / (2 (1 − ρ)) · L cycles on each link for the packet's own L flits, and · S in the source queue
// for the whole packets ahead, S the mean length of the packets delivered so far.
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
  static constexpr double kPerWindow = 1.0 / double(kWindow);
  // The highest utilisation an estimate uses: the queueing delay ρ / (1 − ρ) grows without bound.
  static constexpr double kMostLoad = 0.95;

 private:
  struct LinkLoad {
    Cycle window_start = 0;
    std::uint32_t real_at_start = 0;  // the flit counter when the window opened (differences modulo 2^32)
    std::uint64_t estimated = 0;      // flits of estimated packets routed over it in the window
    double previous = 0;              // the last full window's utilisation
  };
  double load(LinkLoad& link, std::uint32_t real, Cycle at);  // over the window, `real` the counter now
  // One link of a route: its load, and the router's count of the flits it carried.
  struct Hop {
    std::uint32_t link;          // router · ports + port, into links_
    const std::uint32_t* sent;   // Router::flits_sent_counter(port), read on every estimate
  };
  struct Route {
    std::uint32_t first = 0;      // into hops_
    std::uint32_t hops = kUnknown;
  };
  static constexpr std::uint32_t kUnknown = ~std::uint32_t(0);
  // The dimension-order route from node `from` to node `to`, found once per pair: in a table of
  // every pair up to kMostDensePairs pairs (the lookup is on every estimate), otherwise in a map of
  // at most kMostRoutes routes.
  Route route(NodeId from, NodeId to) {
    if (dense_) {
      if (dense_routes_.empty()) dense_routes_.resize(std::size_t(nodes_) * nodes_);
      Route& known = dense_routes_[std::size_t(from) * nodes_ + to];
      if (known.hops == kUnknown) known = find_route(from, to);
      return known;
    }
    return sparse_route(from, to);
  }
  Route sparse_route(NodeId from, NodeId to);
  Route find_route(NodeId from, NodeId to);
  static constexpr std::size_t kMostDensePairs = std::size_t(1) << 20;
  static constexpr std::size_t kMostRoutes = std::size_t(1) << 20;
  double injection_utilisation(NodeId node, Cycle at, int flits);  // of its injection channels, counted in

  const Fabric& fabric_;
  const int ports_;
  const NodeId nodes_;
  const bool dense_;  // routes in dense_routes_: nodes² ≤ kMostDensePairs
  std::vector<LinkLoad> links_;  // [router * ports + port]
  std::vector<LinkLoad> injection_;  // per node
  std::vector<const std::uint64_t*> injected_;  // per node: its interface's count of flits injected
  std::vector<Hop> hops_;                             // the routes found, one after the other
  std::vector<Route> dense_routes_;                   // [from · nodes + to], when used
  std::unordered_map<std::uint64_t, Route> routes_;  // otherwise
  // The zero-load pipeline (README, "Timing") is fixed_cycles_ + hops · per_hop_cycles_ + flits.
  Cycle fixed_cycles_ = 0, per_hop_cycles_ = 0;
};

}  // namespace icn
