#pragma once
// Hands packets to chosen network interfaces at chosen cycles (packets must be submitted from a
// process, at the cycle they are created).
#include <systemc>
#include <vector>

#include "fabric.h"

namespace icn::testing {

struct Order {
  Cycle at;
  NodeId source;
  NodeId destination;
  int length;
  std::uint8_t priority = 0;  // traffic class
};

class PacketInjector : public sc_core::sc_module {
 public:
  PacketInjector(sc_core::sc_module_name name, Fabric& fabric, std::vector<Order> orders)
      : sc_core::sc_module(name), fabric_(fabric), orders_(std::move(orders)) {
    SC_HAS_PROCESS(PacketInjector);
    SC_METHOD(fire);
  }

 private:
  void fire() {
    if (started_) {
      const Cycle now = fabric_.clock().cycle();
      while (next_ < orders_.size() && orders_[next_].at == now) {
        const Order& o = orders_[next_++];
        fabric_.node(o.source).network_interface().send(Message{MessageKind::Data, o.destination, o.length, o.priority});
      }
    }
    started_ = true;
    if (next_ < orders_.size())
      next_trigger(fabric_.clock().time_of(orders_[next_].at) - sc_core::sc_time_stamp());
  }
  Fabric& fabric_;
  std::vector<Order> orders_;  // ascending by cycle
  std::size_t next_ = 0;
  bool started_ = false;
};

}  // namespace icn::testing
