#pragma once
// Deadlock recovery's parameters (deadlock.*), owned here; platform/ fills them from YAML.
#include "core/types.h"

namespace icn {

// Deadlock detection and recovery for routing functions that can deadlock (TFAR;
// deadlock/deadlock_recovery.h). A header blocked for `timeout` cycles is presumed deadlocked
// (self-tuned paper sec. 5.1), or, with inactivity detection (Trans-t sec. 4, its ref. [10]), only
// once every channel it may request has also carried no flit for `timeout` cycles.
struct DeadlockRecoveryConfig {
  enum class Kind { None, Disha, Software };
  enum class Detection { Timeout, Inactivity };
  Kind kind = Kind::None;
  Detection detection = Detection::Timeout;
  bool inactivity_per_vc = false;  // inactivity of the requested VCs, not of their physical channels
  int timeout = 0;              // the detection threshold, in cycles
  Cycle reinjection_delay = 0;  // software recovery: cycles before an absorbed packet re-enters
  bool release_token_at_header = false;  // Disha: free the token when the header is delivered, not the tail
  bool audit = false;  // judge each recovery by the wait-for analysis (deadlock/deadlock_audit.h)
};

}  // namespace icn
