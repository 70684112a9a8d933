#include "congestion/congestion_controller.h"
#include "core/config_error.h"
#include "platform/configuration.h"
#include "topology/topology.h"

namespace icn {
namespace {
[[noreturn]] void refuse(const ControllerContext& c, const std::string& part) {
  throw ConfigError(c.platform.congestion_control.origin + ": congestion_control.type: " +
                    c.platform.congestion_control.type + " needs " + part +
                    ", which needs a k-ary n-cube (this network is a " + c.topology.describe() + ")");
}
}  // namespace

Sideband& ControllerContext::needs_sideband() const {
  if (sideband == nullptr) refuse(*this, "the sideband");
  return *sideband;
}

EntropyCircuit& ControllerContext::needs_entropy_circuit() const {
  if (entropy_circuit == nullptr) refuse(*this, "the entropy circuit");
  return *entropy_circuit;
}

}  // namespace icn
