#pragma once
// Destination patterns: who a node sends to. One pattern object serves the whole network; any
// per-run state (a random pairing) is fixed at construction from the run's seed.
#include <cstdint>
#include <functional>
#include <memory>

#include "common/parameters.h"
#include "common/random_stream.h"
#include "common/registry.h"
#include "common/types.h"

namespace icn {

class Topology;

class DestinationPattern {
 public:
  virtual ~DestinationPattern() = default;
  // A destination for a new packet from `source`; `random` is the source node's own stream.
  // May return `source` itself only for patterns whose definition maps a node to itself (a
  // permutation's fixed points); the generator then creates no packet, unless the pattern sends to
  // its source (below).
  virtual NodeId destination(NodeId source, RandomStream& random) const = 0;
  // Whether a packet to its own source is sent (through the node's router and back: BookSim 2's
  // uniform traffic draws the sender too) rather than not created.
  virtual bool sends_to_source() const { return false; }
};

struct PatternContext {
  const Topology& topology;
  const ParameterSet& parameters;
  std::uint64_t seed;
};

// Throws std::invalid_argument when the pattern cannot apply to the network.
using PatternFactory = std::function<std::unique_ptr<DestinationPattern>(const PatternContext&)>;
struct PatternTag { static constexpr const char* kind = "destination pattern"; };
// What a pattern declares about the networks it is defined on.
struct PatternTraits {
  // The network.topology whose structure it is defined on (the dragonfly's groups), or nullptr: any
  // network whose node count it fits (a power of two for the bit patterns, which say so).
  const char* topology = nullptr;
};
using PatternRegistry = Registry<PatternTag, PatternFactory, PatternTraits>;

}  // namespace icn
