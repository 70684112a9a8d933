#pragma once
// What the network interface asks of its node's congestion controller before a packet starts
// (source throttling), declared here so that the NI depends on no controller: every controller
// (congestion/congestion_controller.h) is one.
#include "common/types.h"

namespace icn {

struct Packet;

class InjectionGate {
 public:
  virtual ~InjectionGate() = default;
  // Asked when the packet at the head of the source queue could start on a free injection VC.
  // Refusing keeps it (and those behind it) queued: nothing is dropped.
  virtual bool may_inject(const Packet& packet, Cycle now) = 0;
  // How many of the node's injection channels are open now (mechanisms like Trans-t close some).
  virtual int open_injection_channels(int total, Cycle /*now*/) { return total; }
  // Told when the last flit of a packet left the interface for the router (in cycle `now`).
  virtual void packet_injected(Cycle now) { (void)now; }
  // Whether it would refuse a new packet now (the time series' throttled fraction; a TLM-2.0 port's
  // backpressure, through the endpoint).
  virtual bool throttling(Cycle now) const { (void)now; return false; }
};

}  // namespace icn
