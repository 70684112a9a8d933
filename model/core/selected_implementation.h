#pragma once
// A configuration section whose `type` key picks a registered implementation (core/registry.h).
#include <string>

#include "core/parameters.h"

namespace icn {

// A section whose `type` picks a registered implementation, with that implementation's parameters.
struct SelectedImplementation {
  std::string type;
  std::string origin;  // where `type` was set, for errors found later
  ParameterSet parameters;
};

}  // namespace icn
