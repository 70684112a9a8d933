#pragma once
// What a network interface did, counted event by event (the router's are in router/router_events.h).
#include <cstdint>

namespace icn {

struct NetworkInterfaceEvents {
  std::uint64_t packets_queued = 0;      // packets written into the source queue (metapackets apart)
  std::uint64_t injected_flits = 0;      // flits sent on the injection channels, metapackets' included
  std::uint64_t ejected_flits = 0;       // flits received on the delivery channels, absorbed ones included
  std::uint64_t reinjected_packets = 0;  // packets software deadlock recovery put back into the queue

  template <typename F>
  static void for_each_field(F&& f) {
    f("packets_queued", &NetworkInterfaceEvents::packets_queued);
    f("injected_flits", &NetworkInterfaceEvents::injected_flits);
    f("ejected_flits", &NetworkInterfaceEvents::ejected_flits);
    f("reinjected_packets", &NetworkInterfaceEvents::reinjected_packets);
  }
  NetworkInterfaceEvents& operator-=(const NetworkInterfaceEvents& earlier) {
    for_each_field([&](const char*, std::uint64_t NetworkInterfaceEvents::*field) { this->*field -= earlier.*field; });
    return *this;
  }
};

}  // namespace icn
