#pragma once
// Injection processes: when a node creates packets. Each node owns its own process object, so
// stateful processes (on/off) keep per-node state.
#include <cstdint>
#include <functional>
#include <memory>

#include "core/parameters.h"
#include "core/random_stream.h"
#include "core/registry.h"

namespace icn {

class InjectionProcess {
 public:
  virtual ~InjectionProcess() = default;
  // Cycles from one packet creation to the next (>= 1); the first creation happens gap() − 1
  // cycles after the start, as if the previous one were at cycle −1.
  virtual std::uint64_t gap(RandomStream& random) = 0;
};

struct ProcessContext {
  double packets_per_cycle;  // mean rate per node, already converted from the stimulus' unit
  const ParameterSet& parameters;
};

using ProcessFactory = std::function<std::unique_ptr<InjectionProcess>(const ProcessContext&)>;
struct ProcessTag { static constexpr const char* kind = "injection process"; };
using ProcessRegistry = Registry<ProcessTag, ProcessFactory>;

}  // namespace icn
