#pragma once
// For processes that must look at a cycle after all of its clocked work is done (samplers,
// schedules, the sideband, the watchdog): woken in the cycle's first delta, they call defer(),
// which re-triggers them one delta later and tells them to return; the second call lets them act.
#include <systemc>

namespace icn {

class EndOfCycle {
 public:
  // True: return now, the process runs again one delta later. False: act now.
  bool defer() {
    if (!pending_) {
      pending_ = true;
      sc_core::next_trigger(sc_core::SC_ZERO_TIME);
      return true;
    }
    pending_ = false;
    return false;
  }

 private:
  bool pending_ = false;
};

}  // namespace icn
