#include "topology/topology.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace icn {

Topology::Topology(int radix, int dimensions, std::vector<DimensionKind> kinds)
    : k_(radix), n_(dimensions), kinds_(std::move(kinds)) {
  if (k_ < 2 || n_ < 1) throw std::invalid_argument("a k-ary n-cube needs k >= 2 and n >= 1");
  if (kinds_.size() == 1) kinds_.assign(n_, kinds_[0]);
  if (int(kinds_.size()) != n_) throw std::invalid_argument("one wrap kind per dimension expected");
  NodeId stride = 1;
  for (int d = 0; d < n_; ++d) {
    stride_.push_back(stride);
    if (stride > 0xffffffu / NodeId(k_)) throw std::invalid_argument("network too large");
    stride *= NodeId(k_);
  }
  node_count_ = stride;
}

std::string Topology::describe() const {
  bool all_torus = std::all_of(kinds_.begin(), kinds_.end(), [](auto k) { return k == DimensionKind::Torus; });
  bool all_mesh = std::all_of(kinds_.begin(), kinds_.end(), [](auto k) { return k == DimensionKind::Mesh; });
  std::string shape = all_torus ? "torus" : all_mesh ? "mesh" : "mixed torus/mesh";
  if (n_ == 1) shape = all_torus ? "ring" : "line";
  return std::to_string(k_) + "-ary " + std::to_string(n_) + "-cube " + shape;
}

std::vector<int> Topology::coordinates(NodeId node) const {
  std::vector<int> c(n_);
  for (int d = 0; d < n_; ++d) c[d] = coordinate(node, d);
  return c;
}

NodeId Topology::node_at(const std::vector<int>& coordinates) const {
  NodeId node = 0;
  for (int d = 0; d < n_; ++d) node += NodeId(coordinates[d]) * stride_[d];
  return node;
}

NodeId Topology::neighbour(NodeId node, int port) const {
  const int d = dimension_of(port);
  const int c = coordinate(node, d);
  int next = is_positive(port) ? c + 1 : c - 1;
  if (next < 0 || next >= k_) {
    if (!wraps(d)) return kNoNode;
    next = (next + k_) % k_;
  }
  return node - NodeId(c) * stride_[d] + NodeId(next) * stride_[d];
}

bool Topology::crosses_dateline(NodeId node, int port) const {
  const int d = dimension_of(port);
  if (!wraps(d)) return false;
  const int c = coordinate(node, d);
  return is_positive(port) ? c == k_ - 1 : c == 0;
}

int Topology::minimal_offset(NodeId from, NodeId to, int dimension, bool* tie) const {
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

int Topology::distance(NodeId from, NodeId to) const {
  int hops = 0;
  for (int d = 0; d < n_; ++d) hops += std::abs(minimal_offset(from, to, d));
  return hops;
}

int Topology::minimal_ports(NodeId from, NodeId to, int* out) const {
  int count = 0;
  for (int d = 0; d < n_; ++d) {
    bool tie = false;
    const int offset = minimal_offset(from, to, d, &tie);
    if (offset > 0) out[count++] = port_of(d, true);
    if (offset < 0 || tie) out[count++] = port_of(d, false);
  }
  return count;
}

int Topology::dimension_order_port(NodeId from, NodeId to) const {
  for (int d = 0; d < n_; ++d) {
    bool tie = false;
    const int offset = minimal_offset(from, to, d, &tie);
    if (offset == 0) continue;
    return port_of(d, tie ? coordinate(from, d) % 2 == 0 : offset > 0);
  }
  return -1;
}

std::vector<int> Topology::minimal_ports(NodeId from, NodeId to) const {
  std::vector<int> ports(std::size_t(2 * n_));
  ports.resize(std::size_t(minimal_ports(from, to, ports.data())));
  return ports;
}

double Topology::uniform_capacity() const {
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
  return 1.0 / worst;
}

}  // namespace icn
