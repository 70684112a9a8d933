#include "topology/kary_nfly.h"

#include <cmath>

#include "common/config_error.h"

namespace icn {

KaryNFly::KaryNFly(int radix, int stages) : k_(radix), n_(stages) {
  if (k_ < 2 || n_ < 1) throw std::invalid_argument("a k-ary n-fly needs k >= 2 and n >= 1");
  power_.push_back(1);
  for (int i = 0; i < n_; ++i) power_.push_back(power_.back() * NodeId(k_));
  nodes_ = power_[std::size_t(n_)];
  per_stage_ = power_[std::size_t(n_ - 1)];
}

std::string KaryNFly::describe() const { return std::to_string(k_) + "-ary " + std::to_string(n_) + "-fly"; }

int KaryNFly::terminal_slots(NodeId router) const {
  const int s = stage(router);
  return s == 0 || s == n_ - 1 ? k_ : 0;
}

Topology::Link KaryNFly::link(NodeId router, int output_port) const {
  const int s = stage(router);
  if (s == n_ - 1) return Link{};  // the last stage's outputs are its delivery channels
  const NodeId index = router % per_stage_;
  const int position = n_ - 2 - s;
  const int replaced = digit(index, position);
  const NodeId next = index + (NodeId(output_port) - NodeId(replaced)) * power_[std::size_t(position)];
  return Link{NodeId(s + 1) * per_stage_ + next, replaced};
}

int KaryNFly::deterministic_port(NodeId from, NodeId to) const {
  const int s = stage(from);
  return s == n_ - 1 ? -1 : digit(to, n_ - 1 - s);
}

int KaryNFly::minimal_ports(NodeId from, NodeId to, int* out) const {
  const int port = deterministic_port(from, to);
  if (port < 0) return 0;
  out[0] = port;
  return 1;
}

namespace {

using P = ParameterSpec;
const Registration<TopologyRegistry> registration{{
    "kary_nfly", "k-ary n-fly: n stages of k x k switches between k^n nodes (virtual-channel paper sec. II)",
    {P::integer("radix", 2, 2, 16, "k: ports per switch"), P::integer("stages", 8, 1, 20, "n: switch stages")},
    [](const ParameterSet& p) -> std::shared_ptr<const Topology> {
      const int radix = int(p.integer("radix")), stages = int(p.integer("stages"));
      if (std::pow(double(radix), stages) > double(1 << 20))
        throw ConfigError(p.problem("stages", std::to_string(radix) + "^" + std::to_string(stages) +
                                                  " nodes is too many (allowed: at most 1048576 nodes)"));
      return std::make_shared<const KaryNFly>(radix, stages);
    },
    TopologyTraits{false, {{{"radix", "2"}, {"stages", "3"}}, {{"radix", "4"}, {"stages", "2"}}, {{"radix", "3"}, {"stages", "2"}},
                   {{"radix", "2"}, {"stages", "6"}}}}}};

}  // namespace
}  // namespace icn
