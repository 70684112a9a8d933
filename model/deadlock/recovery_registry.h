#pragma once
// Deadlock recovery mechanisms (deadlock.recovery; docs/routing.md, "Deadlock recovery") as a
// registry: each entry, in a file of its own, declares what it asks of the network — hidden VCs,
// the circulating token, a node to absorb packets into — so that the configuration, the router and
// the experiment ask its traits, never its name. The mechanisms themselves are the router's
// (router_recovery.cpp) and deadlock_recovery.h's, driven by these traits.
#include <cstddef>

#include "common/registry.h"

namespace icn {

struct RecoveryTraits {
  bool recovers = true;     // false: no header is ever presumed deadlocked (and detection has nothing to serve)
  bool recovery_vc = false;  // a hidden VC on every physical channel, after the V data VCs, that
                               // follows the deterministic route (Disha's; router/disha_recovery_vc.h)
  bool needs_token = false;  // recovers only at the router that holds the network-wide token
  bool absorbs = false;     // ejects the packet into the router's node, which injects it again later:
                            // every router needs a node (a direct network)
};

struct RecoveryTag { static constexpr const char* kind = "deadlock recovery"; };
// No factory: an entry is its traits (and its description, parameters being deadlock.*'s).
using RecoveryRegistry = Registry<RecoveryTag, std::nullptr_t, RecoveryTraits>;

}  // namespace icn
