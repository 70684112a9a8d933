#pragma once
// icnsim's installed interface (docs/tlm.md): an interconnection network as one SystemC block for
// a virtual platform. It is elaborated from an icnsim platform file — topology, routers, routing,
// deadlock handling, congestion control, and an address_map that says which node serves which
// addresses — and gives every node TLM-2.0 sockets: local initiators bind to target_socket(n),
// local targets to initiator_socket(n). It never calls sc_start; several may live in one platform.
//
//   icnsim::Interconnect noc("noc", "soc.yaml", {"congestion_control.type=alo"});
//   cpu.socket.bind(noc.target_socket(0));
//   noc.initiator_socket(5).bind(memory.socket);
//   sc_core::sc_start();
#include <tlm>

#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace icn {
class Fabric;
}

namespace icnsim {

// Both accept any number of bindings (none included): several local initiators may share a node,
// and a node's local targets are numbered in the order they are bound (the address map's `target`).
using TargetSocket = tlm::tlm_target_socket<32, tlm::tlm_base_protocol_types, 0, sc_core::SC_ZERO_OR_MORE_BOUND>;
using InitiatorSocket =
    tlm::tlm_initiator_socket<32, tlm::tlm_base_protocol_types, 0, sc_core::SC_ZERO_OR_MORE_BOUND>;

class Interconnect {
 public:
  // From a platform file; `overrides` are "key.path=value" strings as icnsim's --set takes them.
  // Throws std::runtime_error with a one-line message naming the file and key for bad input.
  Interconnect(const char* name, const std::string& platform_file, const std::vector<std::string>& overrides = {});
  // The same from the platform's YAML text; `source_name` is used in messages.
  static std::unique_ptr<Interconnect> from_yaml(const char* name, const std::string& yaml,
                                                 const std::vector<std::string>& overrides = {},
                                                 const std::string& source_name = "platform");
  ~Interconnect();
  Interconnect(const Interconnect&) = delete;
  Interconnect& operator=(const Interconnect&) = delete;

  unsigned nodes() const;
  TargetSocket& target_socket(unsigned node);
  InitiatorSocket& initiator_socket(unsigned node);

  sc_core::sc_time clock_period() const;
  std::uint64_t cycle() const;  // the network's current cycle (cycle c runs at (c + 1) periods)

  // What the network carried, over the platform's measurement window (simulation.warmup ..
  // simulation.cycles): every request and response packet, and anything else the nodes sent.
  std::uint64_t packets_delivered() const;
  std::uint64_t flits_delivered() const;
  double mean_packet_latency() const;  // cycles from creation to the tail's arrival; NaN with no packet

  // Writes out the VCD file of simulation.vcd (also done when the interconnect is destroyed).
  void close_trace();

  // The model itself, for code built against icnsim's source tree (model/fabric.h).
  icn::Fabric& fabric() { return *fabric_; }

 private:
  struct FromText {};
  Interconnect(FromText, const char* name, const std::string& yaml, const std::vector<std::string>& overrides,
               const std::string& source_name);
  std::unique_ptr<icn::Fabric> fabric_;
};

// The installed library's version, "major.minor.patch".
const char* version();

}  // namespace icnsim
