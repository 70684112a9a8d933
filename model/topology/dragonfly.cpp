#include "topology/dragonfly.h"

#include <algorithm>
#include <stdexcept>

#include "common/config_error.h"

namespace icn {

Dragonfly::Dragonfly(int terminals, int routers_per_group, int global_per_router, int groups, int global_link_delay)
    : p_(terminals),
      a_(routers_per_group),
      h_(global_per_router),
      g_(groups),
      routers_(routers_per_group * groups),
      global_delay_(global_link_delay) {
  if (p_ < 1 || a_ < 1 || h_ < 1 || g_ < 2 || g_ > a_ * h_ + 1)
    throw std::invalid_argument("a dragonfly needs p, a, h >= 1 and 2 <= g <= a*h + 1");
  capacity_ = compute_capacity();
}

std::string Dragonfly::describe() const {
  return "dragonfly p=" + std::to_string(p_) + " a=" + std::to_string(a_) + " h=" + std::to_string(h_) +
         " g=" + std::to_string(g_);
}

std::string Dragonfly::port_name(int port) const {
  return is_global(port) ? "global " + std::to_string(port - (a_ - 1)) : "local " + std::to_string(port);
}

Topology::Link Dragonfly::link(NodeId router, int output_port) const {
  const int G = group(router), i = index(router);
  if (!is_global(output_port)) {
    const int to = output_port < i ? output_port : output_port + 1;
    return Link{NodeId(G * a_ + to), i < to ? i : i - 1};
  }
  const int k = i * h_ + (output_port - (a_ - 1));
  if (k >= g_ - 1) return Link{};  // a smaller network leaves this channel unconnected
  const int other = (G + k + 1) % g_, back = g_ - 2 - k;
  return Link{NodeId(other * a_ + back / h_), a_ - 1 + back % h_};
}

NodeId Dragonfly::gateway(int from_group, int to_group, int& port) const {
  const int k = (to_group - from_group + g_) % g_ - 1;
  port = a_ - 1 + k % h_;
  return NodeId(from_group * a_ + k / h_);
}

int Dragonfly::port_to_group(NodeId router, int to_group) const {
  int port = 0;
  const NodeId exit = gateway(group(router), to_group, port);
  if (exit == router) return port;
  const int to_index = index(exit);
  return to_index < index(router) ? to_index : to_index - 1;
}

int Dragonfly::deterministic_port(NodeId from, NodeId to) const {
  const NodeId target = to / NodeId(p_);
  if (from == target) return -1;
  if (group(from) != group(target)) return port_to_group(from, group(target));
  const int to_index = index(target);
  return to_index < index(from) ? to_index : to_index - 1;
}

int Dragonfly::minimal_ports(NodeId from, NodeId to, int* out) const {
  const int port = deterministic_port(from, to);
  if (port < 0) return 0;
  out[0] = port;  // one channel joins each pair of groups: the minimal route is unique
  return 1;
}

int Dragonfly::distance(NodeId from, NodeId to) const {
  const NodeId target = to / NodeId(p_);
  if (from == target) return 0;
  if (group(from) == group(target)) return 1;
  int port = 0;
  const NodeId exit = gateway(group(from), group(target), port);
  const NodeId landing = link(exit, port).router;
  return int(exit != from) + 1 + int(landing != target);
}

double Dragonfly::compute_capacity() const {
  // Flits per cycle on each channel when every node sends 1 flit/cycle to destinations drawn
  // uniformly from the other nodes: p² node pairs per pair of routers. By symmetry under rotating
  // the groups a channel of group G carries what channel (same router index, same port) of group
  // G − S carries from group 0's sources, summed over S: so group 0's sources suffice.
  const int ports = network_ports();
  std::vector<double> load(std::size_t(a_) * std::size_t(ports), 0.0);  // by (router index, port)
  for (int source = 0; source < a_; ++source)
    for (NodeId target = 0; target < NodeId(routers_); ++target) {
      NodeId at = NodeId(source);
      const NodeId node = target * NodeId(p_);
      for (int port; (port = deterministic_port(at, node)) >= 0; at = link(at, port).router)
        load[std::size_t(index(at)) * std::size_t(ports) + std::size_t(port)] += 1.0;
    }
  const double most = *std::max_element(load.begin(), load.end());
  const double pairs_per_flit = double(p_) * double(p_) / double(node_count() - 1);
  return most == 0 ? 1.0 : std::min(1.0, 1.0 / (most * pairs_per_flit));
}

namespace {

using P = ParameterSpec;
const Registration<TopologyRegistry> registration{{
    "dragonfly",
    "dragonfly (Kim, Dally, Scott, Abts, ISCA 2008): g groups of a routers, all-to-all local channels in a group, "
    "h global channels per router joining every pair of groups, p terminals per router",
    {P::integer("terminals_per_router", 2, 1, 64, "p: terminals (nodes) per router"),
     P::integer("routers_per_group", 4, 1, 64, "a: routers per group, joined all to all"),
     P::integer("global_per_router", 2, 1, 64, "h: global channels per router"),
     P::integer("groups", 0, 0, 4097, "g: groups, at most a*h + 1 (0: that maximum)"),
     P::integer("global_link_delay", 0, 0, 1024,
                "cycles per flit on a global channel (0: router.link_delay, as on the local ones)")},
    [](const ParameterSet& p) -> std::shared_ptr<const Topology> {
      const int terminals = int(p.integer("terminals_per_router")), a = int(p.integer("routers_per_group")),
                h = int(p.integer("global_per_router"));
      const int most = a * h + 1;
      const int groups = p.integer("groups") == 0 ? most : int(p.integer("groups"));
      if (groups < 2 || groups > most)
        throw ConfigError(p.problem("groups", std::to_string(groups) + " groups (allowed: 2 to a*h + 1 = " +
                                                  std::to_string(most) + ", or 0 for the most)"));
      if (double(terminals) * a * groups > double(1 << 20))
        throw ConfigError(p.problem("groups", std::to_string(terminals * a * groups) +
                                                  " nodes is too many (allowed: at most 1048576 nodes)"));
      if (a - 1 + h > 64)
        throw ConfigError(p.problem("global_per_router", "a - 1 + h = " + std::to_string(a - 1 + h) +
                                                             " network ports (allowed: at most 64)"));
      return std::make_shared<const Dragonfly>(terminals, a, h, groups, int(p.integer("global_link_delay")));
    },
    TopologyTraits{false,
                   {{{"terminals_per_router", "1"}, {"routers_per_group", "2"}, {"global_per_router", "1"}, {"groups", "0"}},
                    {{"terminals_per_router", "2"}, {"routers_per_group", "4"}, {"global_per_router", "2"}, {"groups", "0"}},
                    {{"terminals_per_router", "2"}, {"routers_per_group", "3"}, {"global_per_router", "1"}, {"groups", "3"}},
                    {{"terminals_per_router", "4"}, {"routers_per_group", "8"}, {"global_per_router", "4"}, {"groups", "5"}}}}}};

}  // namespace
}  // namespace icn
