#pragma once
// Deadlock detection and recovery for routing functions that can deadlock (TFAR; docs/routing.md,
// "Deadlock recovery"). Detection (self-tuned paper sec. 5.1, Trans-t sec. 4.1): a header still at
// the front of its buffer, routed, and unable to advance for `timeout` cycles — waiting for an
// output VC, or holding one whose downstream buffer stays full — counts as deadlocked. Recovery:
//   * Disha (self-tuned sec. 2, 5.1): with the network-wide token, which circulates
//     (deadlock/recovery_token.h), the packet moves onto the recovery lane, a hidden extra lane on
//     every channel that follows the topology's deterministic route (dimension order on a k-ary
//     n-cube) and has priority on every link;
//   * software (Trans-t sec. 4.1): the packet is ejected into the current node's interface, which
//     injects it again after a delay.
// A unit: the router describes its headers through `header_at`; this decides which are recovered,
// in which order, and where they go; the router moves them.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/types.h"
#include "deadlock/recovery_token.h"
#include "platform/configuration.h"

namespace icn {

class DeadlockRecovery {
 public:
  // What the router tells of one input VC.
  struct Header {
    bool routed = false;   // a routed header at the front (not on a priority lane, not being absorbed)
    Cycle routed_at = 0;   // the cycle it became ready for VC allocation
    bool blocked = false;  // refused an output VC, or holds one without a credit
  };

  DeadlockRecovery(const DeadlockRecoveryConfig& config, RecoveryToken* token, NodeId node)
      : kind_(config.kind), timeout_(Cycle(config.timeout)), token_(token), node_(node) {}

  bool active() const { return kind_ != DeadlockRecoveryConfig::Kind::None; }
  bool to_recovery_lane() const { return kind_ == DeadlockRecoveryConfig::Kind::Disha; }

  // This router may recover a packet now: always under software recovery, with the token here
  // under Disha.
  bool may_recover(Cycle now) const {
    return kind_ == DeadlockRecoveryConfig::Kind::Software ||
           (kind_ == DeadlockRecoveryConfig::Kind::Disha && token_->at(node_, now));
  }

  // The input VCs (0 .. count − 1) whose headers count as deadlocked, longest blocked first: the
  // token allows one recovery, and scanning in VC order would let the same low-numbered VCs win
  // every time it comes round.
  template <typename HeaderAt>
  void detect(int count, Cycle now, HeaderAt header_at, std::vector<int>& deadlocked) const {
    deadlocked.clear();
    if (!may_recover(now)) return;
    for (int index = 0; index < count; ++index) {
      const Header h = header_at(index);
      if (h.routed && h.blocked && now >= h.routed_at + timeout_) deadlocked.push_back(index);
    }
    std::sort(deadlocked.begin(), deadlocked.end(), [&](int a, int b) {
      return std::make_pair(header_at(a).routed_at, a) < std::make_pair(header_at(b).routed_at, b);
    });
  }

  // Disha: `packet` takes the recovery lane and the token.
  void took_recovery_lane(PacketId packet, Cycle now) { token_->acquire(packet, node_, now); }

 private:
  const DeadlockRecoveryConfig::Kind kind_;
  const Cycle timeout_;
  RecoveryToken* const token_;
  const NodeId node_;
};

}  // namespace icn
