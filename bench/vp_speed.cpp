// What a virtual platform pays for icnsim when the network has little to do (scripts/bench --vp):
// a 4x4 torus at 1 GHz, every node holding a loosely timed processor and a memory, run for a
// simulated time either idle or with each processor making one 64-byte access every 10 us to the
// memory of the node 5 places on (writes and reads in turn). Prints the wall time, the clock's
// ticks (kernel events the network scheduled) and the accesses made.
//
//   vp_speed idle|sparse|heavy MILLISECONDS [--always-ticking | --approximate]
//
// --always-ticking keeps the network's clock ticking every cycle, as it did before an idle network
// stopped it: the same platform, for the speed-up in one run.
#include <icnsim/interconnect.h>

#include "interconnect_model.h"  // the fabric behind it: its clock
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/cycle_clock.h"
#include "fabric.h"

namespace {

constexpr unsigned kNodes = 16;
constexpr sc_dt::uint64 kBytesPerNode = 0x1000;

struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> socket{"socket"};
  std::vector<unsigned char> bytes = std::vector<unsigned char>(kBytesPerNode, 0);
  explicit Memory(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_b_transport(this, &Memory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time&) {
    unsigned char* cell = bytes.data() + p.get_address();
    if (p.is_write()) std::memcpy(cell, p.get_data_ptr(), p.get_data_length());
    else std::memcpy(p.get_data_ptr(), cell, p.get_data_length());
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

struct Processor : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Processor> socket{"socket"};
  unsigned self;
  sc_core::sc_time interval, end;
  unsigned accesses = 0, failures = 0;
  bool decoupled = false;
  tlm_utils::tlm_quantumkeeper keeper;
  Processor(sc_core::sc_module_name name, unsigned node, sc_core::sc_time every, sc_core::sc_time until)
      : sc_core::sc_module(name), self(node), interval(every), end(until) {
    SC_HAS_PROCESS(Processor);
    SC_THREAD(run);
  }
  void run() {
    unsigned char data[64] = {};
    const unsigned target = (self + 5) % kNodes;
    // Staggered start, so that the nodes do not all access in the same cycle.
    sc_core::wait(interval * (double(self) / kNodes));
    // One payload, reused for every access as an instruction-set simulator's bus interface does (its
    // construction allocates the extension array: the platform's cost, not the network's).
    tlm::tlm_generic_payload p;
    while ((decoupled ? keeper.get_current_time() : sc_core::sc_time_stamp()) + interval <= end) {
      p.set_command(accesses % 2 ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND);
      p.set_address(target * kBytesPerNode + (self * 64) % kBytesPerNode);
      p.set_data_ptr(data);
      p.set_data_length(64);
      p.set_streaming_width(64);
      p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);  // the base protocol: set on every use
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      if (decoupled) {
        // Approximate timing under temporal decoupling: the round trip is annotated on the local
        // time, which synchronises with SystemC's once per quantum.
        const sc_core::sc_time issued = keeper.get_local_time();
        sc_core::sc_time local = issued;
        socket->b_transport(p, local);
        keeper.set(std::max(local, issued + interval));  // the next access starts an interval later
        if (keeper.need_sync()) keeper.sync();
      } else {
        const sc_core::sc_time start = sc_core::sc_time_stamp();
        socket->b_transport(p, delay);  // returns once the response has crossed the network
        sc_core::wait(interval - (sc_core::sc_time_stamp() - start));
      }
      ++accesses;
      if (!p.is_response_ok()) ++failures;
    }
  }
};

std::string platform_yaml() {
  std::string yaml =
      "name: vp-speed\nnetwork: {radix: 4, dimensions: 2, wrap: torus}\n"
      "router: {virtual_channels: 3, buffer_depth: 8}\nrouting: {type: dimension_order}\n"
      "tlm: {flit_bytes: 16}\nsimulation: {clock_period_ns: 1, warmup: 0}\naddress_map:\n";
  for (unsigned n = 0; n < kNodes; ++n)
    yaml += "  - {base: " + std::to_string(n * kBytesPerNode) + ", size: " + std::to_string(kBytesPerNode) +
            ", node: " + std::to_string(n) + "}\n";
  return yaml;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  const std::string load = argc > 1 ? argv[1] : "";
  if (argc < 3 || (load != "idle" && load != "sparse" && load != "heavy")) {
    std::fprintf(stderr, "usage: vp_speed idle|sparse|heavy MILLISECONDS [--always-ticking | --approximate]\n");
    return 2;
  }
  const bool sparse = load != "idle";
  // sparse: one 64-byte access per node every 10 us; heavy: every 100 ns.
  const sc_core::sc_time every(load == "heavy" ? 0.1 : 10.0, sc_core::SC_US);
  const sc_core::sc_time length(std::atof(argv[2]), sc_core::SC_MS);
  const bool always_ticking = argc > 3 && std::string(argv[3]) == "--always-ticking";
  const bool approximate = argc > 3 && std::string(argv[3]) == "--approximate";

  const auto noc = icnsim::Interconnect::from_yaml("noc", platform_yaml(), {"simulation.cycles=" +
                                                   std::to_string(std::uint64_t(length / sc_core::sc_time(1, sc_core::SC_NS)))});
  std::vector<std::unique_ptr<Memory>> memories;
  std::vector<std::unique_ptr<Processor>> processors;
  for (unsigned n = 0; n < kNodes; ++n) {
    memories.push_back(std::make_unique<Memory>(("memory_" + std::to_string(n)).c_str()));
    noc->initiator_socket(n).bind(memories.back()->socket);
    if (!sparse) continue;
    processors.push_back(std::make_unique<Processor>(("processor_" + std::to_string(n)).c_str(), n,
                                                     every, length));
    processors.back()->socket.bind(noc->target_socket(n));
  }
  if (always_ticking) icnsim::InterconnectModel::fabric(*noc).clock().keep_awake();
  if (approximate) {
    noc->set_timing(icnsim::Interconnect::Timing::approximate);
    tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_core::sc_time(10, sc_core::SC_US));
    for (auto& p : processors) {
      p->decoupled = true;
      p->keeper.reset();
    }
  }

  const auto start = std::chrono::steady_clock::now();
  sc_core::sc_start(length);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  unsigned accesses = 0, failures = 0;
  for (const auto& p : processors) {
    accesses += p->accesses;
    failures += p->failures;
  }
  std::printf("wall %.6f s, simulated %s, clock ticks %llu, accesses %u, failed %u\n", wall,
              sc_core::sc_time_stamp().to_string().c_str(),
              static_cast<unsigned long long>(icnsim::InterconnectModel::fabric(*noc).clock().ticks()), accesses, failures);
  return failures == 0 ? 0 : 1;
}
