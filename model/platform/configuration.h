#pragma once
// The typed, validated configuration of one run: a platform (the machine) and a stimulus (the
// traffic). Built once from YAML + --set overrides by load_configuration(); modules receive these
// structs, never YAML. Every key, its default, range and description is declared in
// configuration.cpp and nowhere else.
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/parameters.h"
#include "core/types.h"
#include "sideband/sideband.h"
#include "tlm/address_map.h"
#include "topology/topology.h"
#include "traffic/packet_mix.h"
#include "traffic/trace.h"

namespace icn {

// The topology, built once from the `network.*` keys by the entry `network.topology` names.
struct NetworkConfig {
  std::string type;
  std::shared_ptr<const Topology> shape;  // shared by every copy of the configuration
  const Topology& topology() const { return *shape; }
};

struct RouterConfig {
  int virtual_channels = 0;
  int buffer_depth = 0;    // flits per virtual channel buffer
  int routing_delay = 0;   // cycles from a header reaching the buffer front to VC allocation
  int crossbar_delay = 0;  // cycles per flit through the switch
  int link_delay = 0;      // cycles per flit on a router-to-router link
  // Dally sec. III: a lane is reassigned once its packet's tail has left (on_tail); the
  // conservative alternative waits until the downstream buffer is empty again (when_empty).
  bool reallocate_when_empty = false;
  // Virtual cut-through: a header takes an output VC only with room for its whole packet there.
  bool virtual_cut_through = false;
  // VC allocation order among routed headers: the oldest packet (earliest injection) first, or the
  // header that has waited longest at this router first.
  bool oldest_first_allocation = true;
  // The self-tuned paper's router (sec. 5.1): one central arbiter routes and allocates one header
  // per cycle, granted demand-slotted round-robin among requesting input VCs; a refused header asks
  // again. Otherwise every routed header may take an output VC in the same cycle.
  bool central_arbiter = false;
  // Dally Fig. 9: one crossbar input per physical input channel, lanes multiplexed onto it (b), or
  // one per input lane with the outputs multiplexed (c), where a flit competes only for its output.
  bool crossbar_input_per_lane = false;
  // One more VC per channel, highest priority, for congestion-control metapackets (self-tuned
  // sec. 5.3); set when a controller distributes its counters that way.
  bool metapacket_lane = false;
  // Whether that lane also wins every link it crosses, or shares it flit by flit with the data lanes.
  bool metapacket_link_priority = false;
  std::string arbitration;
};

// Deadlock detection and recovery for routing functions that can deadlock (TFAR;
// deadlock/deadlock_recovery.h). A header blocked for `timeout` cycles is presumed deadlocked
// (self-tuned paper sec. 5.1), or, with inactivity detection (Trans-t sec. 4, its ref. [10]), only
// once every channel it may request has also carried no flit for `timeout` cycles.
struct DeadlockRecoveryConfig {
  enum class Kind { None, Disha, Software };
  enum class Detection { Timeout, Inactivity };
  Kind kind = Kind::None;
  Detection detection = Detection::Timeout;
  bool inactivity_per_vc = false;  // inactivity of the requested VCs, not of their physical channels
  int timeout = 0;              // the detection threshold, in cycles
  Cycle reinjection_delay = 0;  // software recovery: cycles before an absorbed packet re-enters
  bool release_token_at_header = false;  // Disha: free the token when the header is delivered, not the tail
  bool audit = false;  // judge each recovery by the wait-for analysis (deadlock/deadlock_audit.h)
};

// VC buffers per port: the V lanes routing uses, then Disha's recovery lane and the metapackets'
// lane when there are such (in that order).
inline int lanes_per_port(const RouterConfig& router, const DeadlockRecoveryConfig& recovery) {
  return router.virtual_channels + (recovery.kind == DeadlockRecoveryConfig::Kind::Disha ? 1 : 0) +
         (router.metapacket_lane ? 1 : 0);
}

struct NetworkInterfaceConfig {
  int injection_channels = 0;
  int delivery_channels = 0;
  int injection_delay = 0;  // cycles per flit on the injection channel into the router
  int delivery_delay = 0;   // cycles per flit on the delivery channel after the crossbar
  // Pre-routed injection channels: channel c carries packets whose first hop is direction c
  // (realistic-loads paper: I+ and I- on a ring); needs one channel per network direction.
  bool dispatch_by_direction = false;
  // Packets an injection channel may have started but not finished sending: 1 sends packets one
  // after another; more lets a new packet start on another lane while the current one is blocked.
  int packets_in_progress = 1;
  // Packets the source queue may hold (0: unbounded). When it is full, a new packet either waits in
  // the processor, which stalls (block), or is discarded and counted (drop).
  std::uint64_t source_queue_limit = 0;
  bool drop_when_full = false;
};

// A section whose `type` picks a registered implementation, with that implementation's parameters.
struct SelectedImplementation {
  std::string type;
  std::string origin;  // where `type` was set, for errors found later
  ParameterSet parameters;
};

struct SimulationConfig {
  Cycle cycles = 0;
  Cycle warmup = 0;
  Cycle sample_interval = 0;
  std::uint64_t seed = 0;
  double clock_period_ns = 0;
  int histogram_bin_width = 0;
  bool progress = true;
  Cycle watchdog_cycles = 0;     // flits unmoved this long in a VC count as stuck (0: off)
  bool deadlock_stops = true;    // a closed cycle of waiting VCs: stop the run, or only report
  bool starvation_stops = false; // a stuck packet whose wait chain ends in moving VCs: stop, or report
  double wall_limit = 0;         // seconds of wall-clock time after which the run stops (0: none)
  std::string vcd;               // a VCD file of the traced routers' links (empty: none)
  std::vector<NodeId> vcd_routers;  // the routers whose links and local channels are traced (empty: all)
};

// TLM-2.0 IP on the nodes (docs/tlm.md).
struct TlmConfig {
  int flit_bytes = 16;
  // END_REQ of an approximately timed request is withheld while the node's source queue holds this
  // many packets (or its congestion controller throttles).
  int queue_depth = 4;
  AddressMap address_map;  // empty: the nodes have no TLM-2.0 ports
  std::vector<ParameterSet> resolved_ranges;  // each address_map entry as resolved, for --print-config
};

struct PlatformConfig {
  std::string source;  // file it came from
  std::string name;
  std::string description;
  NetworkConfig network;
  RouterConfig router;
  SelectedImplementation routing;
  DeadlockRecoveryConfig deadlock;
  NetworkInterfaceConfig network_interface;
  SelectedImplementation congestion_control;
  SidebandConfig sideband;
  SimulationConfig simulation;
  TlmConfig tlm;
  ParameterSet resolved;  // every key as resolved, for --print-config and the result
};

enum class RateUnit { PacketsPerNodeCycle, FlitsPerNodeCycle };

struct InjectionConfig {
  SelectedImplementation process;
  double rate = 0;
  RateUnit unit = RateUnit::PacketsPerNodeCycle;
  double packets_per_cycle = 0;  // rate converted to packets/node/cycle
  double packets_per_unit = 1;   // one unit of the rate in packets (1, or 1 / mean length for flits)
};

// When a phase of a stimulus ends.
struct PhaseEnd {
  enum class Kind { Never, Cycles, Packets, PacketsPerNode, Drain };
  Kind kind = Kind::Never;  // Never: runs until the simulation ends (the last phase only)
  std::uint64_t amount = 0;  // cycles, packets created network-wide, or packets per node
};

// One phase of traffic: what packets, to whom, how often, until when.
struct PhaseConfig {
  std::string name;
  PacketMix packets;
  SelectedImplementation pattern;
  InjectionConfig injection;
  PhaseEnd end;
  double offered_flits_per_cycle() const { return injection.packets_per_cycle * packets.mean_length(); }
};

struct StimulusConfig {
  std::string source;
  std::string name;
  std::string description;
  // A stimulus without `phases:` is one phase of the top-level traffic keys that lasts the whole
  // run. With `phases:`, each phase's keys default to the top-level ones; the list runs `repeat`
  // times and the run stops when it is done.
  std::vector<PhaseConfig> phases;
  bool phased = false;
  int repeat = 1;
  // A trace stimulus replays a message-passing trace instead of synthetic traffic.
  std::shared_ptr<const Trace> trace;
  // The sources' model (self-tuned paper sec. 5.2.4: "every node *tries* to generate a packet every
  // 15 cycles"). queue: every packet a process creates waits in the source queue. attempts: a
  // creation is an attempt that fails, and is counted, while the node already holds
  // `waiting_limit` packets waiting to be injected; the offered load may then exceed what a node
  // can inject.
  bool attempts = false;
  std::uint64_t waiting_limit = 1;
  const PhaseConfig& first_phase() const { return phases.front(); }
  double offered_flits_per_cycle() const { return first_phase().offered_flits_per_cycle(); }
  ParameterSet resolved;
  std::vector<ParameterSet> resolved_phases;
};

struct Configuration {
  PlatformConfig platform;
  StimulusConfig stimulus;
};

// The network interface the nodes are built with: the platform's, with the stimulus' attempt
// sources as a source queue of `waiting_limit` packets (or the platform's, if smaller) that drops.
NetworkInterfaceConfig effective_network_interface(const Configuration& configuration);

// Reads, validates and cross-checks both documents. An empty `stimulus_path` means the platform
// file holds the stimulus in a `stimulus:` section (the form --print-config prints). `overrides` are "key.path=value" strings;
// keys starting with "stimulus." apply to the stimulus. Throws ConfigError with a one-line message.
Configuration load_configuration(const std::string& platform_path, const std::string& stimulus_path,
                                 const std::vector<std::string>& overrides,
                                 std::optional<std::uint64_t> seed = std::nullopt);
// The same from YAML text (tests and embedding); names are used in messages.
Configuration load_configuration_text(const std::string& platform_yaml, const std::string& stimulus_yaml,
                                      const std::vector<std::string>& overrides = {},
                                      const std::string& platform_name = "platform",
                                      const std::string& stimulus_name = "stimulus");

// A platform alone, for a Fabric that other IP drives (docs/tlm.md): the same keys, defaults and
// checks; a `stimulus:` section in the file is left aside.
PlatformConfig load_platform(const std::string& path, const std::vector<std::string>& overrides = {});
PlatformConfig load_platform_text(const std::string& yaml, const std::vector<std::string>& overrides = {},
                                  const std::string& name = "platform");

// A stimulus for a platform read on its own (an Experiment attached to a Fabric); `overrides` are
// "key.path=value" strings of stimulus keys (without the "stimulus." prefix).
StimulusConfig load_stimulus_text(const std::string& yaml, const PlatformConfig& platform,
                                  const std::vector<std::string>& overrides = {},
                                  const std::string& name = "stimulus");

void print_configuration(std::ostream& os, const Configuration& configuration);

}  // namespace icn
