#pragma once
// The watchdog's parameters (simulation.watchdog_cycles, deadlock_action, starvation_action).
#include "common/types.h"

namespace icn {

struct WatchdogConfig {
  Cycle cycles = 0;              // flits unmoved this long in a VC count as stuck (0: off)
  bool deadlock_stops = true;    // a closed cycle of waiting VCs: stop the run, or only report
  bool starvation_stops = false; // a stuck packet whose wait chain ends in moving VCs: stop, or report
};

}  // namespace icn
