#include "energy/activity.h"

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

void report_links(const std::vector<Activity::Link>& links, bool counts, const std::string& at, ResultSink& sink) {
  auto column = [&](const char* name, auto member) {
    std::vector<std::uint64_t> values;
    for (const Activity::Link& l : links) values.push_back(std::uint64_t(l.*member));
    sink.put(at + "." + name, std::move(values));
  };
  column("from", &Activity::Link::from);
  column("port", &Activity::Link::port);
  column("to", &Activity::Link::to);
  if (!counts) return;
  column("input_port", &Activity::Link::input_port);
  column("flits", &Activity::Link::flits);
}

void report_activity(const Activity& a, Cycle measured, bool per_component, ResultSink& sink) {
  sink.put("activity.cycles", std::uint64_t(measured));
  sink.put("activity.scope", std::string(per_component ? "per_component" : "totals"));
  const RouterEvents routers = a.router_total();
  RouterEvents::for_each_field([&](const char* name, std::uint64_t RouterEvents::*field) {
    sink.put(std::string("activity.routers.") + name, routers.*field);
  });
  sink.put("activity.routers.idle_cycles", std::uint64_t(a.routers.size()) * measured - routers.active_cycles);
  const NetworkInterfaceEvents interfaces = a.interface_total();
  NetworkInterfaceEvents::for_each_field([&](const char* name, std::uint64_t NetworkInterfaceEvents::*field) {
    sink.put(std::string("activity.network_interfaces.") + name, interfaces.*field);
  });
  sink.put("activity.sideband.value_transfers", a.sideband_value_transfers);
  sink.put("activity.sideband.bit_transfers", a.sideband_bit_transfers);
  sink.put("activity.entropy_circuit.register_transfers", a.entropy_register_transfers);
  sink.put("activity.entropy_circuit.register_changes", a.entropy_register_changes);
  if (!per_component) return;
  RouterEvents::for_each_field([&](const char* name, std::uint64_t RouterEvents::*field) {
    std::vector<std::uint64_t> column;
    for (const RouterEvents& e : a.routers) column.push_back(e.*field);
    sink.put(std::string("activity.per_router.") + name, std::move(column));
  });
  NetworkInterfaceEvents::for_each_field([&](const char* name, std::uint64_t NetworkInterfaceEvents::*field) {
    std::vector<std::uint64_t> column;
    for (const NetworkInterfaceEvents& e : a.interfaces) column.push_back(e.*field);
    sink.put(std::string("activity.per_node.") + name, std::move(column));
  });
  report_links(a.links, true, "activity.links", sink);
}

}  // namespace icn
