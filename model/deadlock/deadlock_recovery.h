#pragma once
// Deadlock detection and recovery for routing functions that can deadlock (TFAR; docs/routing.md,
// "Deadlock recovery"). Only a header at the front of a network input VC can be deadlocked: one on
// an injection channel holds no network channel, so recovering it frees nothing. Such a header is
// blocked while it cannot advance: refused an output VC, or holding one whose downstream buffer has
// no room. Its blocked time restarts whenever it makes progress (routed, given an output VC), so a
// header that just won a VC and waits for its first credit is not taken for an old blocked one.
// Detection (deadlock.detection):
//   * timeout (self-tuned paper sec. 5.1, Disha's 8 cycles): blocked for `timeout` cycles;
//   * inactivity (Trans-t sec. 4, its ref. [10], López, Martínez & Duato 1998): a header refused
//     every channel it may request, blocked for `timeout` cycles, while over the same cycles no
//     flit crossed any of those channels (per physical channel, or per VC with
//     deadlock.inactivity_scope: virtual_channel). A header behind moving traffic — congested, not
//     deadlocked — keeps waiting; so does one that holds its output VC and waits for a credit.
// Recovery:
//   * Disha (self-tuned sec. 2, 5.1): with the network-wide token, which circulates
//     (deadlock/recovery_token.h), the packet moves onto the recovery VC, a hidden extra VC on
//     every channel that follows the topology's deterministic route (dimension order on a k-ary
//     n-cube) and has priority on every link;
//   * software (Trans-t sec. 4): the packet is ejected into the current node's interface, which
//     injects it again after a delay.
// A unit: the router describes its headers through `header_at` and the activity of what they
// request through `last_activity`; this decides which are recovered, in which order, and where
// they go; the router moves them.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/types.h"
#include "deadlock/recovery_token.h"
#include "deadlock/deadlock_recovery_config.h"

namespace icn {

class DeadlockRecovery {
 public:
  // What the router tells of one input VC.
  struct Header {
    // A header at the front of a network input VC (not on a priority VC, not being absorbed)
    // that cannot advance: refused an output VC, or holding one without a credit.
    bool blocked = false;
    Cycle blocked_since = 0;    // its last progress: routed, or given its output VC
  };

  DeadlockRecovery(const DeadlockRecoveryConfig& config, RecoveryToken* token, NodeId node)
      : recovers_(config.traits.recovers),
        recovery_vc_(config.traits.recovery_vc),
        needs_token_(config.traits.needs_token),
        inactivity_(config.detection == DeadlockRecoveryConfig::Detection::Inactivity),
        per_vc_(config.inactivity_per_vc),
        timeout_(Cycle(config.timeout)),
        token_(token),
        node_(node) {}

  bool active() const { return recovers_; }
  // The packet moves onto the recovery VC (Disha); otherwise the node absorbs it (software).
  bool to_recovery_vc() const { return recovery_vc_; }
  // Inactivity detection: whether a requested channel is a VC rather than its physical channel.
  bool inactivity_per_vc() const { return per_vc_; }

  // This router may recover a packet now: always under a recovery that needs no token (software),
  // with the token here under one that does (Disha).
  bool may_recover(Cycle now) const { return recovers_ && (!needs_token_ || token_->at(node_, now)); }

  // The input VCs (0 .. count − 1) whose headers are presumed deadlocked, longest blocked first: the
  // token allows one recovery, and scanning in VC order would let the same low-numbered VCs win
  // every time it comes round. `last_activity(index)` — the last cycle a flit crossed any channel
  // that header may request — is asked only under inactivity detection, and only of headers
  // blocked for the threshold.
  template <typename HeaderAt, typename LastActivity>
  void detect(int count, Cycle now, HeaderAt header_at, LastActivity last_activity, std::vector<int>& deadlocked) const {
    deadlocked.clear();
    if (!may_recover(now)) return;
    for (int index = 0; index < count; ++index) {
      const Header h = header_at(index);
      if (!h.blocked || now < h.blocked_since + timeout_) continue;
      // Inactivity: the channels it requests — or, holding its output VC without a credit, that
      // VC — carried no flit over the threshold either. The time-out takes any header that
      // cannot advance.
      if (inactivity_ && now < last_activity(index) + timeout_) continue;
      deadlocked.push_back(index);
    }
    std::sort(deadlocked.begin(), deadlocked.end(), [&](int a, int b) {
      return std::make_pair(header_at(a).blocked_since, a) < std::make_pair(header_at(b).blocked_since, b);
    });
  }

  // Disha: `packet` takes the recovery VC and the token.
  void took_recovery_vc(PacketId packet, Cycle now) { token_->acquire(packet, node_, now); }

 private:
  const bool recovers_, recovery_vc_, needs_token_;
  const bool inactivity_;
  const bool per_vc_;
  const Cycle timeout_;
  RecoveryToken* const token_;
  const NodeId node_;
};

}  // namespace icn
