// Shortest-path routing on any network, built for networks read from a file (docs/routing.md): the
// adaptive VCs (1 … V − 1) may take any output on a shortest path; VC 0 is an escape network routed by
// up*/down* (Schroeder et al., "Autonet", 1991): a breadth-first spanning tree from a root orders the
// routers by (depth, number); a link towards a smaller one is "up", and an escape path is any number
// of up links followed by down links only, the shortest such path, from tables computed once. The
// up*/down* rule leaves no cycle of escape channels. A packet that takes an escape VC stays in the
// escape network to its destination, so escape channels never wait on adaptive ones; adaptive ones
// may always fall back on an escape VC, offered after them (Duato's theory, as Silla and Duato apply
// it to irregular networks, IEEE TPDS 2000). With one VC the network is up*/down* alone.
#include <algorithm>
#include <deque>
#include <limits>
#include <stdexcept>
#include <vector>

#include "routing/routing_function.h"
#include "topology/topology.h"

namespace icn {
namespace {

constexpr int kMostRouters = 4096;
constexpr std::uint8_t kNone = 0xff;

class ShortestPathRouting final : public RoutingFunction {
 public:
  ShortestPathRouting(const Topology& topology, int virtual_channels, long long root)
      : topology_(topology),
        routers_(topology.router_count()),
        ports_(topology.network_ports()),
        adaptive_(virtual_channels > 1 ? first_vcs(virtual_channels) & ~1u : 0) {
    if (routers_ > NodeId(kMostRouters))
      throw std::invalid_argument("shortest-path routing keeps a table per pair of routers: " +
                                  std::to_string(routers_) + " routers is too many (allowed: at most 4096)");
    if (root >= (long long)routers_)
      throw std::invalid_argument("routing.root " + std::to_string(root) + " is not a router (allowed: -1 or 0.." +
                                  std::to_string(routers_ - 1) + ")");
    build_tables(root < 0 ? centre() : NodeId(root));
  }

  void route(NodeId node, int input_port, int input_vc, NodeId destination, RouteResult& out) const override {
    out.clear();
    const NodeId target = topology_.delivery_point(destination).router;
    const bool entered = input_port >= ports_;
    const bool on_escape = !entered && (adaptive_ == 0 || input_vc == 0);
    if (!on_escape && adaptive_) {
      int ports[64];
      const int n = topology_.minimal_ports(node, destination, ports);
      for (int i = 0; i < n; ++i) out.add(ports[i], adaptive_, 0);
    }
    // Down only once the escape path has gone down; otherwise up or down, afresh.
    const bool went_down = on_escape && order_[upstream_[std::size_t(node) * std::size_t(ports_) + std::size_t(input_port)]] <
                                            order_[node];
    const std::size_t row = std::size_t(table_row_[target]) * std::size_t(routers_) + node;
    const std::uint8_t port = went_down ? down_only_[row] : rise_or_fall_[row];
    if (port == kNone)
      throw std::logic_error("up*/down* routing found no escape path from router " + std::to_string(node) +
                             " to router " + std::to_string(target));
    out.add(port, 1u, 1);
  }
  std::string describe() const override {
    return adaptive_ ? "shortest paths on VCs 1.., VC 0 an up*/down* escape from router " + std::to_string(root_)
                     : "up*/down* from router " + std::to_string(root_) + ", shortest legal paths";
  }
  std::uint32_t adaptive_vcs() const override { return adaptive_; }

 private:
  // A router of least eccentricity (the lowest numbered): the spanning tree's root by default.
  NodeId centre() const {
    NodeId best = 0;
    int best_reach = std::numeric_limits<int>::max();
    for (NodeId r = 0; r < routers_; ++r) {
      const std::vector<int> d = breadth_first(r);
      const int reach = *std::max_element(d.begin(), d.end());
      if (reach < best_reach) best = r, best_reach = reach;
    }
    return best;
  }
  std::vector<int> breadth_first(NodeId from) const {
    std::vector<int> depth(routers_, std::numeric_limits<int>::max());
    std::deque<NodeId> queue{from};
    depth[from] = 0;
    while (!queue.empty()) {
      const NodeId r = queue.front();
      queue.pop_front();
      for (int p = 0; p < ports_; ++p)
        if (const NodeId next = topology_.neighbour(r, p); next != kNoNode && depth[next] == std::numeric_limits<int>::max())
          depth[next] = depth[r] + 1, queue.push_back(next);
    }
    return depth;
  }

