#include "congestion/congestion_controller.h"
#include "core/config_error.h"
#include "core/selected_implementation.h"
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
  if (entropy_circuit == nullptr)
    refuse("needs the entropy circuit, which needs a k-ary n-cube of one terminal per router (this network is a " +
           topology.describe() + ")");
  return *entropy_circuit;
}

}  // namespace icn
