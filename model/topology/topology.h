#pragma once
// What every topology tells the rest of the model (docs/design.md, "Topologies"): its routers, each
// router's network ports, where each output port leads, the distances and minimal output ports
// between nodes, one deterministic minimal route, and its uniform-traffic capacity. The wiring,
// the network interface, the statistics, Disha's recovery VC and the generic patterns use only
// this. Mechanisms built on one family's geometry (dimension-order and dateline routing, the
// sideband, metapackets, the entropy circuit, tornado and transpose) ask for it with
// `require<KaryNCube>(topology, "what I am")`, which refuses any other topology by naming both.
//
// A topology is one file plus one registration line: the `network.topology` key picks it and its
// parameter specs say which `network.*` keys it accepts (model/topology/kary_ncube.cpp).
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/parameters.h"
#include "common/registry.h"
#include "common/types.h"

namespace icn {

class Topology {
 public:
  // Where an output port leads: a neighbour router and the input port its link enters there, or
  // nowhere (router == kNoNode: a mesh edge).
  struct Link {
    NodeId router = kNoNode;
    int input_port = -1;
  };

  virtual ~Topology() = default;

  // Where a terminal attaches: a router and one of its terminal slots. Slot s of a router is its
  // input ports network_ports() + s·I … + I − 1 (the terminal's I injection channels) and its
  // output ports network_ports() + s·D … (its D delivery channels).
  struct Attachment {
    NodeId router = kNoNode;
    int slot = 0;
  };

  // "16-ary 2-cube torus": the registry name's family with its parameters, for results and errors.
  virtual std::string describe() const = 0;
  // Nodes (terminals: a generator and a network interface each); patterns and statistics count these.
  virtual NodeId node_count() const = 0;
  // Routers. A direct network (the k-ary n-cube) has one per node, node i's at router i with one
  // terminal slot; an indirect one (the k-ary n-fly) injects at one router and delivers at another.
  virtual NodeId router_count() const { return node_count(); }
  virtual bool is_direct() const { return true; }
  virtual int terminal_slots(NodeId router) const { return (void)router, 1; }
  virtual Attachment injection_point(NodeId node) const { return Attachment{node, 0}; }
  virtual Attachment delivery_point(NodeId node) const { return Attachment{node, 0}; }
  // Network (router-to-router) ports per router; the same for every router.
  virtual int network_ports() const = 0;
  virtual Link link(NodeId router, int output_port) const = 0;
  NodeId neighbour(NodeId router, int output_port) const { return link(router, output_port).router; }
  bool has_link(NodeId router, int output_port) const { return neighbour(router, output_port) != kNoNode; }

  // From router `from` towards node `to` (its delivery router): the minimal number of router-to-
  // router hops (on a dragonfly, of the paper's minimal route, with at most one global hop); the network ports on some minimal path (the "useful" channels of the self-tuned
  // paper's footnote 3), written to `out` (room for network_ports()), returning how many (none at
  // the delivery router); and the first hop of the topology's one fixed minimal route (dimension
  // order on a k-ary n-cube, destination tag on a k-ary n-fly), −1 at the delivery router, which
  // Disha's recovery VC follows and pre-routed injection dispatches on.
  virtual int distance(NodeId from, NodeId to) const = 0;
  virtual int minimal_ports(NodeId from, NodeId to, int* out) const = 0;
  std::vector<int> minimal_ports(NodeId from, NodeId to) const;
  virtual int deterministic_port(NodeId from, NodeId to) const = 0;

  // Cycles a flit takes on the link leaving `router` by `output_port`, given router.link_delay
  // (`local_delay`), which every link of the k-ary n-cube and n-fly takes; a dragonfly's global
  // channels take network.global_link_delay. Credits come back over any link in one cycle.
  virtual int link_delay(NodeId router, int output_port, int local_delay) const {
    return (void)router, (void)output_port, local_delay;
  }

  // Ideal uniform-traffic capacity in flits/node/cycle, bounded by the most loaded channel.
  virtual double uniform_capacity() const = 0;
  // A network port's name in diagnostics ("+x" on a k-ary n-cube).
  virtual std::string port_name(int port) const { return "port " + std::to_string(port); }
  // Where router `r` is drawn in a picture of the network (scripts/plot heatmap): its coordinates
  // on a k-ary n-cube (dimension 0 first), {stage, switch} on a k-ary n-fly; the layout's name.
  virtual std::vector<int> position(NodeId router) const { return {int(router)}; }
  virtual std::string layout() const { return "line"; }
  // `network.*` keys whose values it resolved (a file's absolute path), written back so that
  // --print-config's output runs as it is from any folder.
  virtual std::vector<std::pair<std::string, std::string>> resolved_keys() const { return {}; }
};

// The topology as the family `Family`, for a mechanism that only works there; otherwise
// std::invalid_argument "`who` needs a <Family::kFamily> (this network is <describe()>)", which
// the configuration reports against the key that chose the mechanism.
template <typename Family>
const Family& require(const Topology& topology, const std::string& who) {
  if (const auto* family = dynamic_cast<const Family*>(&topology)) return *family;
  throw std::invalid_argument(who + " needs a " + Family::kFamily + " (this network is a " + topology.describe() + ")");
}

// Builds a topology from its `network.*` parameters; throws std::invalid_argument for values that
// are in range one by one but not together (the configuration names the key).
using TopologyFactory = std::function<std::shared_ptr<const Topology>(const ParameterSet& parameters)>;
struct TopologyTag { static constexpr const char* kind = "topology"; };
// What the fabric builds beside a topology's routers, declared by its entry.
struct TopologyTraits {
  // The global-information networks (the self-tuned sideband, the entropy circuit: self-tuned
  // sec. 5.2) are laid along its dimension rows; a topology without them has neither, and a
  // controller that needs one refuses it (ControllerContext::needs_sideband).
  bool dimension_rows = false;
  // Small networks of this kind to exercise it with (icnsim --describe, scripts/stress): each the
  // network.* keys that make one, as a platform file writes them ({"radix", "4"}). A new topology
  // lists a few and the tools pick it up.
  std::vector<std::vector<std::pair<std::string, std::string>>> shapes;
};
using TopologyRegistry = Registry<TopologyTag, TopologyFactory, TopologyTraits>;

}  // namespace icn
