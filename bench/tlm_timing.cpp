// The approximate timing mode against the cycle-accurate one (scripts/approximate_timing.py,
// docs/tlm.md): a processor at node 0 reads 64 bytes from a memory at the node farthest from it,
// one read every 50 cycles, while icnsim's own generators load every node with a pattern.
// Prints the processor's mean read latency in cycles, the reads made and the wall seconds.
//
//   tlm_timing PLATFORM.yaml PATTERN LOAD cycle|approximate MEMORY_NODE [READS [KEY=VALUE ...]]
//
// LOAD is flits/node/cycle of the background traffic (16-flit packets, Bernoulli).
#include <icnsim/interconnect.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <algorithm>

namespace {

struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> socket{"socket"};
  unsigned char bytes[4096] = {};
  explicit Memory(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_b_transport(this, &Memory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time&) {
    std::memcpy(p.get_data_ptr(), bytes + p.get_address(), p.get_data_length());
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

struct Reader : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Reader> socket{"socket"};
  int reads;
  sc_core::sc_time gap, period;
  double latency_sum = 0;
  int done = 0;
  Reader(sc_core::sc_module_name name, int n, sc_core::sc_time g, sc_core::sc_time p)
      : sc_core::sc_module(name), reads(n), gap(g), period(p) {
    SC_HAS_PROCESS(Reader);
    SC_THREAD(run);
  }
  void run() {
    sc_core::wait(period * 3000.0);  // past the background traffic's warm-up
    unsigned char data[64];
    for (; done < reads; ++done) {
      tlm::tlm_generic_payload p;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      p.set_command(tlm::TLM_READ_COMMAND);
      p.set_address(0);
      p.set_data_ptr(data);
      p.set_data_length(64);
      p.set_streaming_width(64);
      const sc_core::sc_time start = sc_core::sc_time_stamp();
      socket->b_transport(p, delay);
      // Approximate: the round trip is annotated; waiting it out keeps the background in step.
      sc_core::wait(delay);
      latency_sum += (sc_core::sc_time_stamp() - start) / period;
      sc_core::wait(gap);
    }
    sc_core::sc_stop();
  }
};

}  // namespace

int sc_main(int argc, char* argv[]) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: tlm_timing PLATFORM.yaml PATTERN LOAD cycle|approximate MEMORY_NODE [READS]\n");
    return 2;
  }
  const std::string platform = argv[1], pattern = argv[2], load = argv[3], mode = argv[4];
  const unsigned memory_node = unsigned(std::atoi(argv[5]));
  const int reads = argc > 6 ? std::atoi(argv[6]) : 400;
  std::vector<std::string> settings(argv + std::min(argc, 7), argv + argc);  // KEY=VALUE platform keys
  try {
    icnsim::Platform soc = icnsim::Platform::from_file(platform);
    soc.set("simulation.warmup", "0").set("simulation.cycles", "100000000").set("simulation.progress", "false");
    for (const std::string& setting : settings) {
      const auto equals = setting.find('=');
      soc.set(setting.substr(0, equals), setting.substr(equals + 1));
    }
    soc.map(0, 4096, memory_node);
    icnsim::Interconnect noc("noc", soc);
    noc.set_timing(mode == "approximate" ? icnsim::Interconnect::Timing::approximate : icnsim::Interconnect::Timing::cycle);
    Memory memory("memory");
    noc.initiator_socket(memory_node).bind(memory.socket);
    Reader reader("reader", reads, noc.clock_period() * 50.0, noc.clock_period());
    reader.socket.bind(noc.target_socket(0));
    noc.add_traffic_yaml("packet_length: 16\npattern: {type: " + pattern + "}\ninjection: {rate: " + load +
                         ", unit: flits}\n");
    const auto started = std::chrono::steady_clock::now();
    sc_core::sc_start();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("%.2f %d %.3f\n", reader.latency_sum / reader.done, reader.done, wall);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tlm_timing: %s\n", e.what());
    return 2;
  }
  return 0;
}
