#pragma once
// Trans-t's two rules (Baydal, López, Duato, "Congestion Control Based on Transmission Times",
// Euro-Par 2002, sec. 3), apart from the router so they can be tested on scripted histories:
//   * detection: a packet's actual transmission time through a VC against the minimum (one flit
//     time per flit); above u1 the VC's physical channel is congested for u2 cycles;
//   * injection: the node's open injection channels (Fig. 2): some useful channels congested →
//     half of them for u3 cycles; all congested → none for u3 cycles, then one for u4 cycles
//     whatever the network does (no starvation); no congestion → they grow back one at a time.
#include <algorithm>

#include "common/types.h"

namespace icn {

// The ratio of actual to minimum transmission time of a packet, so far: `elapsed` flit times since
// its header reached the router, `flits_sent` of its flits out. Taken every 8 flit times (sec. 3:
// "computed periodically … so the mechanism is independent of message length"); a packet that has
// sent nothing yet counts as one flit, so a header blocked for 8 cycles has ratio 8.
inline double transmission_ratio(Cycle elapsed, int flits_sent) {
  return double(elapsed) / double(std::max(flits_sent, 1));
}

enum class UsefulChannelCongestion { None, Some, All };

class InjectionChannelThrottle {
 public:
  // `channels`: the NI's injection channels; u3, u4: the paper's intervals; `growth_interval`: the
  // least time between two channels reopened while no congestion is seen (the paper says only
  // "progressively"; icnsim reopens one channel per congestion-mark lifetime, u2).
  InjectionChannelThrottle(int channels, Cycle u3, Cycle u4, Cycle growth_interval)
      : channels_(channels), open_(channels), u3_(u3), u4_(u4), growth_interval_(growth_interval) {}

  // Channels open in cycle `now`; timed transitions (end of a halving, of a closure, of the
  // starvation-free reopening) happen here, so they need no process of their own.
  int open(Cycle now) {
    if (state_ == State::Closed && now >= until_) {
      state_ = State::Reopened;  // serious congestion: one channel for u4 regardless (sec. 3)
      open_ = 1;
      until_ += u4_;
    }
    if ((state_ == State::Reopened || state_ == State::Halved) && now >= until_) state_ = State::Judging;
    return open_;
  }

  // A new packet is at the head of the queue with `congestion` on its useful channels: whether it
  // may start now. Judged only when no halving, closure or reopening interval is running.
  bool admit(UsefulChannelCongestion congestion, Cycle now) {
    open(now);
    if (state_ == State::Closed) return false;
    if (state_ != State::Judging) return true;  // the interval's channel count is the restriction
    switch (congestion) {
      case UsefulChannelCongestion::All:
        state_ = State::Closed;
        open_ = 0;
        until_ = now + u3_;
        return false;
      case UsefulChannelCongestion::Some:
        state_ = State::Halved;
        open_ = std::max(1, open_ / 2);
        until_ = now + u3_;
        return true;
      case UsefulChannelCongestion::None:
        if (open_ < channels_ && now >= next_growth_) {
          ++open_;
          next_growth_ = now + growth_interval_;
        }
        return true;
    }
    return true;
  }

  // What open(now) would answer, without moving the state (for telemetry).
  int open_at(Cycle now) const {
    InjectionChannelThrottle copy = *this;
    return copy.open(now);
  }
  bool restricting() const { return open_ < channels_; }

 private:
  enum class State { Judging, Halved, Closed, Reopened };
  const int channels_;
  int open_;
  const Cycle u3_, u4_, growth_interval_;
  State state_ = State::Judging;
  Cycle until_ = 0, next_growth_ = 0;
};

}  // namespace icn
