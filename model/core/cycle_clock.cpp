#include "core/cycle_clock.h"

namespace icn {

CycleClock::CycleClock(sc_core::sc_module_name name, sc_core::sc_time period)
    : sc_core::sc_module(name), simulation_(simcontext()), period_(period), period_ticks_(period.value()) {
  SC_HAS_PROCESS(CycleClock);
  SC_METHOD(advance);  // runs once at initialisation, then on every tick
}

void CycleClock::advance() {
  tick_.notify(period_);
  next_trigger(tick_);
}

}  // namespace icn
