#include "approximate_timing.h"

#include <algorithm>

#include "fabric.h"

namespace icn {

ApproximateTiming::ApproximateTiming(const Fabric& fabric)
    : fabric_(fabric), ports_(fabric.topology().network_ports()),
      links_(std::size_t(fabric.topology().router_count()) * std::size_t(ports_)),
      injection_(fabric.node_count()) {}

double ApproximateTiming::load(LinkLoad& link, std::uint64_t real, Cycle at) {
  if (at >= link.window_start + kWindow) {  // close the window: its utilisation is the next one's past
    const double elapsed = double(std::max<Cycle>(1, at - link.window_start));
    link.previous = std::min(1.0, double(real - link.real_at_start + link.estimated) / elapsed);
    link.window_start = at;
    link.real_at_start = real;
    link.estimated = 0;
  }
  // The open window weighs in as it fills.
  const double elapsed = double(at - link.window_start);
  const double current = elapsed > 0 ? double(real - link.real_at_start + link.estimated) / elapsed : 0.0;
  const double weight = std::min(1.0, elapsed / double(kWindow));
  return std::min(0.95, (1 - weight) * link.previous + weight * std::min(1.0, current));
}

double ApproximateTiming::injection_utilisation(NodeId node, Cycle at, int flits) {
  LinkLoad& channel = injection_[node];
  const std::uint64_t real = fabric_.node(node).network_interface().events().injected_flits;
  const double rho = load(channel, real, at);
  channel.estimated += std::uint64_t(flits);
  return rho;
}

const std::vector<std::uint32_t>& ApproximateTiming::route(NodeId from, NodeId to) {
  const std::uint64_t key = std::uint64_t(from) * std::uint64_t(fabric_.node_count()) + to;
  auto found = routes_.find(key);
  if (found != routes_.end()) return found->second;
  if (routes_.size() >= kMostRoutes) routes_.clear();  // a bound on memory; routes are cheap to find again
  std::vector<std::uint32_t> path;
  const Topology& topology = fabric_.topology();
  NodeId router = topology.injection_point(from).router;
  const NodeId last = topology.delivery_point(to).router;
  while (router != last) {
    const int port = topology.deterministic_port(router, to);
    if (port < 0) break;
    path.push_back(std::uint32_t(router) * std::uint32_t(ports_) + std::uint32_t(port));
    router = topology.link(router, port).router;
  }
  return routes_.emplace(key, std::move(path)).first->second;
}

Cycle ApproximateTiming::packet_latency(NodeId from, NodeId to, int flits, Cycle at) {
  const PlatformConfig& p = fabric_.platform();
  const RouterConfig& r = p.router;
  const std::vector<std::uint32_t>& path = route(from, to);
  const int hops = int(path.size());
  double waiting = 0;
  // In the source queue a packet waits for whole packets ahead of it (FIFO), of the traffic's mean
  // length; on a link its flits share the channel with the other lanes' flit by flit, so there it
  // waits in proportion to its own length.
  const NetworkStatistics& delivered = fabric_.statistics();
  const double mean_length = delivered.packets_delivered_total() > 0
                                 ? double(delivered.flits_delivered_total()) / double(delivered.packets_delivered_total())
                                 : double(flits);
  const double injecting = injection_utilisation(from, at, flits);
  waiting += injecting / (2 * (1 - injecting)) * mean_length;
  for (const std::uint32_t link : path) {
    const NodeId router = NodeId(link / std::uint32_t(ports_));
    const int port = int(link % std::uint32_t(ports_));
    const double rho = load(links_[link], fabric_.router(router).flits_sent(port), at);
    waiting += rho / (2 * (1 - rho)) * double(flits);
    links_[link].estimated += std::uint64_t(flits);
  }
  // The zero-load pipeline (README, "Timing"): a lone packet of L flits over H hops.
  const Cycle zero_load = Cycle(1 + p.network_interface.injection_delay + (hops + 1) * (r.routing_delay + r.crossbar_delay) +
                                hops * r.link_delay + p.network_interface.delivery_delay + (flits - 1));
  return zero_load + Cycle(waiting + 0.5);
}

}  // namespace icn
