#pragma once
// Injection processes: when a node creates packets. Each node owns its own process object, so
// stateful processes (on/off, Poisson's fractional clock) keep per-node state.
#include <cstdint>
#include <functional>
#include <memory>

#include "core/parameters.h"
#include "core/random_stream.h"
#include "core/registry.h"
#include "core/types.h"

namespace icn {

class InjectionProcess {
 public:
  static constexpr Cycle kNever = ~Cycle(0);
  virtual ~InjectionProcess() = default;
  // The cycle of this node's first packet (kNever for none).
  virtual Cycle first(RandomStream& random) = 0;
  // The cycle of the packet after one created at `previous` (>= previous: equal means another
  // packet in the same cycle).
  virtual Cycle next(Cycle previous, RandomStream& random) = 0;
};

struct ProcessContext {
  double packets_per_cycle;  // mean rate per node, already converted from the stimulus' unit
  const ParameterSet& parameters;
};

// Throws ConfigError when its parameters cannot give the requested rate.
using ProcessFactory = std::function<std::unique_ptr<InjectionProcess>(const ProcessContext&)>;
struct ProcessTag { static constexpr const char* kind = "injection process"; };
using ProcessRegistry = Registry<ProcessTag, ProcessFactory>;

}  // namespace icn
