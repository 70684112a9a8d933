// Transaction pairs through an installed icnsim: a 32-bit CPU at node 0 and a 64-bit one at node 3
// each write 64 bytes to a 256-bit memory at node 5 of a 4x4 torus and read them back (other bus
// widths bind through Interconnect::target_socket<W> / initiator_socket<W>). Prints what it found;
// exits non-zero on a mismatch.
#include <icnsim/interconnect.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstring>
#include <iostream>

struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory, 256> socket{"socket"};
  unsigned char bytes[256] = {};
  explicit Memory(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_b_transport(this, &Memory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time&) {
    if (p.is_write()) std::memcpy(bytes + p.get_address(), p.get_data_ptr(), p.get_data_length());
    else std::memcpy(p.get_data_ptr(), bytes + p.get_address(), p.get_data_length());
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

template <unsigned BUSWIDTH>
struct Cpu : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Cpu, BUSWIDTH> socket{"socket"};
  bool ok = false;
  sc_dt::uint64 address;
  Cpu(sc_core::sc_module_name name, sc_dt::uint64 a) : sc_core::sc_module(name), address(a) {
    SC_HAS_PROCESS(Cpu);
    SC_THREAD(run);
  }
  void access(tlm::tlm_command command, unsigned char* data) {
    tlm::tlm_generic_payload p;
    p.set_command(command);
    p.set_address(address);
    p.set_data_ptr(data);
    p.set_data_length(64);
    p.set_streaming_width(64);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(p, delay);
    ok = p.is_response_ok();
  }
  void run() {
    unsigned char out[64], in[64] = {};
    for (int i = 0; i < 64; ++i) out[i] = static_cast<unsigned char>(i * 3);
    access(tlm::TLM_WRITE_COMMAND, out);
    const bool written = ok;
    access(tlm::TLM_READ_COMMAND, in);
    ok = written && ok && std::memcmp(out, in, 64) == 0;
  }
};

int sc_main(int, char*[]) {
  auto noc = icnsim::Interconnect::from_yaml("noc", R"(network: {radix: 4, dimensions: 2}
simulation: {cycles: 1000, warmup: 0}
address_map:
  - {base: 0x1000, size: 0x100, node: 5}
)");
  Cpu<32> cpu("cpu", 0x1040);
  Cpu<64> cpu64("cpu64", 0x1080);
  Memory memory("memory");
  cpu.socket.bind(noc->target_socket(0));
  cpu64.socket.bind(noc->target_socket<64>(3));
  noc->initiator_socket<256>(5).bind(memory.socket);
  sc_core::sc_start(noc->clock_period() * 1000.0);
  std::cout << "icnsim " << icnsim::version() << ": " << noc->nodes() << " nodes, " << noc->packets_delivered()
            << " packets, read back " << (cpu.ok && cpu64.ok ? "64 bytes as written" : "WRONG DATA")
            << " by 32- and 64-bit initiators from a 256-bit target\n";
  // The whole result, typed and as JSON, through the installed interface.
  const icnsim::Interconnect::Statistics statistics = noc->statistics();
  const bool measured = statistics.latency.packets == 8 &&
                        noc->result_json().find("\"delivered\": 8") != std::string::npos;
  return cpu.ok && cpu64.ok && noc->packets_delivered() == 8 && measured ? 0 : 1;
}
