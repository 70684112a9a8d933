#pragma once
// One input port of the router: its VCs' flit buffers (a ring of buffer_depth slots each) and
// the state of the packet each VC holds, which VCs may bid for the switch, and its link —
// flits in, credits back upstream. The router's stages call it (Garnet's InputUnit).
#include <cstdint>
#include <vector>

#include "common/flit.h"
#include "common/waking_signal.h"
#include "router/metapacket_vc.h"

namespace icn {

// A flit in an input buffer. Its `sent` cycle is spent once it has arrived, so that field holds
// instead the first cycle the flit may leave this buffer (runs stay below 2^32 cycles,
// common/flit.h): a slot is 16 bytes, not 24, and four share a cache line.
struct BufferedFlit {
  static constexpr std::uint32_t kHeldSlot = 0xffffffffu;  // MetapacketTap::kHeld
  Flit flit;
  Cycle ready() const { return flit.sent == kHeldSlot ? MetapacketTap::kHeld : Cycle(flit.sent); }
  void set_ready(Cycle cycle) { flit.sent = cycle == MetapacketTap::kHeld ? kHeldSlot : std::uint32_t(cycle); }
};
static_assert(sizeof(Flit) == 16, "a buffer slot is one flit");

// A VC's packet: waiting to be routed (Idle, its header at the front), routed and asking for an
// output VC (Routing), or holding one (Active) until its tail has left.
enum class VcState : std::uint8_t { Idle, Routing, Active };

struct InputVc {  // the small fields first, packed into one 16-byte word ahead of the cycles
  std::uint16_t head = 0;
  std::uint16_t count = 0;
  VcState state = VcState::Idle;
  std::uint8_t out_port = 0;
  std::uint8_t out_vc = 0;
  bool tried = false;      // VC allocation failed since the last output VC release
  bool absorbing = false;  // software recovery: this packet is being ejected here
  std::uint8_t priority = 0;  // its packet's traffic class, set when routed
  std::uint16_t flits_sent = 0;  // of its packet, through the output VC it holds (Trans-t)
  // The count at which this buffer is full for the self-tuned count: buffer_depth for an edge
  // buffer, never for an injection VC or Disha's or the metapackets' VC.
  std::uint16_t full_at = 0;
  Cycle route_ready = 0;
  Cycle injected = 0;        // its packet's injection cycle, set when routed
  Cycle eligible_since = 0;  // its front flit may bid for the switch from then (with a credit)
  Cycle last_move = 0;       // last cycle a flit left, or the buffer stopped being empty (watchdog)
  Cycle header_arrived = 0;  // its packet's header became usable here (Trans-t)
  Cycle blocked_since = 0;   // its header's last progress: routed, or given an output VC (deadlock detection)
};

class InputUnit {
 public:
  static constexpr std::uint16_t kNeverFull = 0xffff;
  // `counted_full`: the VCs whose full buffers the self-tuned count includes (bit v: VC v).
  InputUnit(int vcs, int depth, Cycle arrival_latency, std::uint32_t counted_full)
      : depth_(depth), arrival_latency_(arrival_latency), vcs_(std::size_t(vcs)), slots_(std::size_t(vcs) * depth) {
    for (int v = 0; v < vcs; ++v)
      vcs_[std::size_t(v)].full_at = ((counted_full >> v) & 1u) ? std::uint16_t(depth) : kNeverFull;
  }

  int vcs() const { return int(vcs_.size()); }
  // Read-only: a VC changes only through the methods below, one per step of its packet.
  const InputVc& vc(int vc) const { return vcs_[std::size_t(vc)]; }
  // The flit at the front of VC `vc` (meaningful only while it holds one).
  const BufferedFlit& front(int vc) const { return slots_[front_slot(vc)]; }
  bool full(int vc) const { return vcs_[std::size_t(vc)].count == depth_; }

  // Flit `f`, sent upstream in cycle f.sent, arrives on its VC (which has room: the caller
  // checked full()) behind the others, usable from f.sent + arrival_latency(). True if the VC was
  // empty: it starts moving again now (the watchdog's last_move).
  bool receive(const Flit& f, Cycle now) {
    const int vc = f.vc;
    InputVc& l = vcs_[std::size_t(vc)];
    int position = l.head + l.count;
    if (position >= depth_) position -= depth_;
    const bool was_empty = l.count++ == 0;
    BufferedFlit& slot = slots_[std::size_t(vc * depth_ + position)];
    slot.flit = f;
    slot.set_ready(Cycle(f.sent) + arrival_latency_);
    if (was_empty) l.last_move = now;
    return was_empty;
  }
  // When the newest (`newest`) or the front flit of VC `vc` may leave: a special VC's header
  // is held or released by its VC (router/special_vc.h).
  Cycle newest_ready(int vc) const { return slots_[newest_slot(vc)].ready(); }
  void set_newest_ready(int vc, Cycle ready) { slots_[newest_slot(vc)].set_ready(ready); }
  void set_front_ready(int vc, Cycle ready) { slots_[front_slot(vc)].set_ready(ready); }

