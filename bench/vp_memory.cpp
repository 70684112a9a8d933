// Whether a virtual platform's memory stays flat however long it runs (scripts/bench --vp-memory): a
// 4x4 torus at 1 GHz embedded as icnsim::Interconnect, with icnsim's own uniform traffic in the
// background (add_traffic), run to each of the given numbers of cycles. Prints, at each, the packets
// delivered so far (they must keep rising: no hidden end) and the process's resident memory.
//
//   vp_memory RATE CYCLES [CYCLES ...]     e.g. vp_memory 0.01 10000000 100000000
#include <icnsim/interconnect.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace {

double resident_megabytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
  return 0;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: vp_memory RATE CYCLES [CYCLES ...]\n");
    return 2;
  }
  icnsim::Platform platform = icnsim::Platform::defaults("vp");
  platform.set("network.radix", "4").set("simulation.warmup", "0").set("simulation.progress", "false");
  icnsim::Interconnect noc("noc", platform);
  noc.add_traffic_yaml("packet_length: 4\ninjection: {rate: " + std::string(argv[1]) + "}\n");
  const sc_core::sc_time period = noc.clock_period();
  std::printf("%14s %16s %12s\n", "cycles", "packets", "resident MB");
  for (int i = 2; i < argc; ++i) {
    const unsigned long long cycles = std::strtoull(argv[i], nullptr, 10);
    sc_core::sc_start(period * double(cycles) - sc_core::sc_time_stamp());
    std::printf("%14llu %16llu %12.1f\n", cycles, (unsigned long long)noc.packets_delivered(), resident_megabytes());
    std::fflush(stdout);
  }
  return 0;
}
