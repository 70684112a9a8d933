#pragma once
// The model's clock. Cycle c happens at simulated time (c + 1) * period. All clocked work runs in
// the first delta of that time: processes wait either for tick() or for a timed next_trigger a
// whole number of periods ahead, both of which are timed notifications and so share one
// evaluation phase. (sc_clock's posedge fires one delta later than a timed wake-up, which would
// let a sleeping process see values written in the same cycle.) Signal writes made in cycle c are
// therefore read in cycle c + 1: the one-cycle link of the timing model.
#include <cstdint>
#include <functional>
#include <systemc>

#include "common/types.h"

namespace icn {

class CycleClock : public sc_core::sc_module {
 public:
  CycleClock(sc_core::sc_module_name name, sc_core::sc_time period);

  const sc_core::sc_event& tick() const { return tick_; }

  // The clock ticks only while something acts on every tick: a process statically sensitive to
  // tick() tells the clock when it wakes and when it sleeps, so that an idle network schedules no
  // event at all and wakes on the next signal, submission or timed event. A process counts as
  // awake from its construction. Waking with the clock stopped restarts it at the next cycle.
  void keep_awake() {
    if (awake_++ == 0 && !ticking_) restart();
  }
  void let_sleep() { --awake_; }
  // Nothing in the network acts on the next tick: every clocked process sleeps. And the event of the
  // clock starting again after such a pause (an observer that sleeps with the network wakes on it).
  bool idle() const { return awake_ == 0; }
  // Notified only once asked for (an extra delta cycle otherwise).
  const sc_core::sc_event& resumed() {
    resumed_wanted_ = true;
    return resumed_;
  }
  // A network embedded in a platform (no end of its own) rests when its clock has stopped and no
  // packet of its own traffic is alive: its periodic work (samples, the sideband's gathers, the
  // entropy circuit, Trans-t's measurements) then sleeps too, so that no event of the network keeps
  // the platform's simulation going once its IP is done. Each periodic process checks at_rest() at
  // its step, sleeps on resumed() and takes up its grid again at resumed_at() — exactly: at rest its
  // step changes nothing, or what it changes it makes up on waking. Command-line runs never rest.
  void allow_rest(std::function<bool()> nothing_live) { nothing_live_ = std::move(nothing_live); }
  // Only once the clock has stopped (not merely when nothing is awake for the next tick): a process
  // that sleeps then is sure to be woken by the restart.
  bool at_rest() const { return !ticking_ && nothing_live_ && nothing_live_(); }
  // Whether this clock's network may rest at all: the bookkeeping of making up is done only then.
  bool may_rest() const { return bool(nothing_live_); }
  // For a process on a grid of cycles waking from a rest: the first point of the grid through
  // `point` (every `interval` cycles) at or after `from`.
  static Cycle grid_at_or_after(Cycle point, Cycle interval, Cycle from) {
    return point >= from ? point : point + (from - point + interval - 1) / interval * interval;
  }
  // Notified when the clock stops at rest (only once asked for): a process with a distant timed
  // step (the statistics' samples) sleeps at once instead of at its next step.
  const sc_core::sc_event& rested() {
    rested_wanted_ = true;
    return rested_;
  }
  // The first cycle the clock ticks after its last restart.
  Cycle resumed_at() const { return resumed_at_; }
  // For a read from outside the model's processes (a platform's thread): the first cycle whose time
  // has not yet passed. Cycle c's end-of-cycle work runs in later deltas of its own time, after
  // a thread woken at that time has run.
  Cycle first_unfinished_cycle() const {
    const sc_dt::uint64 t = simulation_->time_stamp().value();
    return t == 0 ? 0 : Cycle((t + period_ticks_ - 1) / period_ticks_) - 1;
  }
  // Cycles the clock has ticked so far (each one a kernel event).
  std::uint64_t ticks() const { return ticks_; }
  const sc_core::sc_time& period() const { return period_; }

  // The current cycle; valid inside any process of the model. Every process asks, so the division
  // is done once per time step.
  Cycle cycle() const {
    const sc_dt::uint64 ticks = simulation_->time_stamp().value();  // inline, unlike sc_time_stamp()
    if (ticks != cached_ticks_) {
      cached_ticks_ = ticks;
      cached_cycle_ = Cycle(ticks / period_ticks_) - 1;
    }
    return cached_cycle_;
  }
  // Delay from now (at a cycle boundary) until cycle `target` > cycle().
  sc_core::sc_time until(Cycle target) const { return period_ * double(target - cycle()); }
  // Simulated time at which cycle c runs.
  sc_core::sc_time time_of(Cycle c) const { return period_ * double(c + 1); }
  // For arithmetic on every access (the approximate timing), inline and in the kernel's integer
  // ticks where it divides: the simulated time now; the cycle running at time t (the last begun by
  // then, 0 before the first); the length of n cycles; the whole cycles in a duration.
  sc_core::sc_time now() const { return simulation_->time_stamp(); }
  Cycle cycle_at(const sc_core::sc_time& t) const {
    return t.value() < period_ticks_ ? 0 : Cycle(t.value() / period_ticks_) - 1;
  }
  sc_core::sc_time cycles(Cycle n) const { return period_ * double(n); }
  Cycle whole_cycles(const sc_core::sc_time& duration) const { return Cycle(duration.value() / period_ticks_); }

 private:
  void advance();
  void restart();

  sc_core::sc_simcontext* const simulation_;
  sc_core::sc_time period_;
  sc_dt::uint64 period_ticks_;
  mutable sc_dt::uint64 cached_ticks_ = ~sc_dt::uint64(0);
  mutable Cycle cached_cycle_ = 0;
  sc_core::sc_event tick_;
  sc_core::sc_event resumed_;
  bool resumed_wanted_ = false;
  sc_core::sc_event rested_;
  bool rested_wanted_ = false;
  std::function<bool()> nothing_live_;
  Cycle resumed_at_ = 0;
  int awake_ = 0;
  bool ticking_ = true;  // the first tick is scheduled at initialisation
  bool initialised_ = false;
  std::uint64_t ticks_ = 0;
};

}  // namespace icn
