#include "approximate_timing.h"

#include <algorithm>

#include "fabric.h"

namespace icn {

ApproximateTiming::ApproximateTiming(const Fabric& fabric)
    : fabric_(fabric), ports_(fabric.topology().network_ports()), nodes_(fabric.node_count()),
      dense_(std::size_t(nodes_) * nodes_ <= kMostDensePairs),
      links_(std::size_t(fabric.topology().router_count()) * std::size_t(ports_)),
      injection_(fabric.node_count()) {
  for (NodeId n = 0; n < fabric.node_count(); ++n)
    injected_.push_back(&fabric.node(n).network_interface().events().injected_flits);
  // A lone packet of L flits over H hops: 1 + injection + (H + 1)(routing + crossbar) + H · link +
  // delivery + (L − 1).
  const PlatformConfig& p = fabric.platform();
  fixed_cycles_ = Cycle(p.network_interface.injection_delay + p.router.routing_delay + p.router.crossbar_delay +
                        p.network_interface.delivery_delay);
  per_hop_cycles_ = Cycle(p.router.routing_delay + p.router.crossbar_delay + p.router.link_delay);
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

double ApproximateTiming::injection_utilisation(NodeId node, Cycle at, int flits) {
  LinkLoad& channel = injection_[node];
  const double rho = load(channel, std::uint32_t(*injected_[node]), at);
  channel.estimated += std::uint64_t(flits);
  return rho;
}

ApproximateTiming::Route ApproximateTiming::sparse_route(NodeId from, NodeId to) {
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
  const Topology& topology = fabric_.topology();
  NodeId router = topology.injection_point(from).router;
  const NodeId last = topology.delivery_point(to).router;
  while (router != last) {
    const int port = topology.deterministic_port(router, to);
    if (port < 0) break;
    hops_.push_back({std::uint32_t(router) * std::uint32_t(ports_) + std::uint32_t(port),
                     &fabric_.router(router).flits_sent_counter(port)});
    router = topology.link(router, port).router;
  }
  route.hops = std::uint32_t(hops_.size()) - route.first;
  return route;
}

Cycle ApproximateTiming::packet_latency(NodeId from, NodeId to, int flits, Cycle at) {
  const Route path = route(from, to);
  // Each queue adds ρ / (2 (1 − ρ)) · w: in the source queue a packet waits for whole packets ahead
  // of it (FIFO), w the traffic's mean length; on a link its flits share the channel with the other
  // lanes' flit by flit, w its own length. The terms are summed as one fraction, sum / product, so
  // that an estimate costs one division however long the route (a division per link took a tenth
  // of an access's wall time). Each factor 1 − ρ is at least 1 − kMostLoad = 0.05: a route long
  // enough to take the product towards the smallest double is settled in parts.
  const double injecting = injection_utilisation(from, at, flits);
  double settled = 0, sum = 0, product = 1;
  if (injecting > 0) {
    const double delivered_mean = fabric_.statistics().mean_packet_length();
    sum = injecting * (delivered_mean > 0 ? delivered_mean : double(flits));
    product = 1 - injecting;
  }
  for (std::uint32_t h = path.first; h < path.first + path.hops; ++h) {
    LinkLoad& link = links_[hops_[h].link];
    const double rho = load(link, *hops_[h].sent, at);
    sum = sum * (1 - rho) + rho * double(flits) * product;
    product *= 1 - rho;
    if (product < 1e-200) {
      settled += sum / product;
      sum = 0;
      product = 1;
    }
    link.estimated += std::uint64_t(flits);
  }
  const double waiting = (settled + sum / product) / 2;
  return fixed_cycles_ + Cycle(path.hops) * per_hop_cycles_ + Cycle(flits) + Cycle(waiting + 0.5);
}

}  // namespace icn
