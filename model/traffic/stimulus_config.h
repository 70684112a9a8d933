#pragma once
// A stimulus (the traffic of a run): its phases, patterns and injection processes, owned here;
// platform/ reads the stimulus file into it.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/parameters.h"
#include "common/selected_implementation.h"
#include "traffic/packet_mix.h"
#include "traffic/trace.h"

namespace icn {

class Topology;

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

  // The end.* keys of a resolved phase; at most one may be given. Throws ConfigError.
  static PhaseEnd from(const ParameterSet& phase);
};

// One phase of traffic: what packets, to whom, how often, until when.
struct PhaseConfig {
  std::string name;
  PacketMix packets;
  SelectedImplementation pattern;
  InjectionConfig injection;
  PhaseEnd end;
  double offered_flits_per_cycle() const { return injection.packets_per_cycle * packets.mean_length(); }

  // The traffic keys of a resolved stimulus top level or phase, checked: the length weights, the
  // rate a queueing source can inject (`attempts` sources may offer more), the pattern on this
  // network, the process at this rate. Throws ConfigError naming the key.
  static PhaseConfig from(const ParameterSet& traffic, const Topology& topology, std::uint64_t seed, bool attempts);
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

}  // namespace icn
