#include "ni/network_interface_config.h"

#include <algorithm>

#include "common/config_error.h"
#include "topology/topology.h"

namespace icn {

std::vector<ParameterSpec> NetworkInterfaceConfig::parameters() {
  using P = ParameterSpec;
  return {
      P::integer("injection_channels", 1, 1, 16, "injection channels per node"),
      P::integer("delivery_channels", 1, 1, 16, "delivery (ejection) channels per node"),
      P::integer("injection_delay", 1, 1, 64, "cycles per flit from the NI into the router"),
      P::choice("injection_dispatch", "any", {"any", "by_direction"},
                "any injection channel takes the next packet, or channel c only packets whose first hop is direction c"),
      P::integer("packets_in_progress", 1, 1, 32,
                 "packets an injection channel may be sending at once: 1 sends them one after another; more "
                 "starts the next on another VC while the current one is blocked (at most V)"),
      P::integer("delivery_delay", 1, 1, 64, "cycles per flit from the crossbar to the NI"),
      P::integer("source_queue_limit", 0, 0, 1000000000,
                 "packets the source queue may hold (0: unbounded); bounds memory past saturation"),
      P::choice("source_queue_full", "block", {"block", "drop"},
                "a packet created while the source queue is full: the processor stalls until there is room "
                "(block), or the packet is discarded and counted in packets.dropped (drop)")
          .acts_unless("a bounded source queue (network_interface.source_queue_limit)",
                       "network_interface.source_queue_limit", {"0"}),
  };
}

NetworkInterfaceConfig NetworkInterfaceConfig::from(const ParameterSet& network_interface, const Topology& topology,
                                                    const RouterConfig& router) {
  const ParameterSet& p = network_interface;
  NetworkInterfaceConfig c;
  c.injection_channels = int(p.integer("injection_channels"));
  c.delivery_channels = int(p.integer("delivery_channels"));
  c.injection_delay = int(p.integer("injection_delay"));
  c.delivery_delay = int(p.integer("delivery_delay"));
  c.packets_in_progress = int(p.integer("packets_in_progress"));
  c.source_queue_limit = std::uint64_t(p.integer("source_queue_limit"));
  c.drop_when_full = p.text("source_queue_full") == "drop";
  c.dispatch_by_direction = p.text("injection_dispatch") == "by_direction";
  // A router keeps its ports in 64-bit masks: network ports plus its terminal slots' channels.
  int most_slots = 0;
  for (NodeId r = 0; r < topology.router_count() && most_slots < 64; ++r)
    most_slots = std::max(most_slots, topology.terminal_slots(r));
  const int most_channels = (64 - topology.network_ports()) / std::max(1, most_slots);
  if (most_channels < 1)  // the network alone leaves no room: no value of these keys would do
    throw ConfigError("network: a router of the " + topology.describe() + " has " +
                      std::to_string(topology.network_ports()) + " network ports and " + std::to_string(most_slots) +
                      " terminals, more than the 64 ports a router holds with one channel per terminal (allowed: at "
                      "most " + std::to_string(64 - most_slots) + " network ports per router)");
  for (const char* key : {"injection_channels", "delivery_channels"}) {
    const int channels = int(p.integer(key));
    if (topology.network_ports() + most_slots * channels > 64)
      throw ConfigError(p.problem(key, std::to_string(channels) + " per node make " +
                                           std::to_string(topology.network_ports() + most_slots * channels) +
                                           " ports on a router of the " + topology.describe() + " (allowed: at most " +
                                           std::to_string(most_channels) + ")"));
  }
  if (c.dispatch_by_direction && !topology.is_direct())
    throw ConfigError(p.problem("injection_dispatch", "by_direction needs a direct network, one node per router (allowed here: any)"));
  if (c.packets_in_progress > router.virtual_channels)
    throw ConfigError(p.problem("packets_in_progress", std::to_string(c.packets_in_progress) +
                                                           " packets cannot be in progress on one channel of " +
                                                           std::to_string(router.virtual_channels) +
                                                           " VCs (allowed: at most router.virtual_channels)"));
  if (c.dispatch_by_direction && c.injection_channels != topology.network_ports())
    throw ConfigError(p.problem("injection_dispatch",
                                "by_direction needs one injection channel per direction (allowed: "
                                "network_interface.injection_channels = " + std::to_string(topology.network_ports()) +
                                ")"));
  return c;
}

}  // namespace icn
