#pragma once
// The network interface's parameters (network_interface.*), owned here; platform/ fills them.
#include <cstdint>

#include "router/router_config.h"

namespace icn {

class Topology;

struct NetworkInterfaceConfig {
  int injection_channels = 0;
  int delivery_channels = 0;
  int injection_delay = 0;  // cycles per flit on the injection channel into the router
  int delivery_delay = 0;   // cycles per flit on the delivery channel after the crossbar
  // Pre-routed injection channels: channel c carries packets whose first hop is direction c
  // (realistic-loads paper: I+ and I- on a ring); needs one channel per network direction.
  bool dispatch_by_direction = false;
  // Packets an injection channel may have started but not finished sending: 1 sends packets one
  // after another; more lets a new packet start on another VC while the current one is blocked.
  int packets_in_progress = 1;
  // Packets the source queue may hold (0: unbounded). When it is full, a new packet either waits in
  // the processor, which stalls (block), or is discarded and counted (drop).
  std::uint64_t source_queue_limit = 0;
  bool drop_when_full = false;

  // What the router sees of these channels.
  TerminalPorts terminal_ports() const {
    return TerminalPorts{injection_channels, delivery_channels, injection_delay, dispatch_by_direction};
  }

  // Every network_interface.* key, relative to the section, with its default, range and description.
  static std::vector<ParameterSpec> parameters();
  // The typed values of a resolved section, checked against the network (its routers' port masks,
  // its directions) and the router (its VCs). Throws ConfigError naming the key.
  static NetworkInterfaceConfig from(const ParameterSet& network_interface, const Topology& topology,
                                     const RouterConfig& router);
};

}  // namespace icn
