#pragma once
// The sideband's parameters (sideband.*), owned here; platform/ fills them.

namespace icn {

struct SidebandConfig {
  int hop_delay = 2;   // h: cycles per hop for a message that fits the width
  int width_bits = 0;  // wires per link; 0: wide enough for every counter in one message
};

}  // namespace icn
