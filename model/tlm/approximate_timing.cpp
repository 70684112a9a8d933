#include "tlm/approximate_timing.h"

#include <algorithm>

#include "routing/routing_function.h"
#include "topology/topology.h"

namespace icn {

ApproximateTiming::ApproximateTiming(const ApproximateTimingSetup& setup, const NetworkLoads& network)
    : topology_(setup.topology), network_(network), link_delay_(setup.link_delay),
      ports_(setup.topology.network_ports()), nodes_(setup.topology.node_count()),
      dense_(std::size_t(nodes_) * nodes_ <= kMostDensePairs),
      links_(std::size_t(setup.topology.router_count()) * std::size_t(ports_)),
      injection_(nodes_), sources_(nodes_),
      fixed_cycles_(setup.fixed_cycles), per_hop_cycles_(setup.per_hop_cycles),
      walked_(setup.routing.uses_waypoints() ? &setup.routing : nullptr),
      waypoints_(make_stream(setup.seed, RandomPurpose::Waypoint, setup.topology.router_count())) {
  for (NodeId n = 0; n < nodes_; ++n) injected_.push_back(&network.injected_flits(n));
}

double ApproximateTiming::load(LinkLoad& link, std::uint32_t real, Cycle at) {
  const std::uint64_t carried = std::uint32_t(real - link.real_at_start) + link.estimated;
  if (at >= link.window_start + kWindow) {  // close the window: its utilisation is the next one's past
    link.previous = std::min(1.0, double(carried) / double(at - link.window_start));
    link.window_start = at;
    link.real_at_start = real;
    link.estimated = 0;
    return std::min(kMostLoad, link.previous);
  }
  // The open window weighs in as it fills: (1 − e/W) · previous + (e/W) · min(1, carried/e) after e
  // of its W cycles. An estimate for a time before the window opened (an initiator whose decoupled
  // time lags another's) sees the last full window's.
  const double elapsed = at > link.window_start ? double(at - link.window_start) : 0.0;
  return std::min(kMostLoad, link.previous + (std::min(elapsed, double(carried)) - elapsed * link.previous) * kPerWindow);
}

ApproximateTiming::Route& ApproximateTiming::route(NodeId from, NodeId to) {
  if (dense_) {
    if (dense_routes_.empty()) dense_routes_.resize(std::size_t(nodes_) * nodes_);
    Route& known = dense_routes_[std::size_t(from) * nodes_ + to];
    if (known.hops == kUnknown) known = find_route(from, to);
    return known;
  }
  const std::uint64_t pair = std::uint64_t(from) * nodes_ + to;
  const auto found = routes_.find(pair);
  if (found != routes_.end()) return found->second;
  if (routes_.size() >= kMostRoutes) {  // a bound on memory; routes are cheap to find again
    routes_.clear();
    hops_.clear();
  }
  return routes_.emplace(pair, find_route(from, to)).first->second;
}

ApproximateTiming::Route ApproximateTiming::find_route(NodeId from, NodeId to) {
  Route route;
  route.first = std::uint32_t(hops_.size());
  const Topology& topology = topology_;
  NodeId router = topology.injection_point(from).router;
  const NodeId last = topology.delivery_point(to).router;
  const int local = link_delay_;
  while (router != last) {
    const int port = topology.deterministic_port(router, to);
    if (port < 0) break;
    route.longer_links += std::uint32_t(topology.link_delay(router, port, local) - local);
    hops_.push_back({&links_[std::size_t(router) * std::size_t(ports_) + std::size_t(port)],
                     &network_.flits_sent(router, port)});
    router = topology.link(router, port).router;
  }
  route.hops = std::uint32_t(hops_.size()) - route.first;
  return route;
}

template <bool counted>
inline Cycle ApproximateTiming::estimate(Route& path, Source& source, NodeId from, int flits) {
  // Each queue adds ρ / (2 (1 − ρ)) · w; every estimate adds its flits to the loads of its injection
  // channel and links. In the source queue a packet waits for the whole packets ahead of it (FIFO):
  // w is the traffic's mean length (the packet's own before any has been delivered).
  if constexpr (counted) {
    injection_[from].estimated += std::uint64_t(flits);
    for (std::uint32_t h = path.first; h < path.first + path.hops; ++h) hops_[h].link->estimated += std::uint64_t(flits);
  }
  const double ahead = source.mean_length > 0 ? source.mean_length : double(flits);
  const double waiting = (source.queueing.term * ahead + path.contention.term * double(flits)) / 2;
  return fixed_cycles_ + Cycle(path.hops) * per_hop_cycles_ + path.longer_links + Cycle(flits) +
         Cycle(std::int64_t(waiting + 0.5));
}

Cycle ApproximateTiming::packet_latency(NodeId from, NodeId to, int flits, Cycle at) {
  if (walked_) return estimate_walking<true>(from, to, flits, at);
  if (dense_ && !dense_routes_.empty()) {
    Route& path = dense_routes_[std::size_t(from) * nodes_ + to];
    Source& source = sources_[from];
    if (path.hops != kUnknown && !path.contention.stale(at) && !source.queueing.stale(at))
      return estimate<true>(path, source, from, flits);
  }
  return estimate_reading<true>(from, to, flits, at);
}

Cycle ApproximateTiming::expected_latency(NodeId from, NodeId to, int flits, Cycle at) {
  if (walked_) return estimate_walking<false>(from, to, flits, at);
  return estimate_reading<false>(from, to, flits, at);
}

ApproximateTiming::Source& ApproximateTiming::source_reading(NodeId from, Cycle at) {
  Source& source = sources_[from];
  if (source.queueing.stale(at)) {
    const double rho = load(injection_[from], std::uint32_t(*injected_[from]), at);
    source.queueing = {at + kWindow, rho / (1 - rho)};
    source.mean_length = network_.mean_packet_length();
  }
  return source;
}

template <bool counted>
Cycle ApproximateTiming::estimate_walking(NodeId from, NodeId to, int flits, Cycle at) {
  // As the router routes a header (router_routing.cpp): the waypoint drawn where the packet enters,
  // asked again at every hop, the route through it; here always its first candidate port and VC.
  const Topology& topology = topology_;
  NodeId router = topology.injection_point(from).router;
  const NodeId last = topology.delivery_point(to).router;
  const int local = link_delay_;
  int input_port = topology.network_ports(), input_vc = 0;
  NodeId waypoint = kNoNode;
  Cycle hops = 0, longer_links = 0;
  double contention = 0;
  RouteResult out;
  while (router != last && hops <= Cycle(topology.router_count())) {
    waypoint = walked_->choose_waypoint(router, input_port, input_vc, to, waypoint, waypoints_,
                                         network_.output_occupancy(router));
    walked_->route_via(router, input_port, input_vc, to, waypoint, out);
    if (out.count == 0) break;
    const RouteCandidate& first = out.candidates[0];
    LinkLoad& link = links_[std::size_t(router) * std::size_t(ports_) + first.port];
    const double rho = load(link, network_.flits_sent(router, first.port), at);
    contention += rho / (1 - rho);
    if constexpr (counted) link.estimated += std::uint64_t(flits);
    longer_links += Cycle(topology.link_delay(router, first.port, local) - local);
    input_vc = first.vc_mask ? __builtin_ctz(first.vc_mask) : 0;
    const Topology::Link next = topology.link(router, first.port);
    router = next.router;
    input_port = next.input_port;
    ++hops;
  }
  Source& source = source_reading(from, at);
  if constexpr (counted) injection_[from].estimated += std::uint64_t(flits);
  const double ahead = source.mean_length > 0 ? source.mean_length : double(flits);
  const double waiting = (source.queueing.term * ahead + contention * double(flits)) / 2;
  return fixed_cycles_ + hops * per_hop_cycles_ + longer_links + Cycle(flits) + Cycle(std::int64_t(waiting + 0.5));
}

template <bool counted>
Cycle ApproximateTiming::estimate_reading(NodeId from, NodeId to, int flits, Cycle at) {
  // The queueing terms are read from the loads once a window, per route and per source.
  Route& path = route(from, to);
  if (path.contention.stale(at)) {
    // On a link a packet's flits share the channel with the other VCs' flit by flit: w is its own
    // length, so the route's term is per flit. Each 1 − ρ is at least 1 − kMostLoad.
    double sum = 0;
    for (std::uint32_t h = path.first; h < path.first + path.hops; ++h) {
      const double rho = load(*hops_[h].link, *hops_[h].sent, at);
      sum += rho / (1 - rho);
    }
    path.contention = {at + kWindow, sum};
  }
  return estimate<counted>(path, source_reading(from, at), from, flits);
}

}  // namespace icn
