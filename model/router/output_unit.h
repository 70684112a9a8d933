#pragma once
// One output port of the router: the credits and holder of each of its VCs (the downstream
// buffers as this router counts them), and its link — flits out, credits back. A network port's
// VCs have buffer_depth credits; a delivery channel's are unbounded, as the interface always
// sinks. The router's stages call it (Garnet's OutputUnit).
#include <cstdint>
#include <vector>

#include "common/flit.h"
#include "common/waking_signal.h"

namespace icn {

struct OutputVc {
  int credits = 0;
  std::uint32_t last_flit = kNeverSent;  // cycle a flit last crossed it (inactivity detection per VC)
  bool allocated = false;
  std::uint8_t owner_port = 0;  // while allocated: the input VC whose packet holds it
  std::uint8_t owner_vc = 0;
};

class OutputUnit {
 public:
  static constexpr int kDeliveryCredits = 1 << 30;  // effectively unbounded: the NI consumes a flit per cycle per channel
  // `credits`: the downstream buffer's slots (kDeliveryCredits for a delivery channel);
  // `reallocate_when_empty`: router.vc_reallocation: when_empty (a VC takes a new packet only once
  // every credit is back: one packet per buffer).
  OutputUnit(int vcs, int credits, bool reallocate_when_empty, bool connected)
      : capacity_(credits), reallocate_when_empty_(reallocate_when_empty), connected_(connected), vcs_(std::size_t(vcs)) {
    for (OutputVc& l : vcs_) l.credits = credits;
  }

  int vcs() const { return int(vcs_.size()); }
  // Read-only: a VC changes only through the methods below.
  const OutputVc& vc(int vc) const { return vcs_[std::size_t(vc)]; }
  int credits(int vc) const { return vcs_[std::size_t(vc)].credits; }
  int capacity() const { return capacity_; }
  bool connected() const { return connected_; }  // false for a network port at a mesh's edge
  // VC `vc` could be allocated to a new packet now: no packet holds it (and, reallocated only
  // when empty, its buffer downstream is empty).
  bool free(int vc) const {
    const OutputVc& l = vcs_[std::size_t(vc)];
    return !l.allocated && (!reallocate_when_empty_ || l.credits == capacity_);
  }
  void allocate(int vc, int owner_port, int owner_vc) {
    OutputVc& l = vcs_[std::size_t(vc)];
    l.allocated = true;
    l.owner_port = std::uint8_t(owner_port);
    l.owner_vc = std::uint8_t(owner_vc);
  }
  void release(int vc) { vcs_[std::size_t(vc)].allocated = false; }
  // A credit came back for VC `vc`: the credits it now has (more than capacity() is a protocol error
  // the router reports).
  int return_credit(int vc) { return ++vcs_[std::size_t(vc)].credits; }

  // The link. Credits are taken back from `credits` on a network port (nullptr: a delivery channel).
  void bind(FlitSignal& flits, CreditSignal* credits) {
    flits_ = &flits;
    credits_ = credits;
    if (credits) credit_arrived_ = &credits->read();
  }
  bool bound(bool needs_credits) const { return flits_ && (credits_ != nullptr) == needs_credits; }
  FlitSignal* flit_signal() const { return flits_; }
  CreditSignal* credit_signal() const { return credits_; }
  const Credit& credit_arrived() const { return *credit_arrived_; }  // the credit link's current value
  // Flit `f` leaves on its VC (f.vc) in cycle `now`, onto the link or into the delivery channel;
  // on a network port (`takes_credit`) it takes a slot of the buffer downstream. A tail frees the
  // VC for the next packet. Returns the VC's credits left.
  int send(const Flit& f, Cycle now, bool takes_credit) {
    OutputVc& l = vcs_[std::size_t(f.vc)];
    if (takes_credit) {
      l.last_flit = std::uint32_t(now);
      --l.credits;
    }
    ++flits_sent_;
    flits_->send(f);
    if (f.is_tail()) l.allocated = false;
    return l.credits;
  }
  // Whether a flit left in cycle `cycle`: the link holds the last flit sent on it, stamped with its
  // cycle (common/flit.h); after the cycle's update phase that is this cycle's flit, if there was one.
  bool sent_in(Cycle cycle) const { return flits_->read().sent_just_before(cycle + 1); }
  std::uint32_t last_sent() const { return flits_->pending().sent; }  // cycle of the newest flit, or kNeverSent
  // Flits sent through this port. At most one per cycle, and runs stay below 2^32 cycles
  // (common/flit.h): an observer that reads it often reads differences modulo 2^32.
  const std::uint32_t& flits_sent() const { return flits_sent_; }

 private:
  int capacity_;
  bool reallocate_when_empty_;
  bool connected_;
  std::vector<OutputVc> vcs_;
  FlitSignal* flits_ = nullptr;
  CreditSignal* credits_ = nullptr;
  const Credit* credit_arrived_ = nullptr;
  std::uint32_t flits_sent_ = 0;
};

}  // namespace icn
