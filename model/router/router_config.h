#pragma once
// The router's parameters (router.*), owned here; platform/ fills them from YAML and checks
// the rules that span sections.
#include <cstdint>
#include <string>

#include "deadlock/deadlock_recovery_config.h"

namespace icn {

enum class VcAllocationOrder : std::uint8_t { OldestFirst, LongestWaiting, Random, Priority, Separable };

struct RouterConfig {
  int virtual_channels = 0;
  int buffer_depth = 0;    // flits per virtual channel buffer
  int routing_delay = 0;   // cycles from a header reaching the buffer front to VC allocation
  int crossbar_delay = 0;  // cycles per flit through the switch
  int link_delay = 0;      // cycles per flit on a router-to-router link
  // Dally sec. III: a VC is reassigned once its packet's tail has left (on_tail); the
  // conservative alternative waits until the downstream buffer is empty again (when_empty).
  bool reallocate_when_empty = false;
  // Virtual cut-through: a header takes an output VC only with room for its whole packet there.
  bool virtual_cut_through = false;
  // VC allocation order among routed headers: the oldest packet (earliest injection) first, the
  // header that has waited longest at this router first, a random order drawn each time, or the
  // higher traffic class first and within a class the oldest packet.
  VcAllocationOrder vc_allocation = VcAllocationOrder::OldestFirst;
  // The self-tuned paper's router (sec. 5.1): one central arbiter routes and allocates one header
  // per cycle, granted demand-slotted round-robin among requesting input VCs; a refused header asks
  // again. Otherwise every routed header may take an output VC in the same cycle.
  bool central_arbiter = false;
  // Dally Fig. 9: one crossbar input per physical input channel, VCs multiplexed onto it (b), or
  // one per input VC with the outputs multiplexed (c), where a flit competes only for its output.
  bool crossbar_input_per_vc = false;
  // A link carries one packet at a time, head to tail (the realistic-loads paper's simulator), or
  // its VCs' flits interleave cycle by cycle (Dally sec. III-C). Virtual cut-through only.
  bool packet_link_allocation = false;
  // Switch allocation: the separable input-first pass, then a pass that makes the matching maximal
  // (true), or the one pass alone, as BookSim 2's separable allocator with one iteration (false).
  bool maximal_switch_matching = true;
  // One more VC per channel, highest priority, for congestion-control metapackets (self-tuned
  // sec. 5.3); set when a controller distributes its counters that way.
  bool metapacket_vc = false;
  // Whether that VC also wins every link it crosses, or shares it flit by flit with the data VCs.
  bool metapacket_link_priority = false;
  std::string arbitration;
  // Whole packets one VC buffer keeps room for under cut-through (RoutingFunction::
  // packets_per_buffer: 2 under bubble flow control), as the routing function said when the
  // configuration built it to judge the platform.
  int packets_per_buffer = 1;

  // Every router.* key, relative to the section, with its default, range and description.
  static std::vector<ParameterSpec> parameters();
  // The typed values of a resolved router section.
  static RouterConfig from(const ParameterSet& router);
  // Rules between the router and what it carries: the VCs a port needs beside V (Disha's recovery
  // VC, the metapackets') fit its masks, and a routing function that keeps room for several
  // packets in one VC buffer (`packets_per_buffer`, bubble flow control) gets on_tail reallocation.
  // Throws ConfigError naming the router key.
  void validate(const ParameterSet& router, const DeadlockRecoveryConfig& recovery, int packets_per_buffer,
                const std::string& routing_name) const;
};

// The router's terminal side, shaped by the network interfaces attached to it (network_interface.*;
// ni/network_interface_config.h gives it).
struct TerminalPorts {
  int injection_channels = 0;  // per attached interface
  int delivery_channels = 0;
  int injection_delay = 0;     // cycles per flit on an injection channel into the router
  // Injection channel c carries packets whose first hop is direction c (realistic-loads paper).
  bool pre_routed_injection = false;
};

// VC buffers per port: the V routing VCs, then Disha's recovery VC and the metapackets'
// VC when there are such (in that order).
inline int vcs_per_port(const RouterConfig& router, const DeadlockRecoveryConfig& recovery) {
  return router.virtual_channels + (recovery.traits.recovery_vc ? 1 : 0) +
         (router.metapacket_vc ? 1 : 0);
}

// The metapackets' VC (the last of vcs_per_port), or -1.
inline int metapacket_vc(const RouterConfig& router, const DeadlockRecoveryConfig& recovery) {
  return router.metapacket_vc ? vcs_per_port(router, recovery) - 1 : -1;
}

}  // namespace icn
