// What SystemC's kernel alone costs per node-cycle as a network grows: N modules, each with one
// SC_METHOD woken every cycle by a shared clock event (as an awake icnsim router is), each writing
// one sc_signal that its neighbour reads, and touching `state_bytes` of its own state (one word
// per cache line). scripts/bench --scale prints it beside icnsim's own figures, so that the growth
// of a node-cycle's cost with the network can be read against the kernel's (docs/design.md,
// "Large networks").
//   kernel_floor NODES CYCLES STATE_BYTES   ->   "<ns per node-cycle> <node-cycles per second>"
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace {

class Clock : public sc_core::sc_module {
 public:
  sc_core::sc_event tick;
  Clock(sc_core::sc_module_name name, std::uint64_t cycles) : sc_core::sc_module(name), cycles_(cycles) {
    SC_METHOD(advance);
  }

 private:
  SC_HAS_PROCESS(Clock);
  void advance() {
    if (cycle_++ == cycles_) return;
    tick.notify(1, sc_core::SC_NS);
    next_trigger(tick);
  }
  std::uint64_t cycle_ = 0;
  const std::uint64_t cycles_;
};

class Node : public sc_core::sc_module {
 public:
  sc_core::sc_signal<std::uint64_t> out{"out"};
  const sc_core::sc_signal<std::uint64_t>* in = nullptr;
  Node(sc_core::sc_module_name name, sc_core::sc_event& tick, std::size_t state_bytes)
      : sc_core::sc_module(name), state_(state_bytes / sizeof(std::uint64_t), 1) {
    SC_METHOD(step);
    sensitive << tick;
    dont_initialize();
  }

 private:
  SC_HAS_PROCESS(Node);
  void step() {
    std::uint64_t sum = in->read();
    for (std::size_t i = 0; i < state_.size(); i += 8) sum += state_[i]++;
    out.write(sum);
  }
  std::vector<std::uint64_t> state_;
};

}  // namespace

int sc_main(int argc, char* argv[]) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: kernel_floor NODES CYCLES STATE_BYTES\n");
    return 2;
  }
  const int nodes = std::atoi(argv[1]);
  const std::uint64_t cycles = std::strtoull(argv[2], nullptr, 10);
  const std::size_t state_bytes = std::strtoull(argv[3], nullptr, 10);
  if (nodes < 2 || cycles < 1) {
    std::fprintf(stderr, "kernel_floor: NODES must be at least 2 and CYCLES at least 1\n");
    return 2;
  }
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Clock clock("clock", cycles);
  std::vector<std::unique_ptr<Node>> network;
  for (int i = 0; i < nodes; ++i)
    network.push_back(std::make_unique<Node>(("node_" + std::to_string(i)).c_str(), clock.tick, state_bytes));
  for (int i = 0; i < nodes; ++i) network[std::size_t(i)]->in = &network[std::size_t((i + 1) % nodes)]->out;
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaboration and initialisation are not timed
  const auto start = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double node_cycles = double(nodes) * double(cycles);
  std::printf("%.2f %.6g\n", seconds * 1e9 / node_cycles, node_cycles / seconds);
  return 0;
}
