#include "congestion/congestion_controller.h"

#include <stdexcept>

#include "common/config_error.h"
#include "common/selected_implementation.h"
#include "topology/topology.h"

namespace icn {

void ControllerContext::refuse(const std::string& what) const {
  throw ConfigError(selection.origin + ": congestion_control.type: " + selection.type + " " + what);
}

Sideband& ControllerContext::needs_sideband() const {
  if (sideband == nullptr) refuse("needs the sideband, which this network has none of");
  return *sideband;
}

EntropyCircuit& ControllerContext::needs_entropy_circuit() const {
  // The configuration refused a network without one (ControllerNeeds::entropy_circuit).
  if (entropy_circuit == nullptr) throw std::logic_error(selection.type + " reads the entropy circuit without declaring it");
  return *entropy_circuit;
}

}  // namespace icn
