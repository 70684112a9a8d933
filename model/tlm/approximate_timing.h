#pragma once
// tlm.timing: approximate (docs/tlm.md): a packet's latency estimated instead of simulated — the
// zero-load pipeline formula over its deterministic route plus, per link, a queueing delay from
// the link's recent utilisation (the flits the simulated network carried there, and the packets
// earlier estimates routed over it), as a single-server queue with deterministic service:
// ρ / (2 (1 − ρ)) · L cycles on each link for the packet's own L flits, and · S in the source queue
// for the whole packets ahead, S the mean length of the packets delivered so far. A route's and a
// source's queueing terms are read from the loads once and reused for a window (kWindow cycles):
// an estimate then costs a lookup and an increment per link instead of a load reading per link.
// Under a non-minimal routing (Valiant, UGAL, PAR: RoutingFunction::uses_waypoints) a packet has no
// fixed route: each estimate walks the route the routing function gives it, through a waypoint the
// function draws at the source router from the queues there now (and PAR may redraw one hop later),
// the first candidate port at every hop; its links' loads are read for that packet.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "common/random_stream.h"
#include "tlm/tlm_port.h"

namespace icn {

class PortOccupancy;
class RoutingFunction;
class Topology;

// What the estimate reads of the network it stands in for, given by the fabric (fabric.cpp): the
// counters it measures utilisation from and what a routing through waypoints asks a router, so that
// approximate timing needs no fabric, router or interface of its own (tests drive it with a script).
class NetworkLoads {
 public:
  virtual ~NetworkLoads() = default;
  // Flits router `router` has sent through network port `port`: a counter at a fixed address,
  // read as differences modulo 2^32.
  virtual const std::uint32_t& flits_sent(NodeId router, int port) const = 0;
  // Flits node `node`'s interface has injected: a counter at a fixed address.
  virtual const std::uint64_t& injected_flits(NodeId node) const = 0;
  // Router `router`'s outputs as its routing function weighs them when it draws a waypoint.
  virtual const PortOccupancy& output_occupancy(NodeId router) const = 0;
  // The mean length of the packets delivered so far (0 before any).
  virtual double mean_packet_length() const = 0;
};

// The network's fixed part: its shape and routing, the seed of the waypoints' draws, and the
// zero-load pipeline's cycles (README, "Timing").
struct ApproximateTimingSetup {
  const Topology& topology;
  const RoutingFunction& routing;
  std::uint64_t seed = 0;
  int link_delay = 1;                                   // router.link_delay: every local link's cycles
  Cycle fixed_cycles = 0, per_hop_cycles = 0;           // injection + routing + crossbar + delivery; per hop
};

class ApproximateTiming : public LatencyEstimate {
 public:
  ApproximateTiming(const ApproximateTimingSetup& setup, const NetworkLoads& network);
  Cycle packet_latency(NodeId from, NodeId to, int flits, Cycle at) override;
  Cycle expected_latency(NodeId from, NodeId to, int flits, Cycle at) override;

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
    LinkLoad* link;              // in links_, which never grows
    const std::uint32_t* sent;   // NetworkLoads::flits_sent(router, port), read with the link's load
  };
  // A queueing term read from the loads at some cycle, for estimates until a window later (an
  // estimate for an earlier time, from an initiator whose decoupled time lags, reuses it too).
  struct Reading {
    Cycle until = 0;  // the cycle from which it is stale; 0 before the first reading
    double term = 0;
    bool stale(Cycle at) const { return at >= until; }
  };
  struct Route {
    std::uint32_t first = 0;      // into hops_
    std::uint32_t hops = kUnknown;
    std::uint32_t longer_links = 0;  // cycles its links take beyond router.link_delay each (a dragonfly's global ones)
    Reading contention;           // Σ ρ / (1 − ρ) over its links: the queueing per flit, doubled
  };
  static constexpr std::uint32_t kUnknown = ~std::uint32_t(0);
  // The deterministic (minimal) route from node `from` to node `to`, found once per pair: in a table of
  // every pair up to kMostDensePairs pairs (made at the first estimate), otherwise in a map of at
  // most kMostRoutes routes.
  Route& route(NodeId from, NodeId to);
  Route find_route(NodeId from, NodeId to);
  static constexpr std::size_t kMostDensePairs = std::size_t(1) << 18;  // 8 MB of routes
  static constexpr std::size_t kMostRoutes = std::size_t(1) << 20;
  // The source queue: ρ / (1 − ρ) of the node's injection channels, and S (0 before any delivery).
  struct Source {
    Reading queueing;
    double mean_length = 0;
  };
  // An estimate whose route is known and whose readings are fresh: lookups, an increment per link
  // and a few multiplications. Any other goes the long way (finding the route, reading the loads).
  // `counted`: the packet's flits added to the loads it crosses (false: a question only).
  template <bool counted>
  Cycle estimate(Route& path, Source& source, NodeId from, int flits);
  template <bool counted>
  [[gnu::noinline]] Cycle estimate_reading(NodeId from, NodeId to, int flits, Cycle at);
  // Under a non-minimal routing: the route walked for this packet, its loads read now.
  template <bool counted>
  Cycle estimate_walking(NodeId from, NodeId to, int flits, Cycle at);
  Source& source_reading(NodeId from, Cycle at);

  const Topology& topology_;
  const NetworkLoads& network_;
  const int link_delay_;
  const int ports_;
  const NodeId nodes_;
  const bool dense_;  // routes in dense_routes_: nodes² ≤ kMostDensePairs
  std::vector<LinkLoad> links_;  // [router * ports + port]
  std::vector<LinkLoad> injection_;  // per node
  std::vector<Source> sources_;       // per node
  std::vector<const std::uint64_t*> injected_;  // per node: NetworkLoads::injected_flits
  std::vector<Hop> hops_;                             // the routes found, one after the other
  std::vector<Route> dense_routes_;                   // [from · nodes + to], when used
  std::unordered_map<std::uint64_t, Route> routes_;  // otherwise
  // The zero-load pipeline (README, "Timing") is fixed_cycles_ + hops · per_hop_cycles_ + flits.
  Cycle fixed_cycles_ = 0, per_hop_cycles_ = 0;
  const RoutingFunction* walked_ = nullptr;  // a routing through waypoints, whose routes are walked
  RandomStream waypoints_;                   // its draws, apart from the routers' own
};

}  // namespace icn
