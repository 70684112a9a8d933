// An example virtual platform (docs/tlm.md): four processors and four memories on the network of
// memory-vp.yaml, through icnsim's installed interface (<icnsim/interconnect.h>). Each processor
// runs the same small program: it streams blocks of writes into the three other nodes' memories,
// then reads every block back and checks it, and records the cycle it finished in. Loosely timed
// processors (the default) wait for each transaction; approximately timed ones (--at) keep up to
// four in flight and see the congestion controller as END_REQ backpressure.
//
//   build/platforms/memory-vp [--at] [--blocks N] [--bytes B] [--set KEY=VALUE ...] [PLATFORM.yaml]
#include <icnsim/interconnect.h>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr unsigned kProcessors = 4;
constexpr unsigned kNodes[kProcessors] = {0, 5, 10, 15};
constexpr sc_dt::uint64 kMemoryBytes = 0x10000;

struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> socket{"socket"};
  std::vector<unsigned char> bytes = std::vector<unsigned char>(kMemoryBytes, 0);
  sc_core::sc_time access_time;
  Memory(sc_core::sc_module_name name, sc_core::sc_time t) : sc_core::sc_module(name), access_time(t) {
    socket.register_b_transport(this, &Memory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
    if (p.get_address() + p.get_data_length() > bytes.size()) {
      p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    if (p.is_write()) std::memcpy(&bytes[p.get_address()], p.get_data_ptr(), p.get_data_length());
    else std::memcpy(p.get_data_ptr(), &bytes[p.get_address()], p.get_data_length());
    delay += access_time;
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// The program, shared by both kinds of processor: block k of processor i in memory j.
struct Program {
  unsigned self, blocks, bytes;
  struct Access {
    tlm::tlm_command command;
    sc_dt::uint64 address;
    unsigned char seed;  // the block's pattern
  };
  std::vector<Access> accesses() const {
    std::vector<Access> list;
    for (tlm::tlm_command command : {tlm::TLM_WRITE_COMMAND, tlm::TLM_READ_COMMAND})
      for (unsigned k = 0; k < blocks; ++k)
        for (unsigned j = 0; j < kProcessors; ++j)
          if (j != self)
            list.push_back({command, j * kMemoryBytes + self * (kMemoryBytes / kProcessors) + k * bytes,
                            static_cast<unsigned char>(31 * self + 7 * k + j)});
    return list;
  }
  static void fill(unsigned char* data, unsigned bytes, unsigned char seed) {
    for (unsigned b = 0; b < bytes; ++b) data[b] = static_cast<unsigned char>(seed + b);
  }
};

// The processors still running their program. Nothing stops the simulation: once the last one is
// done the network rests and sc_start() returns (docs/tlm.md).
struct Completion {
  unsigned running = 0;
  void one_done() { --running; }
};

struct Processor : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Processor> socket{"socket"};
  Program program;
  icnsim::Interconnect& noc;
  Completion& completion;
  std::uint64_t finished = 0, mismatches = 0, errors = 0;
  Processor(sc_core::sc_module_name name, Program p, icnsim::Interconnect& n, Completion& c)
      : sc_core::sc_module(name), program(p), noc(n), completion(c) {
    ++completion.running;
    socket.register_nb_transport_bw(this, &Processor::nb_transport_bw);
  }
  // The backward path, which only approximately timed processors use.
  virtual tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) {
    return tlm::TLM_COMPLETED;
  }
  void finish() {
    finished = noc.cycle();
    completion.one_done();
  }
  void check(const Program::Access& a, const tlm::tlm_generic_payload& p) {
    if (!p.is_response_ok()) {
      ++errors;
      return;
    }
    if (a.command != tlm::TLM_READ_COMMAND) return;
    std::vector<unsigned char> expected(program.bytes);
    Program::fill(expected.data(), program.bytes, a.seed);
    mismatches += std::memcmp(expected.data(), p.get_data_ptr(), program.bytes) != 0;
  }
};

// Loosely timed: one transaction at a time, b_transport takes the modelled round trip.
struct LooselyTimedProcessor : Processor {
  LooselyTimedProcessor(sc_core::sc_module_name name, Program p, icnsim::Interconnect& n, Completion& c)
      : Processor(name, p, n, c) {
    SC_HAS_PROCESS(LooselyTimedProcessor);
    SC_THREAD(run);
  }
  void run() {
    std::vector<unsigned char> data(program.bytes);
    for (const auto& a : program.accesses()) {
      tlm::tlm_generic_payload p;
      if (a.command == tlm::TLM_WRITE_COMMAND) Program::fill(data.data(), program.bytes, a.seed);
      p.set_command(a.command);
      p.set_address(a.address);
      p.set_data_ptr(data.data());
      p.set_data_length(program.bytes);
      p.set_streaming_width(program.bytes);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(p, delay);
      check(a, p);
    }
    finish();
  }
};

// Approximately timed: up to `window` transactions in flight; a new BEGIN_REQ only after END_REQ.
struct ApproximatelyTimedProcessor : Processor, tlm::tlm_mm_interface {
  static constexpr unsigned kWindow = 4;
  struct Slot {
    tlm::tlm_generic_payload payload;
    std::vector<unsigned char> data;
    Program::Access access;
  };
  std::deque<Slot> slots;  // stable addresses
  std::vector<Slot*> idle;
  sc_core::sc_event end_request, slot_freed;
  tlm_utils::peq_with_get<tlm::tlm_generic_payload> responses{"responses"};

  ApproximatelyTimedProcessor(sc_core::sc_module_name name, Program p, icnsim::Interconnect& n, Completion& c)
      : Processor(name, p, n, c) {
    for (unsigned i = 0; i < kWindow; ++i) {
      slots.emplace_back();
      slots.back().payload.set_mm(this);
      slots.back().data.resize(program.bytes);
      idle.push_back(&slots.back());
    }
    SC_HAS_PROCESS(ApproximatelyTimedProcessor);
    SC_THREAD(issue);
    SC_THREAD(complete);
  }
  void free(tlm::tlm_generic_payload* p) override {
    for (auto& s : slots)
      if (&s.payload == p) idle.push_back(&s);
    slot_freed.notify(sc_core::SC_ZERO_TIME);
  }
  void issue() {
    const auto accesses = program.accesses();
    for (const auto& a : accesses) {
      while (idle.empty()) sc_core::wait(slot_freed);
      Slot& s = *idle.back();
      idle.pop_back();
      s.access = a;
      if (a.command == tlm::TLM_WRITE_COMMAND) Program::fill(s.data.data(), program.bytes, a.seed);
      tlm::tlm_generic_payload& p = s.payload;
      p.acquire();
      p.set_command(a.command);
      p.set_address(a.address);
      p.set_data_ptr(s.data.data());
      p.set_data_length(program.bytes);
      p.set_streaming_width(program.bytes);
      p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      if (socket->nb_transport_fw(p, phase, delay) == tlm::TLM_COMPLETED) {  // refused at once
        check(a, p);
        p.release();
        continue;
      }
      sc_core::wait(end_request);  // the request exclusion rule
    }
    while (idle.size() < kWindow) sc_core::wait(slot_freed);
    finish();
  }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) override {
    if (phase == tlm::END_REQ) {
      end_request.notify(sc_core::SC_ZERO_TIME);
    } else if (phase == tlm::BEGIN_RESP) {
      responses.notify(p, delay);  // END_RESP from the thread below
    }
    return tlm::TLM_ACCEPTED;
  }
  void complete() {
    for (;;) {
      sc_core::wait(responses.get_event());
      while (tlm::tlm_generic_payload* p = responses.get_next_transaction()) {
        for (auto& s : slots)
          if (&s.payload == p) check(s.access, *p);
        tlm::tlm_phase phase = tlm::END_RESP;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->nb_transport_fw(*p, phase, delay);
        p->release();
      }
    }
  }
};

}  // namespace

