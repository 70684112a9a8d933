#include "activity.h"

#include "fabric.h"
#include "sideband/entropy_circuit.h"
#include "sideband/sideband.h"

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

Activity read_activity(const Fabric& fabric) {
  Activity a;
  const Topology& topology = fabric.topology();
  const NodeId routers = topology.router_count();
  a.routers.reserve(routers);
  for (NodeId r = 0; r < routers; ++r) a.routers.push_back(fabric.router(r).events());
  a.interfaces.reserve(fabric.node_count());
  for (NodeId n = 0; n < fabric.node_count(); ++n) a.interfaces.push_back(fabric.node(n).network_interface().events());
  for (NodeId r = 0; r < routers; ++r)
    for (int p = 0; p < topology.network_ports(); ++p) {
      const Topology::Link to = topology.link(r, p);
      if (to.router == kNoNode) continue;
      a.links.push_back(Activity::Link{r, p, to.router, to.input_port, fabric.router(r).flits_sent(p)});
    }
  if (const Sideband* s = fabric.sideband()) {
    a.sideband_value_transfers = s->value_transfers();
    a.sideband_bit_transfers = s->bit_transfers();
  }
  if (const EntropyCircuit* e = fabric.entropy_circuit()) {
    a.entropy_register_transfers = e->register_transfers();
    a.entropy_register_changes = e->register_changes();
  }
  return a;
}

}  // namespace icn
