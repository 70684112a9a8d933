// A topology added from outside model/, as a user adds one: this file and its registration, nothing
// else. R routers joined all to all, one node each: port p of router r leads to router r + p + 1
// (mod R), entering there by the port that leads back. Linked into icnsim_with_clique (tests/
// CMakeLists.txt); tests/scripts/test_toy_topology.py runs it under the stress tool and the sweep,
// which find it through icnsim --describe with no other file changed.
#include <string>

#include "common/config_error.h"
#include "common/parameters.h"
#include "topology/topology.h"

namespace {

using icn::NodeId;

class Clique final : public icn::Topology {
 public:
  explicit Clique(int routers) : routers_(routers) {}
  std::string describe() const override { return std::to_string(routers_) + "-router clique"; }
  NodeId node_count() const override { return NodeId(routers_); }
  int network_ports() const override { return routers_ - 1; }
  Link link(NodeId router, int output_port) const override {
    const NodeId to = NodeId((int(router) + output_port + 1) % routers_);
    return Link{to, port_towards(to, router)};
  }
  int distance(NodeId from, NodeId to) const override { return from == to ? 0 : 1; }
  int minimal_ports(NodeId from, NodeId to, int* out) const override {
    if (from == to) return 0;
    out[0] = port_towards(from, to);
    return 1;
  }
  int deterministic_port(NodeId from, NodeId to) const override { return from == to ? -1 : port_towards(from, to); }
  // Uniform traffic spreads a node's flits over its R − 1 links, one to each other node.
  double uniform_capacity() const override { return double(routers_ - 1); }

 private:
  int port_towards(NodeId from, NodeId to) const { return (int(to) - int(from) - 1 + routers_) % routers_; }
  int routers_;
};

const icn::Registration<icn::TopologyRegistry> registration{{
    "clique",
    "a toy topology registered from outside the model: R routers joined all to all, one node each",
    {icn::ParameterSpec::integer("routers", 5, 2, 32, "R: routers, joined all to all")},
    [](const icn::ParameterSet& p) -> std::shared_ptr<const icn::Topology> {
      return std::make_shared<const Clique>(int(p.integer("routers")));
    },
    icn::TopologyTraits{false, {{{"routers", "4"}}, {{"routers", "7"}}}}}};

}  // namespace
