#pragma once
// The values carried by the link signals. Both are small and trivially copyable: a flit names its
// packet by pool index instead of owning heap data, and each carries the cycle it was sent, so a
// signal changes value exactly when something new is sent and an idle link raises no event.
#include <cstdint>
#include <iosfwd>

#include "common/types.h"

namespace sc_core { class sc_trace_file; }

namespace icn {

// `sent` of a signal's initial value: never equal to (cycle − 1) mod 2^32 for any simulated cycle
// (runs are limited to 4·10^9 cycles), so nothing reads as new before something is sent.
constexpr std::uint32_t kNeverSent = 0xfffffffeu;

struct Flit {
  static constexpr std::uint8_t kHead = 1;
  static constexpr std::uint8_t kTail = 2;
  static constexpr std::uint8_t kAbsorbed = 4;  // software deadlock recovery: eject here, re-inject later
  static constexpr int kPriorityShift = 3;      // flags bits 3..7: the packet's traffic class

  PacketId packet = 0;
  NodeId destination = 0;           // copied from the packet so route computation needs no lookup
  std::uint32_t sent = kNeverSent;  // cycle the flit left the sender
  std::uint16_t index = 0;          // position in the packet, 0 = head
  std::uint8_t vc = 0;              // virtual channel on the link it travels
  std::uint8_t flags = 0;

  bool is_head() const { return flags & kHead; }
  bool is_tail() const { return flags & kTail; }
  std::uint8_t priority() const { return std::uint8_t(flags >> kPriorityShift); }
  // True when the flit was written to the link in the cycle before `now`, i.e. it is new
  // (compared mod 2^32, as `sent` is stored; see kNeverSent).
  bool sent_just_before(Cycle now) const { return sent == std::uint32_t(now - 1); }

  bool operator==(const Flit& o) const {  // `sent` first: it is what differs between flits
    return sent == o.sent && packet == o.packet && destination == o.destination && index == o.index &&
           vc == o.vc && flags == o.flags;
  }
};

struct Credit {
  std::uint32_t sent = kNeverSent;  // cycle the credit was returned
  std::uint8_t vc = 0;               // virtual channel whose buffer slot was freed
  // With VCs as crossbar inputs (router.crossbar_inputs: per_vc) several VCs of one input
  // port may move in a cycle; the credits of the others come back with this one (bit v: VC v), as
  // Dally's VC status registers are all updated at once (sec. III-B, Fig. 8).
  std::uint32_t more = 0;

  bool returns(int v) const { return vc == v || ((more >> v) & 1u); }
  bool sent_just_before(Cycle now) const { return sent == std::uint32_t(now - 1); }
  bool operator==(const Credit& o) const { return sent == o.sent && vc == o.vc && more == o.more; }
};

std::ostream& operator<<(std::ostream& os, const Flit& f);
std::ostream& operator<<(std::ostream& os, const Credit& c);
// sc_signal<T> requires sc_trace overloads; simulation.vcd traces links with them (every field).
void sc_trace(sc_core::sc_trace_file*, const Flit&, const std::string&);
void sc_trace(sc_core::sc_trace_file*, const Credit&, const std::string&);

}  // namespace icn
