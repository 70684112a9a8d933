#include "topology/hyperx.h"

#include <cmath>

#include "common/config_error.h"

namespace icn {

HyperX::HyperX(int dimensions, int switches, int terminals) : l_(dimensions), s_(switches), t_(terminals) {
  if (l_ < 1 || s_ < 2 || t_ < 1) throw std::invalid_argument("a HyperX needs L >= 1, S >= 2 and T >= 1");
  power_.push_back(1);
  for (int i = 0; i < l_; ++i) power_.push_back(power_.back() * NodeId(s_));
  routers_ = power_[std::size_t(l_)];
}

std::string HyperX::describe() const {
  return "HyperX L=" + std::to_string(l_) + " S=" + std::to_string(s_) + " T=" + std::to_string(t_);
}

std::string HyperX::port_name(int port) const {
  // "d0.2": dimension 0, its port j = 2 (towards coordinate 2 below the router's own, 3 above it).
  return "d" + std::to_string(dimension_of(port)) + "." + std::to_string(port % (s_ - 1));
}

std::vector<int> HyperX::position(NodeId router) const {
  std::vector<int> at;
  for (int d = 0; d < l_; ++d) at.push_back(coordinate(router, d));
  return at;
}

Topology::Link HyperX::link(NodeId router, int output_port) const {
  const int d = dimension_of(output_port), j = output_port % (s_ - 1);
  const int own = coordinate(router, d), value = j < own ? j : j + 1;
  const NodeId next = router + (NodeId(value) - NodeId(own)) * power_[std::size_t(d)];
  return Link{next, port_to(next, d, own)};
}

int HyperX::first_difference(NodeId from, NodeId to) const {
  for (int d = 0; d < l_; ++d)
    if (coordinate(from, d) != coordinate(to, d)) return d;
  return -1;
}

int HyperX::hops_between(NodeId from, NodeId to) const {
  int differ = 0;
  for (int d = 0; d < l_; ++d) differ += coordinate(from, d) != coordinate(to, d);
  return differ;
}

int HyperX::port_towards(NodeId from, NodeId to) const {
  const int d = first_difference(from, to);
  return d < 0 ? -1 : port_to(from, d, coordinate(to, d));
}

int HyperX::distance(NodeId from, NodeId to) const { return hops_between(from, to / NodeId(t_)); }

int HyperX::minimal_ports(NodeId from, NodeId to, int* out) const {
  const NodeId target = to / NodeId(t_);
  int n = 0;
  for (int d = 0; d < l_; ++d)
    if (coordinate(from, d) != coordinate(target, d)) out[n++] = port_to(from, d, coordinate(target, d));
  return n;
}

int HyperX::deterministic_port(NodeId from, NodeId to) const { return port_towards(from, to / NodeId(t_)); }

namespace {

using P = ParameterSpec;
const Registration<TopologyRegistry> registration{{
    "hyperx",
    "HyperX (Ahn et al., SC 2009): L dimensions of S switches, each dimension fully connected, T terminals per "
    "switch; T = S is the flattened butterfly (Kim, Dally, Abts, ISCA 2007)",
    {P::integer("dimensions", 2, 1, 8, "L: dimensions"), P::integer("switches", 4, 2, 64, "S: switches per dimension"),
     P::integer("terminals_per_router", 4, 1, 64, "T: terminals (nodes) per switch")},
    [](const ParameterSet& p) -> std::shared_ptr<const Topology> {
      const int l = int(p.integer("dimensions")), s = int(p.integer("switches")),
                t = int(p.integer("terminals_per_router"));
      if (std::pow(double(s), l) * t > double(1 << 20))
        throw ConfigError(p.problem("switches", std::to_string(s) + "^" + std::to_string(l) + " switches of " +
                                                    std::to_string(t) + " terminals is too many (allowed: at most 1048576 nodes)"));
      if (l * (s - 1) > 64)
        throw ConfigError(p.problem("switches", "L*(S - 1) = " + std::to_string(l * (s - 1)) +
                                                    " network ports (allowed: at most 64)"));
      return std::make_shared<const HyperX>(l, s, t);
    },
    TopologyTraits{false,
                   {{{"dimensions", "2"}, {"switches", "3"}, {"terminals_per_router", "2"}},
                    {{"dimensions", "1"}, {"switches", "4"}, {"terminals_per_router", "1"}},
                    {{"dimensions", "2"}, {"switches", "2"}, {"terminals_per_router", "4"}},
                    {{"dimensions", "3"}, {"switches", "3"}, {"terminals_per_router", "1"}}}}}};

}  // namespace
}  // namespace icn
