#pragma once
// Routing functions: for a header at a router, the admissible output ports and, per port, the
// virtual channels it may take there. Candidates come in preference groups (group 0 first, e.g.
// adaptive channels before the escape channel); the router's VC allocator uses the first group
// with a free VC and picks there by its selection function (most free credits, then random).
// Ejection at the destination is the router's own business, so a routing function is only asked
// when destination != node.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/parameters.h"
#include "common/random_stream.h"
#include "common/registry.h"
#include "common/types.h"

namespace icn {

class Topology;

// The mask of VCs 0 .. count − 1 (count ≤ 32: a port's VCs are kept in 32-bit masks).
constexpr std::uint32_t first_vcs(int count) { return count >= 32 ? 0xffffffffu : (1u << count) - 1; }

struct RouteCandidate {
  std::uint8_t port;
  std::uint8_t group;       // preference group, ascending
  bool needs_empty_buffer;  // the VC may be taken only with its downstream buffer empty
  bool bubble;              // bubble flow control: entering a ring needs room for two packets
  std::uint32_t vc_mask;    // bit v set: virtual channel v of that port is admissible
};

struct RouteResult {
  static constexpr int kMaxCandidates = 16;
  RouteCandidate candidates[kMaxCandidates];
  int count = 0;
  void clear() { count = 0; }
  void add(int port, std::uint32_t vc_mask, int group = 0, bool needs_empty_buffer = false, bool bubble = false) {
    candidates[count++] = RouteCandidate{std::uint8_t(port), std::uint8_t(group), needs_empty_buffer, bubble, vc_mask};
  }
};

// Candidates as a router keeps them for a routed header (router/route_table.h).
struct RouteView {
  RouteView(const RouteCandidate* first, int n) : candidates(first), count(n) {}
  RouteView(const RouteResult& route) : candidates(route.candidates), count(route.count) {}  // NOLINT: a view of it
  const RouteCandidate* candidates;
  int count;
};

// What a routing function that chooses by load may read of the router it routes at: the flits
// queued for each output port — held downstream (its VCs' used credits) and waiting here in the
// input VCs that hold one of its VCs. The "queue" UGAL compares (Kim et al., ISCA 2008, sec. 4.1).
// The same queues at any router of the network, known at once everywhere: the ideal global
// information UGAL-G assumes (Kim et al., ISCA 2008, sec. 4.1). A fabric's routers offer it.
class NetworkOccupancy {
 public:
  virtual int occupied(NodeId router, int port) const = 0;

 protected:
  ~NetworkOccupancy() = default;
};

class PortOccupancy {
 public:
  virtual int occupied(int port) const = 0;
  // Every router's queues, where the asker offers them (a fabric's router does; null elsewhere).
  virtual const NetworkOccupancy* network() const { return nullptr; }

 protected:
  ~PortOccupancy() = default;
};

class RoutingFunction {
 public:
  virtual ~RoutingFunction() = default;
  // input_port >= topology.network_ports() means the header came from an injection channel.
  virtual void route(NodeId node, int input_port, int input_vc, NodeId destination,
                     RouteResult& out) const = 0;
  // Non-minimal routing: the waypoint a packet is sent through first (Packet::waypoint keeps it),
  // and the route that knows it. Asked at every router a header is routed at, with the waypoint so
  // far (kNoNode where the packet enters the network, input_port >= network_ports()): Valiant and
  // UGAL draw it there, PAR may change its mind one hop later. The draw comes from the router's own
  // stream, perhaps weighed by the router's output queues. Minimal functions have none and route by
  // the destination alone.
  virtual NodeId choose_waypoint(NodeId node, int input_port, int input_vc, NodeId destination, NodeId waypoint,
                                 RandomStream& random, const PortOccupancy& load) const {
    return (void)node, (void)input_port, (void)input_vc, (void)destination, (void)random, (void)load, waypoint;
  }
  virtual bool uses_waypoints() const { return false; }
  virtual void route_via(NodeId node, int input_port, int input_vc, NodeId destination, NodeId waypoint,
                         RouteResult& out) const {
    (void)waypoint;
    route(node, input_port, input_vc, destination, out);
  }
  // One line on how the virtual channels are used (classes, escape VCs), for the summary.
  virtual std::string describe() const = 0;
  // Whole packets a VC buffer must be able to hold under virtual cut-through (bubble flow
  // control: two, so that a packet can enter a ring and leave a free packet buffer).
  virtual int packets_per_buffer() const { return 1; }
  // The VCs a packet may take on any useful channel, as opposed to escape VCs that follow a fixed
  // route (Duato, bubble); 0 means the function makes no such distinction (every VC counts).
  virtual std::uint32_t adaptive_vcs() const { return 0; }
};

struct RoutingContext {
  const Topology& topology;
  int virtual_channels;
  const ParameterSet& parameters;
  bool virtual_cut_through = false;  // the router's switching (bubble flow control needs it)
};

// What a routing function offers that a congestion controller may build on (ControllerNeeds).
struct RoutingTraits {
  // Escape VCs under bubble flow control beside fully adaptive ones (realistic-loads paper sec.
  // IV), whose injection admission a controller may tighten (LBR).
  bool bubble_escape = false;
};

// Throws std::invalid_argument when the function cannot work on this network (e.g. too few VCs).
using RoutingFactory = std::function<std::unique_ptr<RoutingFunction>(const RoutingContext&)>;
struct RoutingTag { static constexpr const char* kind = "routing function"; };
using RoutingRegistry = Registry<RoutingTag, RoutingFactory, RoutingTraits>;

// One routing name for one mechanism on several topology families — `valiant` on a dragonfly and on a
// HyperX: each family's file registers its variant, and the name's registry entry (made by the
// first) builds the variant of the topology's family and refuses any other topology, naming the
// families it has. Its parameters are the variants' together; a key of another family's variant
// set to anything but its default is refused, not ignored (a printed configuration carries every key).
struct RoutingVariant {
  std::string family;  // Topology class's kFamily
  std::string description;
  std::vector<ParameterSpec> parameters;
  std::function<bool(const Topology&)> applies;
  RoutingFactory create;
};
void register_routing_variant(const std::string& name, RoutingVariant variant);  // routing_variant.cpp

template <typename Family>
struct RoutingVariantRegistration {
  RoutingVariantRegistration(const std::string& name, std::string description, std::vector<ParameterSpec> parameters,
                             RoutingFactory create) {
    register_routing_variant(name, RoutingVariant{Family::kFamily, std::move(description), std::move(parameters),
                                                  [](const Topology& t) { return dynamic_cast<const Family*>(&t) != nullptr; },
                                                  std::move(create)});
  }
};

}  // namespace icn
