#include "power/activity.h"

namespace icn {

RouterEvents Activity::router_total() const {
  RouterEvents total;
  for (const RouterEvents& r : routers)
    RouterEvents::for_each_field([&](const char*, std::uint64_t RouterEvents::*field) { total.*field += r.*field; });
  return total;
}

NetworkInterfaceEvents Activity::interface_total() const {
  NetworkInterfaceEvents total;
  for (const NetworkInterfaceEvents& n : interfaces)
    NetworkInterfaceEvents::for_each_field(
        [&](const char*, std::uint64_t NetworkInterfaceEvents::*field) { total.*field += n.*field; });
  return total;
}

Activity& Activity::operator-=(const Activity& earlier) {
  for (std::size_t i = 0; i < routers.size() && i < earlier.routers.size(); ++i) routers[i] -= earlier.routers[i];
  for (std::size_t i = 0; i < interfaces.size() && i < earlier.interfaces.size(); ++i) interfaces[i] -= earlier.interfaces[i];
  for (std::size_t i = 0; i < links.size() && i < earlier.links.size(); ++i) {
    links[i].flits -= earlier.links[i].flits;
  }
  sideband_value_transfers -= earlier.sideband_value_transfers;
  sideband_bit_transfers -= earlier.sideband_bit_transfers;
  entropy_register_transfers -= earlier.entropy_register_transfers;
  entropy_register_changes -= earlier.entropy_register_changes;
  return *this;
}

}  // namespace icn