  void build_tables(NodeId root) {
    root_ = root;
    const std::vector<int> depth = breadth_first(root);
    for (NodeId r = 0; r < routers_; ++r)
      if (depth[r] == std::numeric_limits<int>::max())
        throw std::invalid_argument("router " + std::to_string(r) + " cannot be reached from the root, router " +
                                    std::to_string(root) + " (allowed: a connected network)");
    // The order: by depth, then number; rank 0 is the root. Up links lead to a smaller rank.
    std::vector<NodeId> by_rank(routers_);
    for (NodeId r = 0; r < routers_; ++r) by_rank[r] = r;
    std::sort(by_rank.begin(), by_rank.end(), [&](NodeId a, NodeId b) { return std::make_pair(depth[a], a) < std::make_pair(depth[b], b); });
    order_.assign(routers_ + 1, 0);
    for (NodeId i = 0; i < routers_; ++i) order_[by_rank[i]] = int(i);
    order_[routers_] = -1;  // the "upstream" of an input no link enters: above everything
    upstream_.assign(std::size_t(routers_) * std::size_t(ports_), routers_);
    for (NodeId r = 0; r < routers_; ++r)
      for (int p = 0; p < ports_; ++p)
        if (const Topology::Link l = topology_.link(r, p); l.router != kNoNode)
          upstream_[std::size_t(l.router) * std::size_t(ports_) + std::size_t(l.input_port)] = r;

    // A table row per router some node is delivered at.
    table_row_.assign(routers_, -1);
    int rows = 0;
    for (NodeId n = 0; n < topology_.node_count(); ++n)
      if (int& row = table_row_[topology_.delivery_point(n).router]; row < 0) row = rows++;
    rise_or_fall_.assign(std::size_t(rows) * std::size_t(routers_), kNone);
    down_only_.assign(std::size_t(rows) * std::size_t(routers_), kNone);
    constexpr int kFar = std::numeric_limits<int>::max() / 2;
    std::vector<int> down(routers_), any(routers_);
    for (NodeId target = 0; target < routers_; ++target) {
      if (table_row_[target] < 0) continue;
      // Down-only distances to the target: backwards from it over down links (into a larger rank).
      std::fill(down.begin(), down.end(), kFar);
      down[target] = 0;
      std::deque<NodeId> queue{target};
      while (!queue.empty()) {
        const NodeId b = queue.front();
        queue.pop_front();
        for (int ip = 0; ip < ports_; ++ip) {
          const NodeId a = upstream_[std::size_t(b) * std::size_t(ports_) + std::size_t(ip)];
          if (a == routers_ || order_[a] > order_[b] || down[a] != kFar) continue;
          down[a] = down[b] + 1, queue.push_back(a);
        }
      }
      // Legal distances: down from here, or up one link first (ranks ascending: the up neighbour is known).
      for (const NodeId r : by_rank) {
        any[r] = down[r];
        for (int p = 0; p < ports_; ++p)
          if (const NodeId u = topology_.neighbour(r, p); u != kNoNode && order_[u] < order_[r])
            any[r] = std::min(any[r], any[u] + 1);
      }
      const std::size_t base = std::size_t(table_row_[target]) * std::size_t(routers_);
      for (NodeId r = 0; r < routers_; ++r) {
        if (r == target) continue;
        for (int p = 0; p < ports_; ++p) {
          const NodeId next = topology_.neighbour(r, p);
          if (next == kNoNode) continue;
          const bool is_down = order_[next] > order_[r];
          if (is_down && down[next] == down[r] - 1 && down_only_[base + r] == kNone) down_only_[base + r] = std::uint8_t(p);
          const bool legal = is_down ? down[next] == any[r] - 1 : any[next] == any[r] - 1;
          if (legal && rise_or_fall_[base + r] == kNone) rise_or_fall_[base + r] = std::uint8_t(p);
        }
      }
    }
  }

  const Topology& topology_;
  const NodeId routers_;
  const int ports_;
  const std::uint32_t adaptive_;
  NodeId root_ = 0;
  std::vector<int> order_;             // rank of each router (root 0), and −1 for "an injection channel"
  std::vector<NodeId> upstream_;       // [router * ports + input port]: the router its link comes from
  std::vector<int> table_row_;         // per router: its row in the tables, −1 if no node is delivered there
  std::vector<std::uint8_t> rise_or_fall_, down_only_;  // [row * routers + router]: the escape port
};

const Registration<RoutingRegistry> registration{{
    "shortest_path",
    "any network (built for networks from a file): shortest paths on VCs 1.., VC 0 an up*/down* escape network",
    {ParameterSpec::integer("root", -1, -1, kMostRouters - 1,
                            "the up*/down* spanning tree's root router (-1: a router of least eccentricity)")},
    [](const RoutingContext& c) {
      return std::make_unique<ShortestPathRouting>(c.topology, c.virtual_channels, c.parameters.integer("root"));
    }}};

}  // namespace
}  // namespace icn
