#pragma once
// Disha's token (self-tuned paper sec. 2 and 5.1; Anjan & Pinkston): the deadlock buffers form
// one deadlock-free path, which only one packet may use at a time. Whoever holds the token may
// move a deadlocked packet onto the recovery lane; the token comes back when that packet has
// been delivered. (Disha passes a physical token round the nodes; here it is idealised as a
// network-wide mutex, which acquires it at once — recovery bandwidth, one packet at a time, is
// what the model keeps.)
#include <cstdint>

#include "core/types.h"

namespace icn {

class RecoveryToken {
 public:
  bool free() const { return !held_; }
  void acquire(PacketId packet) {
    held_ = true;
    holder_ = packet;
    ++recoveries_;
  }
  void release() { held_ = false; }
  bool held_by(PacketId packet) const { return held_ && holder_ == packet; }
  PacketId holder() const { return holder_; }
  std::uint64_t recoveries() const { return recoveries_; }

 private:
  bool held_ = false;
  PacketId holder_ = 0;
  std::uint64_t recoveries_ = 0;
};

}  // namespace icn
