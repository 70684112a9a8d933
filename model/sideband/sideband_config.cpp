#include "sideband/sideband_config.h"

namespace icn {

std::vector<ParameterSpec> SidebandConfig::parameters() {
  using P = ParameterSpec;
  return {
      P::integer("hop_delay", 2, 1, 1000, "h: cycles per hop on the sideband (self-tuned sec. 3.1)"),
      P::integer("width_bits", 0, 0, 1024,
                 "wires per sideband link; counters wider go in several messages (0: wide enough; sec. 5.2.2 uses 9)"),
  };
}

SidebandConfig SidebandConfig::from(const ParameterSet& sideband) {
  SidebandConfig c;
  c.hop_delay = int(sideband.integer("hop_delay"));
  c.width_bits = int(sideband.integer("width_bits"));
  return c;
}

}  // namespace icn
