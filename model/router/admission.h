#pragma once
// Admission: whether a routed header may enter a free output VC, given that VC's downstream
// buffer (docs/routing.md). One rule per switching or flow-control scheme:
//   * Duato's wormhole condition: an adaptive VC is entered only with its buffer empty, so a packet
//     never waits behind another in a VC it cannot escape from (self-tuned paper sec. 5.1);
//   * virtual cut-through: the whole packet must fit;
//   * bubble flow control (Puente et al.; realistic-loads paper sec. IV): a packet entering a
//     ring's escape VC — injected, turning from another dimension, or coming from an adaptive VC —
//     must leave room for one more packet behind it; one already in that ring continues with room
//     for one.
// Delivery VCs always admit: the interface drains them.

namespace icn {

struct AdmissionRequest {
  int credits;         // free slots of the downstream buffer
  int depth;           // its size
  int packet_length;   // flits, under virtual cut-through; 0 under wormhole
  bool needs_empty;    // Duato's adaptive VC
  bool bubble;         // an escape VC under bubble flow control
  bool continuing;     // the header arrived on this ring's escape VC (same direction and class)
};

inline bool admitted(const AdmissionRequest& r) {
  if (r.needs_empty && r.credits != r.depth) return false;
  const int room = r.bubble && !r.continuing ? 2 * r.packet_length : r.packet_length;
  return r.credits >= room;
}

}  // namespace icn
