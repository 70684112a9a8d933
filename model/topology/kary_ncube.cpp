#include "topology/kary_ncube.h"

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <stdexcept>

#include "common/config_error.h"

namespace icn {

KaryNCube::KaryNCube(int radix, int dimensions, std::vector<DimensionKind> kinds, int terminals)
    : k_(radix), n_(dimensions), kinds_(std::move(kinds)), terminals_(terminals) {
  if (k_ < 2 || n_ < 1) throw std::invalid_argument("a k-ary n-cube needs k >= 2 and n >= 1");
  if (terminals_ < 1) throw std::invalid_argument("a k-ary n-cube needs at least one terminal per router");
  if (kinds_.size() == 1) kinds_.assign(n_, kinds_[0]);
  if (int(kinds_.size()) != n_) throw std::invalid_argument("one wrap kind per dimension expected");
  NodeId stride = 1;
  for (int d = 0; d < n_; ++d) {
    stride_.push_back(stride);
    if (stride > 0xffffffu / NodeId(k_)) throw std::invalid_argument("network too large");
    stride *= NodeId(k_);
  }
  routers_ = stride;
  if (routers_ > 0xffffffu / NodeId(terminals_)) throw std::invalid_argument("network too large");
}

std::string KaryNCube::describe() const {
  const bool all_torus = all_tori();
  const bool all_mesh = std::none_of(kinds_.begin(), kinds_.end(), [](auto k) { return k == DimensionKind::Torus; });
  std::string shape = all_torus ? "torus" : all_mesh ? "mesh" : "mixed torus/mesh";
  if (n_ == 1) shape = all_torus ? "ring" : "line";
  const std::string concentration = terminals_ > 1 ? ", " + std::to_string(terminals_) + " terminals per router" : "";
  return std::to_string(k_) + "-ary " + std::to_string(n_) + "-cube " + shape + concentration;
}

std::vector<int> KaryNCube::coordinates(NodeId node) const {
  std::vector<int> c(n_);
  for (int d = 0; d < n_; ++d) c[d] = coordinate(node, d);
  return c;
}

NodeId KaryNCube::node_at(const std::vector<int>& coordinates) const {
  NodeId node = 0;
  for (int d = 0; d < n_; ++d) node += NodeId(coordinates[d]) * stride_[d];
  return node;
}

NodeId KaryNCube::neighbour(NodeId node, int port) const {
  const int d = dimension_of(port);
  const int c = coordinate(node, d);
  int next = is_positive(port) ? c + 1 : c - 1;
  if (next < 0 || next >= k_) {
    if (!wraps(d)) return kNoNode;
    next = (next + k_) % k_;
  }
  return node - NodeId(c) * stride_[d] + NodeId(next) * stride_[d];
}

bool KaryNCube::crosses_dateline(NodeId node, int port) const {
  const int d = dimension_of(port);
  if (!wraps(d)) return false;
  const int c = coordinate(node, d);
  return is_positive(port) ? c == k_ - 1 : c == 0;
}

int KaryNCube::minimal_offset(NodeId from, NodeId to, int dimension, bool* tie) const {
  int delta = coordinate(to, dimension) - coordinate(from, dimension);
  if (tie) *tie = false;
  if (!wraps(dimension)) return delta;
  delta = ((delta % k_) + k_) % k_;  // 0..k-1 in the + direction
  if (2 * delta == k_) {
    if (tie) *tie = true;
    return delta;
  }
  return 2 * delta < k_ ? delta : delta - k_;
}

int KaryNCube::distance(NodeId from, NodeId to) const {
  int hops = 0;
  for (int d = 0; d < n_; ++d) hops += std::abs(minimal_offset(from, to, d));
  return hops;
}

int KaryNCube::minimal_ports(NodeId from, NodeId to, int* out) const {
  int count = 0;
  for (int d = 0; d < n_; ++d) {
    bool tie = false;
    const int offset = minimal_offset(from, to, d, &tie);
    if (offset > 0) out[count++] = port_of(d, true);
    if (offset < 0 || tie) out[count++] = port_of(d, false);
  }
  return count;
}

int KaryNCube::dimension_order_port(NodeId from, NodeId to) const {
  for (int d = 0; d < n_; ++d) {
    bool tie = false;
    const int offset = minimal_offset(from, to, d, &tie);
    if (offset == 0) continue;
    return port_of(d, tie ? coordinate(from, d) % 2 == 0 : offset > 0);
  }
  return -1;
}

std::string KaryNCube::port_name(int port) const {
  const int d = dimension_of(port);
  const std::string axis = n_ <= 3 ? std::string(1, "xyz"[d]) : "d" + std::to_string(d);
  return (is_positive(port) ? "+" : "-") + axis;
}

bool KaryNCube::all_tori() const {
  return std::all_of(kinds_.begin(), kinds_.end(), [](auto k) { return k == DimensionKind::Torus; });
}

double KaryNCube::uniform_capacity() const {
  // Worst channel load per dimension under uniform traffic, per flit/node/cycle injected.
  double worst = 0;
  for (int d = 0; d < n_; ++d) {
    const double k = k_;
    double load;
    if (wraps(d))
      load = (k_ % 2 == 0) ? k / 8.0 : (k * k - 1) / (8.0 * k);
    else
      load = (k_ % 2 == 0) ? k / 4.0 : (k * k - 1) / (4.0 * k);
    worst = std::max(worst, load);
  }
  return 1.0 / (worst * terminals_);
}

namespace {

using P = ParameterSpec;
const Registration<TopologyRegistry> registration{{
    "kary_ncube", "k-ary n-cube: n dimensions of k nodes, each a ring (torus) or a line (mesh); a ring is n = 1",
    {P::integer("radix", 16, 2, 256, "k: nodes per dimension"),
     P::integer("dimensions", 2, 1, 8, "n: number of dimensions (a ring is n = 1)"),
     P::choice("wrap", "torus", {"torus", "mesh"}, "wrap-around links per dimension: torus (ring) or mesh (line)")
         .as_list(),
     P::integer("terminals_per_router", 1, 1, 64,
                "c: terminals (nodes) per router, each with its own generator and injection ports (concentration)")},
    [](const ParameterSet& p) -> std::shared_ptr<const Topology> {
      const int radix = int(p.integer("radix")), dimensions = int(p.integer("dimensions")),
                terminals = int(p.integer("terminals_per_router"));
      const auto& wraps = p.texts("wrap");
      if (wraps.size() != 1 && int(wraps.size()) != dimensions)
        throw ConfigError(p.problem("wrap", "has " + std::to_string(wraps.size()) + " entries for " +
                                                std::to_string(dimensions) +
                                                " dimensions (allowed: one value, or one per dimension)"));
      if (std::pow(double(radix), dimensions) * terminals > double(1 << 20))
        throw ConfigError(p.problem("radix", std::to_string(radix) + "^" + std::to_string(dimensions) +
                                                 (terminals > 1 ? " routers of " + std::to_string(terminals) + " terminals is"
                                                                : " nodes is") +
                                                 " too many (allowed: at most 1048576 nodes)"));
      std::vector<DimensionKind> kinds;
      for (const auto& w : wraps) kinds.push_back(w == "torus" ? DimensionKind::Torus : DimensionKind::Mesh);
      return std::make_shared<const KaryNCube>(radix, dimensions, std::move(kinds), terminals);
    },
    TopologyTraits{/*dimension_rows=*/true,
                   {{{"radix", "4"}, {"dimensions", "2"}, {"wrap", "torus"}},
                    {{"radix", "4"}, {"dimensions", "2"}, {"wrap", "mesh"}},
                    {{"radix", "8"}, {"dimensions", "1"}, {"wrap", "torus"}},
                    {{"radix", "3"}, {"dimensions", "3"}, {"wrap", "torus"}},
                    {{"radix", "4"}, {"dimensions", "2"}, {"wrap", "torus"}, {"terminals_per_router", "2"}},
                    {{"radix", "8"}, {"dimensions", "2"}, {"wrap", "torus"}},
                    {{"radix", "5"}, {"dimensions", "1"}, {"wrap", "torus"}},
                    {{"radix", "6"}, {"dimensions", "2"}, {"wrap", "[torus, mesh]"}}}}}};

}  // namespace
}  // namespace icn
