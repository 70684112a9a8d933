#pragma once
// Deadlock recovery's parameters (deadlock.*): the keys with their defaults, the typed values, and
// the rules that tie them to the network. platform/ resolves the YAML and hands the section here.
#include <vector>

#include <string>

#include "common/parameters.h"
#include "common/types.h"
#include "deadlock/recovery_registry.h"

namespace icn {

class Topology;

// Deadlock detection and recovery for routing functions that can deadlock (TFAR;
// deadlock/deadlock_recovery.h). A header blocked for `timeout` cycles is presumed deadlocked
// (self-tuned paper sec. 5.1), or, with inactivity detection (Trans-t sec. 4, its ref. [10]), only
// once every channel it may request has also carried no flit for `timeout` cycles.
struct DeadlockRecoveryConfig {
  enum class Detection { Timeout, Inactivity };
  std::string recovery = "none";  // deadlock.recovery: the RecoveryRegistry entry
  RecoveryTraits traits{false, false, false, false};  // what that entry declares (none's until select)
  Detection detection = Detection::Timeout;
  bool inactivity_per_vc = false;  // inactivity of the requested VCs, not of their physical channels
  int timeout = 0;              // the detection threshold, in cycles
  Cycle reinjection_delay = 0;  // software recovery: cycles before an absorbed packet re-enters
  bool release_token_at_header = false;  // Disha: free the token when the header is delivered, not the tail
  bool audit = false;  // judge each recovery by the wait-for analysis (deadlock/deadlock_audit.h)

  // Chooses the recovery mechanism `name` (a RecoveryRegistry entry) with what it declares.
  void select(const std::string& name) {
    recovery = name;
    traits = RecoveryRegistry::get(name).traits;
  }

  // Every deadlock.* key, relative to the section, with its default, range and description.
  static std::vector<ParameterSpec> parameters();
  // The typed values of a resolved deadlock section, checked against the network (a software
  // recovery re-injects at a node, so it needs a direct network). Throws ConfigError.
  static DeadlockRecoveryConfig from(const ParameterSet& deadlock, const Topology& topology);
};

}  // namespace icn
