// lt_extension_mandatory's top with icnsim between its initiator and its target, which the example
// binds to each other directly. Both declare their sockets with the example's own protocol types
// (extension_initiator_id): they bind to the nodes through the sockets icnsim parameterises on
// them. The initiator sits at node 0, the target at node 5, serving the example's addresses from 0.
#include "lt_extension_mandatory_top.h"

#include "icnsim_bus.h"

lt_extension_mandatory_top::lt_extension_mandatory_top(sc_core::sc_module_name name)
    : sc_core::sc_module(name),
      m_initiator("m_initiator", 5, 0),
      m_target("m_target", sc_core::sc_time(25, sc_core::SC_NS)) {
  icnsim::Platform platform = icnsim::Platform::defaults("example");
  platform.set("network.radix", "4");
  icnsim_examples::apply_sets(platform);
  platform.map(0x0, std::uint64_t(1) << 28, 5);
  auto* noc = new icnsim::Interconnect("noc", platform);  // lives as long as the simulation
  m_initiator.m_socket(noc->target_socket<32, extension_initiator_id>(0));
  noc->initiator_socket<32, extension_initiator_id>(5)(m_target.m_socket);
}
