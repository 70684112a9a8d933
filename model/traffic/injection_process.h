#pragma once
// Injection processes: when a node creates packets. Each node owns its own process object, so
// stateful processes (on/off, Poisson's fractional clock) keep per-node state.
#include <cstdint>
#include <functional>
#include <memory>

#include "common/parameters.h"
#include "common/random_stream.h"
#include "common/registry.h"
#include "common/types.h"

namespace icn {

class InjectionProcess {
 public:
  static constexpr Cycle kNever = ~Cycle(0);
  // A real-valued creation time as a cycle; times past any run (rates so small that no packet
  // falls within 10^18 cycles) are never, not a cycle wrapped round by the conversion.
  static Cycle cycle_at(double time) { return time < 1e18 ? Cycle(time) : kNever; }
  virtual ~InjectionProcess() = default;
  // The cycle of this node's first packet (kNever for none).
  virtual Cycle first(RandomStream& random) = 0;
  // The cycle of the packet after one created at `previous` (>= previous: equal means another
  // packet in the same cycle).
  virtual Cycle next(Cycle previous, RandomStream& random) = 0;

  // A saturating source has no creation times: it sends as fast as the network accepts, its
  // network interface asking for the next packet whenever the source queue runs short. It may
  // send budget() packets per phase.
  static constexpr std::uint64_t kUnlimited = ~std::uint64_t(0);
  virtual bool saturating() const { return false; }
  virtual std::uint64_t budget() const { return kUnlimited; }
};

struct ProcessContext {
  double packets_per_cycle;  // mean rate per node, already converted from the stimulus' unit
  const ParameterSet& parameters;
  double packets_per_unit = 1;  // converts other rates given in the stimulus' unit to packets
};

// Throws ConfigError when its parameters cannot give the requested rate.
using ProcessFactory = std::function<std::unique_ptr<InjectionProcess>(const ProcessContext&)>;
struct ProcessTag { static constexpr const char* kind = "injection process"; };
// What a process declares about itself: a rate that rises through the phase (the entropy paper's
// ramp-load method), for which the result finds the critical load with the section's `smoothing`,
// `degradation` and `ignore_below` keys (stats/critical_load.h).
// A process that sets its own pace (saturation, burst, ramp) does not read `injection.rate`, and a
// rate written beside it is refused rather than silently ignored.
struct ProcessTraits {
  bool ramps = false;
  bool uses_rate = true;
};
using ProcessRegistry = Registry<ProcessTag, ProcessFactory, ProcessTraits>;

}  // namespace icn
