#pragma once
// icnsim in place of the SimpleBus of Accellera's TLM-2.0 examples (libsystemc-doc): the examples'
// own tops declare `SimpleBusAT<2, 2> m_bus` or `SimpleBusLT<2, 2> m_bus` and bind their IP to
// m_bus.target_socket[i] and m_bus.initiator_socket[j]; models/SimpleBus*.h in this folder, found
// before the examples' own, make that an icnsim network, so every example source compiles unchanged.
//
// The network: a 4x4 torus; initiator i at node 3i (0, 3, ...), target j at node 5 + 5j (5, 10, 15).
// The address map is SimpleBus's decoder: target j serves [j << 28, (j + 1) << 28) and sees the
// address less its base (SimpleBus masks the top four bits). An AT bus's targets are driven through
// nb_transport_fw (the protocol the IP declares by being on one), an LT bus's through b_transport.
// ICNSIM_EXAMPLE_SETS="key=value;key=value" adds --set-style overrides (the controller, the timing).
#include <icnsim/interconnect.h>

#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

namespace icnsim_examples {

inline unsigned initiator_node(int i) { return unsigned(3 * i); }
inline unsigned target_node(int j) { return unsigned(5 + 5 * j); }

// The overrides of ICNSIM_EXAMPLE_SETS.
inline void apply_sets(icnsim::Platform& platform) {
  const char* sets = std::getenv("ICNSIM_EXAMPLE_SETS");
  std::istringstream in(sets ? sets : "");
  for (std::string set; std::getline(in, set, ';');)
    if (const auto eq = set.find('='); eq != std::string::npos) platform.set(set.substr(0, eq), set.substr(eq + 1));
}

template <int INITIATORS, int TARGETS, bool APPROXIMATELY_TIMED>
class Bus : public sc_core::sc_module {
 public:
  explicit Bus(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    icnsim::Platform platform = icnsim::Platform::defaults("example");
    platform.set("network.radix", "4");
    apply_sets(platform);
    for (int j = 0; j < TARGETS; ++j)
      platform.map(std::uint64_t(j) << 28, std::uint64_t(1) << 28, target_node(j), 0,
                   APPROXIMATELY_TIMED ? "approximately_timed" : "blocking");
    noc = std::make_unique<icnsim::Interconnect>("noc", platform);
  }

  std::unique_ptr<icnsim::Interconnect> noc;
  // m_bus.target_socket[i]: where initiator i binds; m_bus.initiator_socket[j]: target j's.
  struct TargetSockets {
    Bus& bus;
    icnsim::TargetSocket& operator[](int i) { return bus.noc->target_socket(initiator_node(i)); }
  } target_socket{*this};
  struct InitiatorSockets {
    Bus& bus;
    icnsim::InitiatorSocket& operator[](int j) { return bus.noc->initiator_socket(target_node(j)); }
  } initiator_socket{*this};
};

}  // namespace icnsim_examples