int sc_main(int argc, char* argv[]) {
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  std::string platform = std::string(ICNSIM_PLATFORMS) + "/memory-vp.yaml";
  std::vector<std::string> sets;
  bool approximately_timed = false;
  unsigned blocks = 16, bytes = 64;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--at") approximately_timed = true;
    else if (arg == "--set" && i + 1 < argc) sets.push_back(argv[++i]);
    else if (arg == "--blocks" && i + 1 < argc) blocks = unsigned(std::stoul(argv[++i]));
    else if (arg == "--bytes" && i + 1 < argc) bytes = unsigned(std::stoul(argv[++i]));
    else if (arg.size() > 5 && arg.compare(arg.size() - 5, 5, ".yaml") == 0) platform = arg;
    else {
      std::cerr << "usage: memory-vp [--at] [--blocks N] [--bytes B] [--set KEY=VALUE ...] [PLATFORM.yaml]\n";
      return 2;
    }
  }
  if (bytes == 0 || std::uint64_t(blocks) * bytes > kMemoryBytes / kProcessors) {
    std::cerr << "memory-vp: --blocks x --bytes must fit a processor's quarter of a memory (16 KiB)\n";
    return 2;
  }
  try {
    icnsim::Interconnect noc("noc", platform, sets);
    Completion completion;
    std::vector<Memory*> memories;
    std::vector<Processor*> processors;
    for (unsigned i = 0; i < kProcessors; ++i) {
      const std::string at = "node_" + std::to_string(kNodes[i]);
      memories.push_back(new Memory((at + "_memory").c_str(), noc.clock_period() * 2.0));
      const Program program{i, blocks, bytes};
      const std::string name = at + "_cpu";
      processors.push_back(approximately_timed
                               ? static_cast<Processor*>(new ApproximatelyTimedProcessor(name.c_str(), program, noc,
                                                                                         completion))
                               : new LooselyTimedProcessor(name.c_str(), program, noc, completion));
      processors.back()->socket.bind(noc.target_socket(kNodes[i]));
      noc.initiator_socket(kNodes[i]).bind(memories.back()->socket);
    }
    sc_core::sc_start();  // until nothing is left to do
    if (completion.running > 0) {
      std::cerr << "memory-vp: " << completion.running << " processors did not finish\n";
      return 1;
    }
    std::uint64_t last = 0, mismatches = 0, errors = 0;
    for (unsigned i = 0; i < kProcessors; ++i) {
      const Processor& p = *processors[i];
      std::cout << "processor at node " << kNodes[i] << ": finished at cycle " << p.finished << "\n";
      last = std::max(last, p.finished);
      mismatches += p.mismatches;
      errors += p.errors;
    }
    std::cout << (approximately_timed ? "approximately" : "loosely") << " timed, " << kProcessors * 2 * 3 * blocks
              << " transactions of " << bytes << " bytes: completion at cycle " << last << ", "
              << noc.packets_delivered() << " packets, mean packet latency " << noc.mean_packet_latency()
              << " cycles, " << mismatches << " blocks read back wrong, " << errors << " error responses\n";
    return mismatches == 0 && errors == 0 && last > 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "memory-vp: " << e.what() << "\n";
    return 2;
  }
}

// Our own main: SystemC prints its banner as the kernel starts unless told before.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
