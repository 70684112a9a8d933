// Trans-t's rules (transmission-time paper sec. 3, Fig. 2) on scripted histories: the ratio of
// actual to minimum transmission time, and each branch of the injection-channel state machine.
#include <catch2/catch.hpp>

#include "congestion/transmission_time_rule.h"

using namespace icn;
using C = UsefulChannelCongestion;

TEST_CASE("the transmission-time ratio is elapsed flit times over flits sent", "[trans-t]") {
  CHECK(transmission_ratio(8, 8) == 1.0);    // one flit per cycle: the minimum
  CHECK(transmission_ratio(24, 8) == 3.0);   // three VCs sharing the channel evenly
  CHECK(transmission_ratio(16, 4) == 4.0);
  CHECK(transmission_ratio(8, 0) == 8.0);    // a header blocked for a whole period
  // Measured every 8 flit times, a packet's ratio does not depend on its length: 3 VCs
  // multiplexed give 3 at 8, 16 and 24 flit times alike.
  for (Cycle t : {24, 48, 72}) CHECK(transmission_ratio(t, int(t / 3)) == 3.0);
}

TEST_CASE("some useful channels congested: half the injection channels for u3 cycles, then judged again",
          "[trans-t]") {
  InjectionChannelThrottle t(4, 16, 8, 8);
  CHECK(t.open(0) == 4);
  CHECK(t.admit(C::Some, 10));  // this packet goes; from now on two channels
  CHECK(t.open(10) == 2);
  CHECK(t.open(25) == 2);
  CHECK(t.admit(C::Some, 20));  // inside the interval: not judged again, the halving stands
  CHECK(t.open(25) == 2);
  CHECK(t.admit(C::Some, 26));  // after u3: judged again, still soft congestion → halved again
  CHECK(t.open(26) == 1);
  CHECK(t.admit(C::Some, 50));
  CHECK(t.open(50) == 1);  // never below one channel for soft congestion
}

TEST_CASE("all useful channels congested: no injection for u3 cycles, then one channel for u4 whatever happens",
          "[trans-t]") {
  InjectionChannelThrottle t(4, 16, 8, 8);
  CHECK_FALSE(t.admit(C::All, 100));
  for (Cycle c = 100; c < 116; ++c) CHECK(t.open(c) == 0);
  CHECK(t.open(116) == 1);         // starvation-free reopening
  CHECK(t.admit(C::All, 117));     // admitted although every useful channel is congested
  CHECK(t.admit(C::All, 123));
  CHECK(t.open(123) == 1);
  CHECK_FALSE(t.admit(C::All, 124));  // after u4: judged again, closed again
  CHECK(t.open(124) == 0);
  CHECK(t.open(140) == 1);
}

TEST_CASE("without congestion the channels grow back one at a time, never beyond the NI's", "[trans-t]") {
  InjectionChannelThrottle t(4, 16, 8, 8);
  CHECK_FALSE(t.admit(C::All, 0));
  CHECK(t.open(16) == 1);
  CHECK(t.open(24) == 1);  // u4 over
  CHECK(t.admit(C::None, 24));
  CHECK(t.open(24) == 2);
  CHECK(t.admit(C::None, 25));
  CHECK(t.open(25) == 2);  // at most one channel per growth interval
  CHECK(t.admit(C::None, 32));
  CHECK(t.open(32) == 3);
  CHECK(t.admit(C::None, 40));
  CHECK(t.admit(C::None, 48));
  CHECK(t.admit(C::None, 56));
  CHECK(t.open(100) == 4);  // the NI's four, not more
  CHECK_FALSE(t.restricting());
}

TEST_CASE("one injection channel: soft congestion cannot halve it, serious congestion closes it", "[trans-t]") {
  InjectionChannelThrottle t(1, 16, 8, 8);
  CHECK(t.admit(C::Some, 0));
  CHECK(t.open(0) == 1);
  CHECK_FALSE(t.admit(C::All, 16));
  CHECK(t.open(16) == 0);
}