  // Routing: the header at the front of idle VC `vc` is routed and may ask for an output VC from
  // `route_ready`; its packet's injection cycle and class rank it in VC allocation.
  void start_routing(int vc, Cycle route_ready, Cycle injected, std::uint8_t priority) {
    InputVc& l = vcs_[std::size_t(vc)];
    l.route_ready = route_ready;
    l.blocked_since = route_ready;
    l.header_arrived = front(vc).ready();
    l.injected = injected;
    l.priority = priority;
    l.state = VcState::Routing;
  }
  // VC allocation refused the header (it waits for an output VC to be released).
  void refuse(int vc) { vcs_[std::size_t(vc)].tried = true; }
  // The packet holds output VC `out_vc` of `out_port` (`absorbing`: software recovery ejects it
  // here); no flit of it has crossed yet.
  void grant(int vc, int out_port, int out_vc, bool absorbing = false) {
    InputVc& l = vcs_[std::size_t(vc)];
    l.out_port = std::uint8_t(out_port);
    l.out_vc = std::uint8_t(out_vc);
    l.flits_sent = 0;
    l.absorbing = absorbing;
    l.tried = false;
    l.state = VcState::Active;
  }
  // Progress for deadlock detection: the header was given an output VC in cycle `now`.
  void progressed(int vc, Cycle now) { vcs_[std::size_t(vc)].blocked_since = now; }
  // Recovery takes back the output VC a packet holds before any of its flits crossed: it asks again.
  void give_back(int vc) {
    InputVc& l = vcs_[std::size_t(vc)];
    l.state = VcState::Routing;
    l.tried = false;
  }
  // The front flit of VC `vc` crosses the switch in cycle `now` and leaves the buffer; the next
  // flit's turn starts next cycle.
  void depart(int vc, Cycle now) {
    InputVc& l = vcs_[std::size_t(vc)];
    l.last_move = now;
    l.eligible_since = now + 1;
    ++l.flits_sent;
    if (++l.head == depth_) l.head = 0;
    --l.count;
  }
  // Its tail has left: the VC is idle, and the next packet in it must be routed.
  void finish_packet(int vc) {
    InputVc& l = vcs_[std::size_t(vc)];
    l.absorbing = false;
    l.state = VcState::Idle;
  }

  // The VCs that may bid for the switch: holding a flit and an output VC with a credit.
  std::uint32_t active() const { return active_; }
  void set_active(int vc, Cycle now) {
    vcs_[std::size_t(vc)].eligible_since = now;
    active_ |= 1u << vc;
  }
  // False once no VC of this port is active.
  bool clear_active(int vc) { return (active_ &= ~(1u << vc)) != 0; }

  // The link: a flit sent upstream in cycle c is usable here from c + arrival_latency().
  void bind(FlitSignal& flits, CreditSignal& credits) {
    flits_ = &flits;
    arrived_ = &flits.read();  // a signal's current value lives at a fixed address
    credits_ = &credits;
  }
  bool bound() const { return flits_ && credits_; }
  const FlitSignal* flit_signal() const { return flits_; }
  const CreditSignal* credit_signal() const { return credits_; }
  const Flit& arrived() const { return *arrived_; }  // the link's current flit
  Cycle arrival_latency() const { return arrival_latency_; }
  void set_arrival_latency(Cycle cycles) { arrival_latency_ = cycles; }
  // A credit for VC `vc` goes upstream; with `merge` (VCs as crossbar inputs) it joins one this
  // port already sent in cycle `now`, and the answer is true.
  bool send_credit(int vc, Cycle now, bool merge) {
    if (merge && credits_->pending().sent == std::uint32_t(now)) {
      Credit both = credits_->pending();
      both.more |= 1u << vc;
      credits_->send(both);
      return true;
    }
    credits_->send(Credit{std::uint32_t(now), std::uint8_t(vc), 0});
    return false;
  }

 private:
  int depth_;
  Cycle arrival_latency_;
  std::vector<InputVc> vcs_;
  std::vector<BufferedFlit> slots_;
  std::uint32_t active_ = 0;

  // Where VC `vc`'s front and newest flits are in slots_ (the newest only while it holds one).
  std::size_t front_slot(int vc) const { return std::size_t(vc * depth_ + vcs_[std::size_t(vc)].head); }
  std::size_t newest_slot(int vc) const {
    const InputVc& l = vcs_[std::size_t(vc)];
    int position = l.head + l.count - 1;
    if (position >= depth_) position -= depth_;
    return std::size_t(vc * depth_ + position);
  }
  FlitSignal* flits_ = nullptr;
  const Flit* arrived_ = nullptr;
  CreditSignal* credits_ = nullptr;
};

}  // namespace icn
