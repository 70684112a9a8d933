#pragma once
// The sideband's parameters (sideband.*), owned here; platform/ fills them.
#include <vector>

#include "common/parameters.h"

namespace icn {

struct SidebandConfig {
  int hop_delay = 2;   // h: cycles per hop for a message that fits the width
  int width_bits = 0;  // wires per link; 0: wide enough for every counter in one message

  // Every sideband.* key, relative to the section, with its default, range and description.
  static std::vector<ParameterSpec> parameters();
  static SidebandConfig from(const ParameterSet& sideband);
};

}  // namespace icn
