#include "deadlock/deadlock_recovery_config.h"

#include "common/config_error.h"
#include "topology/topology.h"

namespace icn {

namespace {
// The recoveries whose traits say `trait`, for the keys that serve only them.
std::vector<std::string> recoveries_that(bool RecoveryTraits::*trait) {
  std::vector<std::string> names;
  for (const std::string& name : RecoveryRegistry::names())
    if (RecoveryRegistry::get(name).traits.*trait) names.push_back(name);
  return names;
}
}  // namespace

std::vector<ParameterSpec> DeadlockRecoveryConfig::parameters() {
  using P = ParameterSpec;
  const std::string recovery = "deadlock.recovery";
  const std::vector<std::string> recovering = recoveries_that(&RecoveryTraits::recovers);
  return {
      P::choice("recovery", "none", RecoveryRegistry::names(),
                "recovery of deadlocked packets: none, Disha (token + recovery VC), software (absorb, re-inject)"),
      P::choice("detection", "timeout", {"timeout", "inactivity"},
                "when a blocked header is presumed deadlocked: blocked for deadlock.timeout cycles (self-tuned "
                "paper sec. 5.1), or also every channel it may request idle (no flit crossing) that long, or, "
                "holding its output VC without a credit, that VC idle (inactivity: Trans-t sec. 4, its ref. [10])")
          .acts_when("a deadlock recovery (deadlock.recovery)", recovery, recovering),
      P::choice("inactivity_scope", "physical_channel", {"physical_channel", "virtual_channel"},
                "inactivity detection: a requested channel is active while a flit of any VC crosses its physical "
                "channel, or only while one crosses the requested VC itself")
          .acts_when("inactivity detection (deadlock.detection: inactivity)", "deadlock.detection", {"inactivity"}),
      P::integer("timeout", 8, 1, 1000000,
                 "detection threshold: cycles a header stays blocked (and, with inactivity detection, its requested "
                 "channels idle) before it is presumed deadlocked (self-tuned 8, Trans-t 32)")
          .acts_when("a deadlock recovery (deadlock.recovery)", recovery, recovering),
      P::boolean("audit", false,
                 "judge every recovery, when it happens, by the watchdog's wait-for analysis: was the header in a "
                 "knot (a true deadlock) or behind traffic that still moves (a false detection); slow")
          .acts_when("a deadlock recovery (deadlock.recovery)", recovery, recovering),
      P::integer("reinjection_delay", 100, 0, 100000000,
                 "software recovery: cycles before an absorbed packet is injected again")
          .acts_when("a recovery that absorbs packets (deadlock.recovery)", recovery,
                     recoveries_that(&RecoveryTraits::absorbs)),
      P::choice("token_release", "tail", {"tail", "header"},
                "Disha: the token goes back into circulation when the recovered packet's tail is delivered "
                "(the VC is empty) or already its header (the next recovery may follow the tail along the VC)")
          .acts_when("a recovery with a token (deadlock.recovery)", recovery,
                     recoveries_that(&RecoveryTraits::needs_token)),
  };
}

DeadlockRecoveryConfig DeadlockRecoveryConfig::from(const ParameterSet& deadlock, const Topology& topology) {
  DeadlockRecoveryConfig c;
  c.select(deadlock.text("recovery"));
  c.detection = deadlock.text("detection") == "inactivity" ? Detection::Inactivity : Detection::Timeout;
  if (c.detection == Detection::Inactivity && !c.traits.recovers)
    throw ConfigError(deadlock.problem("detection", "inactivity detects deadlocks for a recovery, and "
                                                    "deadlock.recovery is none (allowed: timeout, or set a recovery)"));
  if (c.traits.absorbs && !topology.is_direct()) {
    std::string allowed;  // the mechanisms that need no node at a router
    for (const std::string& name : RecoveryRegistry::names())
      if (!RecoveryRegistry::get(name).traits.absorbs) allowed += (allowed.empty() ? "" : ", ") + name;
    throw ConfigError(deadlock.problem("recovery", c.recovery + " recovery re-injects at the node of the router that "
                                                   "absorbed the packet, and a " + topology.describe() +
                                                   " has routers without exactly one node (allowed: " + allowed + ")"));
  }
  c.inactivity_per_vc = deadlock.text("inactivity_scope") == "virtual_channel";
  c.timeout = int(deadlock.integer("timeout"));
  c.reinjection_delay = Cycle(deadlock.integer("reinjection_delay"));
  c.audit = deadlock.boolean("audit");
  c.release_token_at_header = deadlock.text("token_release") == "header";
  return c;
}

}  // namespace icn
