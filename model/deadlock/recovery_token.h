#pragma once
// Disha's token (self-tuned paper sec. 2 and 5.1; Anjan & Pinkston): the deadlock buffers form
// one deadlock-free path, which only one packet may use at a time. A free token circulates round
// the nodes, one node per cycle; a node with a deadlocked packet may take it when it passes, moves
// that packet onto the recovery VC, and puts the token back into circulation, at the next node,
// once the packet is delivered. Circulating (rather than going to whoever asks first, or back to
// the node that just used it) gives every node its turn: at saturation some node always has a
// deadlocked packet, and would otherwise keep the VC to itself while others starve.
#include <cstdint>

#include "common/types.h"

namespace icn {

class RecoveryToken {
 public:
  void set_nodes(NodeId nodes) { nodes_ = nodes; }
  bool free() const { return !held_; }
  // The free token is at `node` in cycle `now`.
  bool at(NodeId node, Cycle now) const {
    return !held_ && nodes_ > 0 && NodeId((position_ + (now - since_)) % nodes_) == node;
  }
  void acquire(PacketId packet, NodeId node, Cycle now) {
    held_ = true;
    holder_ = packet;
    position_ = node;
    since_ = now;
    ++recoveries_;
  }
  void release(Cycle now) {
    held_ = false;
    position_ = NodeId((position_ + 1) % nodes_);  // moves on: the node that had it waits a round
    since_ = now;
  }
  bool held_by(PacketId packet) const { return held_ && holder_ == packet; }
  PacketId holder() const { return holder_; }
  std::uint64_t recoveries() const { return recoveries_; }

 private:
  bool held_ = false;
  PacketId holder_ = 0;
  NodeId nodes_ = 0;
  NodeId position_ = 0;
  Cycle since_ = 0;
  std::uint64_t recoveries_ = 0;
};

}  // namespace icn
