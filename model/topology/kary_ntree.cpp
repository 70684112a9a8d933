#include "topology/kary_ntree.h"

#include <cmath>

#include "common/config_error.h"

namespace icn {

KaryNTree::KaryNTree(int radix, int levels) : k_(radix), n_(levels) {
  if (k_ < 2 || n_ < 1) throw std::invalid_argument("a k-ary n-tree needs k >= 2 and n >= 1");
  power_.push_back(1);
  for (int i = 0; i < n_; ++i) power_.push_back(power_.back() * NodeId(k_));
  nodes_ = power_[std::size_t(n_)];
  per_level_ = power_[std::size_t(n_ - 1)];
}

std::string KaryNTree::describe() const { return std::to_string(k_) + "-ary " + std::to_string(n_) + "-tree"; }

std::string KaryNTree::port_name(int port) const {
  return is_up(port) ? "up " + std::to_string(port - k_) : "down " + std::to_string(port);
}

Topology::Link KaryNTree::link(NodeId router, int output_port) const {
  const int l = level(router);
  const NodeId w = router % per_level_;
  if (is_up(output_port)) {
    if (l == n_ - 1) return Link{};
    const int old = digit(w, l), now = output_port - k_;
    return Link{NodeId(l + 1) * per_level_ + w + (NodeId(now) - NodeId(old)) * power_[std::size_t(l)], old};
  }
  if (l == 0) return Link{};
  const int old = digit(w, l - 1);
  return Link{NodeId(l - 1) * per_level_ + w + (NodeId(output_port) - NodeId(old)) * power_[std::size_t(l - 1)],
              k_ + old};
}

int KaryNTree::ancestor_level(NodeId from, NodeId to) const {
  const int l = level(from);
  const NodeId w = from % per_level_, leaf = to / NodeId(k_);
  for (int i = n_ - 2; i >= l; --i)
    if (digit(w, i) != digit(leaf, i)) return i + 1;
  return l;
}

int KaryNTree::distance(NodeId from, NodeId to) const {
  const int top = ancestor_level(from, to);
  return (top - level(from)) + top;
}

int KaryNTree::minimal_ports(NodeId from, NodeId to, int* out) const {
  const int l = level(from);
  if (ancestor_level(from, to) > l) {
    for (int j = 0; j < k_; ++j) out[j] = k_ + j;
    return k_;
  }
  if (l == 0) return 0;  // its leaf: delivered here
  out[0] = digit(to / NodeId(k_), l - 1);
  return 1;
}

int KaryNTree::deterministic_port(NodeId from, NodeId to) const {
  const int l = level(from);
  if (ancestor_level(from, to) > l) return k_ + digit(to, l);
  return l == 0 ? -1 : digit(to / NodeId(k_), l - 1);
}

namespace {

using P = ParameterSpec;
const Registration<TopologyRegistry> registration{{
    "kary_ntree",
    "k-ary n-tree (Petrini & Vanneschi 1997): a fat tree of n levels of k^(n-1) switches, k ports down and k up, "
    "k^n nodes on the leaves",
    {P::integer("radix", 4, 2, 32, "k: ports down (and up) per switch, terminals per leaf"),
     P::integer("levels", 3, 1, 20, "n: switch levels")},
    [](const ParameterSet& p) -> std::shared_ptr<const Topology> {
      const int radix = int(p.integer("radix")), levels = int(p.integer("levels"));
      if (std::pow(double(radix), levels) > double(1 << 20))
        throw ConfigError(p.problem("levels", std::to_string(radix) + "^" + std::to_string(levels) +
                                                  " nodes is too many (allowed: at most 1048576 nodes)"));
      return std::make_shared<const KaryNTree>(radix, levels);
    },
    TopologyTraits{false, {{{"radix", "2"}, {"levels", "3"}}, {{"radix", "4"}, {"levels", "2"}}, {{"radix", "3"}, {"levels", "2"}},
                   {{"radix", "2"}, {"levels", "5"}}}}}};

}  // namespace
}  // namespace icn
