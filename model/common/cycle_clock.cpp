#include "common/cycle_clock.h"

namespace icn {

CycleClock::CycleClock(sc_core::sc_module_name name, sc_core::sc_time period)
    : sc_core::sc_module(name), simulation_(simcontext()), period_(period), period_ticks_(period.value()) {
  SC_HAS_PROCESS(CycleClock);
  SC_METHOD(advance);  // runs once at initialisation, then on every tick
}

void CycleClock::advance() {
  // At initialisation (time 0) this schedules cycle 0; afterwards it runs at every tick.
  if (initialised_) ++ticks_;
  initialised_ = true;
  if (awake_ > 0) {
    tick_.notify(period_);
  } else {
    ticking_ = false;
    if (rested_wanted_ && at_rest()) rested_.notify(sc_core::SC_ZERO_TIME);
  }
  next_trigger(tick_);
}

void CycleClock::restart() {
  // Called in some delta of the current time: the next tick is the next cycle boundary.
  const sc_dt::uint64 now = simulation_->time_stamp().value();
  ticking_ = true;
  resumed_at_ = Cycle(now / period_ticks_);  // the cycle that runs at the next boundary
  tick_.notify(sc_core::sc_time::from_value((now / period_ticks_ + 1) * period_ticks_ - now));
  if (resumed_wanted_) resumed_.notify(sc_core::SC_ZERO_TIME);
}

}  // namespace icn
