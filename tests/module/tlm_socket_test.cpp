// TLM-2.0 IP on a fabric (docs/tlm.md): an initiator at one node reads and writes a memory at
// another through the address map; each transaction is a request packet and a response packet.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstring>
#include <functional>
#include <sstream>

#include "experiment.h"
#include "fabric.h"
#include "support/child_process.h"

using namespace icn;

namespace {

// An initiator's own extension (an id, a trace tag): the target reads `asked` and writes `answered`.
struct Probe : tlm::tlm_extension<Probe> {
  int asked = 0, answered = 0;
  tlm::tlm_extension_base* clone() const override { return new Probe(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override { *this = static_cast<const Probe&>(other); }
};

// A memory that serves reads and writes (honouring byte enables) after `latency` of its own.
struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> socket{"socket"};
  std::vector<unsigned char> bytes;
  sc_core::sc_time latency;
  std::vector<sc_dt::uint64> addresses;  // as the memory saw them

  Memory(sc_core::sc_module_name name, std::size_t size, sc_core::sc_time l = sc_core::SC_ZERO_TIME)
      : sc_core::sc_module(name), bytes(size, 0), latency(l) {
    socket.register_b_transport(this, &Memory::b_transport);
    socket.register_transport_dbg(this, &Memory::transport_dbg);
  }
  std::vector<const tlm::tlm_generic_payload*> payloads;  // the objects it was handed
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
    addresses.push_back(p.get_address());
    payloads.push_back(&p);
    if (Probe* probe = p.get_extension<Probe>()) probe->answered = probe->asked * 2 + 1;
    if (p.get_address() + p.get_data_length() > bytes.size()) {
      p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    for (unsigned i = 0; i < p.get_data_length(); ++i) {
      const unsigned char* be = p.get_byte_enable_ptr();
      if (be && be[i % p.get_byte_enable_length()] != TLM_BYTE_ENABLED) continue;
      unsigned char& cell = bytes[p.get_address() + i];
      if (p.is_write()) cell = p.get_data_ptr()[i];
      else p.get_data_ptr()[i] = cell;
    }
    delay += latency;
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  unsigned int transport_dbg(tlm::tlm_generic_payload& p) {
    addresses.push_back(p.get_address());
    std::memcpy(p.get_data_ptr(), &bytes[p.get_address()], p.get_data_length());
    return p.get_data_length();
  }
};

// Runs `program` in a thread of an initiator bound to node `node`'s port.
struct Initiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Initiator> socket{"socket"};
  std::function<void(Initiator&)> program;
  Initiator(sc_core::sc_module_name name, std::function<void(Initiator&)> p)
      : sc_core::sc_module(name), program(std::move(p)) {
    SC_HAS_PROCESS(Initiator);
    SC_THREAD(run);
  }
  void run() { program(*this); }
  tlm::tlm_response_status access(tlm::tlm_command command, sc_dt::uint64 address, unsigned char* data,
                                  unsigned length, sc_core::sc_time delay = sc_core::SC_ZERO_TIME,
                                  unsigned char* byte_enables = nullptr, unsigned byte_enable_length = 0) {
    tlm::tlm_generic_payload p;
    p.set_command(command);
    p.set_address(address);
    p.set_data_ptr(data);
    p.set_data_length(length);
    p.set_streaming_width(length);
    p.set_byte_enable_ptr(byte_enables);
    p.set_byte_enable_length(byte_enable_length);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(p, delay);
    return p.get_response_status();
  }
};

// A 4x4 torus; node 5 serves 0x1000.. with its memory (target 0), node 10 serves 0x8000.. with two.
const char* const kPlatform = R"(network: {radix: 4, dimensions: 2}
simulation: {cycles: 2000, warmup: 0}
address_map:
  - {base: 0x1000, size: 0x1000, node: 5}
  - {base: 0x8000, size: 0x100, node: 10, target: 0}
  - {base: 0x8100, size: 0x100, node: 10, target: 1}
)";

struct Bench {
  Fabric* fabric;
  Memory* memory5;
  Memory* memory10a;
  Memory* memory10b;
  Initiator* cpu;
};

Bench build(std::function<void(Initiator&)> program, const std::vector<std::string>& sets = {},
            sc_core::sc_time memory_latency = sc_core::SC_ZERO_TIME) {
  Bench b;
  b.fabric = new Fabric("fabric", load_platform_text(kPlatform, sets));
  b.memory5 = new Memory("memory5", 0x1000, memory_latency);
  b.memory10a = new Memory("memory10a", 0x100);
  b.memory10b = new Memory("memory10b", 0x100);
  b.cpu = new Initiator("cpu", std::move(program));
  b.cpu->socket.bind(b.fabric->tlm_port(0).target_socket);
  b.fabric->tlm_port(5).initiator_socket.bind(b.memory5->socket);
  b.fabric->tlm_port(10).initiator_socket.bind(b.memory10a->socket);
  b.fabric->tlm_port(10).initiator_socket.bind(b.memory10b->socket);
  return b;
}

}  // namespace

TEST_CASE("data written across the network reads back as written, byte enables included", "[tlm]") {
  const std::string result = testing::in_child_process([] {
    std::ostringstream out;
    Bench b = build([&out](Initiator& cpu) {
      unsigned char written[40], read[40] = {};
      for (int i = 0; i < 40; ++i) written[i] = static_cast<unsigned char>(7 * i + 1);
      out << cpu.access(tlm::TLM_WRITE_COMMAND, 0x1010, written, 40) << " ";
      out << cpu.access(tlm::TLM_READ_COMMAND, 0x1010, read, 40) << " ";
      out << (std::memcmp(written, read, 40) == 0) << " ";
      // Byte enables: only every other byte of this write lands; a masked read leaves the rest alone.
      unsigned char ones[8], mask[2] = {TLM_BYTE_ENABLED, TLM_BYTE_DISABLED}, back[8];
      std::memset(ones, 0xff, 8);
      std::memset(back, 0xaa, 8);
      out << cpu.access(tlm::TLM_WRITE_COMMAND, 0x1010, ones, 8, sc_core::SC_ZERO_TIME, mask, 2) << " ";
      out << cpu.access(tlm::TLM_READ_COMMAND, 0x1010, back, 8, sc_core::SC_ZERO_TIME, mask, 2) << " ";
      for (int i = 0; i < 8; ++i) out << int(back[i]) << ",";
      // The second target of node 10 sees its own offsets.
      unsigned char word[4] = {1, 2, 3, 4};
      out << " " << cpu.access(tlm::TLM_WRITE_COMMAND, 0x8104, word, 4);
    });
    sc_core::sc_start(b.fabric->clock().time_of(1500));
    out << " | " << int(b.memory5->bytes[0x11]) << " " << int(b.memory5->bytes[0x10]) << " "
        << int(b.memory10b->bytes[4]) << " " << int(b.memory10a->bytes[4]) << " " << b.memory10b->addresses.at(0);
    return out.str();
  });
  // OK = 1 in tlm_response_status. Byte 0x10 is enabled (now 0xff), 0x11 is not (keeps 7 * 1 + 1).
  CHECK(result == "1 1 1 1 1 255,170,255,170,255,170,255,170, 1 | 8 255 1 0 4");
}

TEST_CASE("an unmapped address returns an address error without entering the network", "[tlm]") {
  const std::string result = testing::in_child_process([] {
    std::ostringstream out;
    Bench b = build([&out](Initiator& cpu) {
      unsigned char data[16] = {};
      out << cpu.access(tlm::TLM_READ_COMMAND, 0x0, data, 16) << " ";       // below every range
      out << cpu.access(tlm::TLM_WRITE_COMMAND, 0x1ff8, data, 16) << " ";   // runs past its range
      out << cpu.access(tlm::TLM_WRITE_COMMAND, 0x80f8, data, 16) << " ";   // spans two ranges
      out << cpu.access(tlm::TLM_IGNORE_COMMAND, 0x1000, data, 16) << " ";  // nothing to carry
      out << (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);           // and no time passed
    });
    sc_core::sc_start(b.fabric->clock().time_of(100));
    out << " " << b.fabric->statistics().packets_created_total();
    return out.str();
  });
  // TLM_ADDRESS_ERROR_RESPONSE = -2, TLM_COMMAND_ERROR_RESPONSE = -3.
  CHECK(result == "-2 -2 -2 -3 1 0");
}

TEST_CASE("a loosely timed transaction takes its request's plus its response's packet latency", "[tlm]") {
  // Called at cycle 20 with 10 cycles annotated: the request is created at cycle 30. A write of
  // 64 bytes is a 5-flit request and a 1-flit response; a read of 64, a 1-flit request and a
  // 5-flit response. The memory at node 5 takes 7 cycles of its own.
  const std::string result = testing::in_child_process([] {
    std::ostringstream out;
    Fabric* fabric = nullptr;
    Bench b = build(
        [&out, &fabric](Initiator& cpu) {
          CycleClock& clock = fabric->clock();
          sc_core::wait(clock.time_of(20));
          unsigned char data[64] = {};
          cpu.access(tlm::TLM_WRITE_COMMAND, 0x1000, data, 64, clock.period() * 10.0);
          out << clock.cycle() << " ";
          cpu.access(tlm::TLM_READ_COMMAND, 0x1000, data, 64);
          out << clock.cycle();
        },
        {}, sc_core::sc_time(7, sc_core::SC_NS));
    fabric = b.fabric;
    std::vector<Cycle> latencies;  // in order of delivery
    b.fabric->statistics().observe_deliveries([&latencies](const Packet&, Cycle latency) {
      latencies.push_back(latency);
    });
    sc_core::sc_start(b.fabric->clock().time_of(1000));
    for (const auto latency : latencies) out << " " << latency;
    out << " |";
    for (const auto flits : b.fabric->statistics().delivered_flits()) out << " " << flits;
    return out.str();
  });
  std::istringstream in(result);
  Cycle write_done = 0, read_done = 0, latency[4] = {};
  in >> write_done >> read_done >> latency[0] >> latency[1] >> latency[2] >> latency[3];
  // Request, response, request, response, in order of delivery; the memory's 7 cycles between.
  CHECK(write_done == 30 + latency[0] + 7 + latency[1]);
  CHECK(read_done == write_done + latency[2] + 7 + latency[3]);
  CHECK(latency[0] > latency[1]);  // 5 flits against 1 on the same 3-hop path
  CHECK(latency[3] > latency[2]);
  // Node 5 received 5 + 1 flits, node 0 1 + 5.
  CHECK(result.substr(result.find('|')) == "| 6 0 0 0 0 6 0 0 0 0 0 0 0 0 0 0");
}

TEST_CASE("transport_dbg reaches the target without time or traffic; there is no direct memory pointer",
          "[tlm]") {
  const std::string result = testing::in_child_process([] {
    std::ostringstream out;
    Bench b = build([&out](Initiator& cpu) {
      unsigned char data[4] = {};
      tlm::tlm_generic_payload p;
      p.set_command(tlm::TLM_READ_COMMAND);
      p.set_address(0x1020);
      p.set_data_ptr(data);
      p.set_data_length(4);
      out << cpu.socket->transport_dbg(p) << " " << int(data[2]) << " " << p.get_address() << " ";
      tlm::tlm_dmi dmi;
      out << cpu.socket->get_direct_mem_ptr(p, dmi) << " " << (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);
    });
    b.memory5->bytes[0x22] = 42;
    sc_core::sc_start(b.fabric->clock().time_of(100));
    out << " " << b.fabric->statistics().packets_created_total() << " " << b.memory5->addresses.at(0);
    return out.str();
  });
  CHECK(result == "4 42 4128 0 1 0 32");
}

TEST_CASE("a range whose target is not bound, and a burst longer than a packet may be, are refused", "[tlm]") {
  CHECK_THROWS_WITH(testing::in_child_process([] {
                      auto* fabric = new Fabric("fabric", load_platform_text(kPlatform));
                      auto* memory = new Memory("memory", 0x1000);
                      fabric->tlm_port(5).initiator_socket.bind(memory->socket);  // node 10 has none
                      sc_core::sc_start(fabric->clock().time_of(10));
                      return std::string();
                    }),
                    Catch::Contains("address_map.1.target: 0, but node 10 has 0 local targets bound"));
  // Under virtual cut-through a packet fits one 8-flit buffer: a header and 7 data flits of 16 bytes.
  const std::string result = testing::in_child_process([] {
    std::ostringstream out;
    Bench b = build(
        [&out](Initiator& cpu) {
          unsigned char data[128] = {};
          out << cpu.access(tlm::TLM_WRITE_COMMAND, 0x1000, data, 112) << " "
              << cpu.access(tlm::TLM_WRITE_COMMAND, 0x1000, data, 113);
        },
        {"router.switching=virtual_cut_through"});
    sc_core::sc_start(b.fabric->clock().time_of(500));
    return out.str();
  });
  CHECK(result == "1 -4");  // TLM_BURST_ERROR_RESPONSE = -4
}

TEST_CASE("a fabric without an address map has no TLM-2.0 ports, and says so", "[tlm]") {
  const std::string result = testing::in_child_process([] {
    auto* fabric = new Fabric("fabric", load_platform_text("network: {radix: 4, dimensions: 2}\n"));
    try {
      fabric->tlm_port(0);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  });
  CHECK_THAT(result, Catch::Contains("address_map: the platform has none"));
}

TEST_CASE("TLM-2.0 traffic and synthetic generators share the network in one run, and both are counted",
          "[tlm][experiment]") {
  const std::string result = testing::in_child_process([] {
    std::ostringstream out;
    int good = 0;
    Bench b = build([&good](Initiator& cpu) {
      for (int k = 0; k < 20; ++k) {  // 20 writes and 20 reads of 32 bytes, each read checked
        unsigned char written[32], read[32] = {};
        for (int i = 0; i < 32; ++i) written[i] = static_cast<unsigned char>(k + i);
        const bool ok = cpu.access(tlm::TLM_WRITE_COMMAND, 0x1000 + 32 * k, written, 32) == tlm::TLM_OK_RESPONSE &&
                        cpu.access(tlm::TLM_READ_COMMAND, 0x1000 + 32 * k, read, 32) == tlm::TLM_OK_RESPONSE;
        good += ok && std::memcmp(written, read, 32) == 0;
      }
    });
    // Every node but the CPU's generates uniform traffic; the experiment samples and checks it all.
    std::vector<NodeId> others;
    for (NodeId id = 1; id < 16; ++id) others.push_back(id);
    auto* experiment = new Experiment(
        "experiment", *b.fabric,
        load_stimulus_text("packet_length: 4\ninjection: {rate: 0.02}\n", b.fabric->platform()), others);
    experiment->run();
    const NetworkStatistics& st = b.fabric->statistics();
    out << experiment->status().reason << "|" << good << " " << st.created_packets()[0] << " "
        << (st.delivered_flits()[0] >= 80) << " " << (st.packets_created_total() > 40 + 200) << " "
        << (st.flits_delivered_total() >= st.delivered_flits()[0] + 40 * 3);
    return out.str();
  });
  // Node 0 created only the 40 requests; it received their 40 responses (20 of 1 flit for the
  // writes, 20 of 1 + 2 flits for the reads) besides the generators' packets, all counted.
  CHECK(result == "|20 40 1 1 1");
}

TEST_CASE("the target is handed the initiator's own payload, extensions and all, and the initiator sees what "
          "the target wrote in them", "[tlm]") {
  const std::string result = testing::in_child_process([] {
    std::ostringstream out;
    const tlm::tlm_generic_payload* sent = nullptr;
    Bench b = build([&](Initiator& cpu) {
      unsigned char data[16] = {1, 2, 3};
      tlm::tlm_generic_payload p;
      Probe probe;
      probe.asked = 20;
      p.set_extension(&probe);
      p.set_command(tlm::TLM_WRITE_COMMAND);
      p.set_address(0x1040);
      p.set_data_ptr(data);
      p.set_data_length(16);
      p.set_streaming_width(16);
      p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      sent = &p;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      cpu.socket->b_transport(p, delay);
      out << p.get_response_status() << " " << probe.answered << " " << std::hex << p.get_address() << std::dec;
      p.clear_extension(&probe);  // the initiator's own, on its stack
    });
    sc_core::sc_start(b.fabric->clock().time_of(500));
    out << " " << (b.memory5->payloads.size() == 1 && b.memory5->payloads[0] == sent) << " "
        << int(b.memory5->bytes[0x42]);
    return out.str();
  });
  // OK, 2 · 20 + 1 written by the target into the initiator's extension, the address restored; the
  // memory was handed the initiator's payload object itself and stored its data (byte 0x42 = 3).
  CHECK(result == "1 41 1040 1 3");
}

TEST_CASE("an idle network stops its clock: it ticks only while a transaction crosses it, and to the same cycle",
          "[tlm][timing]") {
  // 100,000 cycles, one 64-byte write at cycle 50,000. With the clock stopped while nothing is in
  // flight the network schedules no event per cycle; the write must finish in the same cycle as
  // with the clock kept ticking (as before an idle network stopped it).
  auto run = [](bool always_ticking) {
    return testing::in_child_process([always_ticking] {
      std::ostringstream out;
      Fabric* fabric = nullptr;
      Bench b = build(
          [&out, &fabric](Initiator& cpu) {
            sc_core::wait(fabric->clock().time_of(50000));
            unsigned char data[64] = {};
            out << cpu.access(tlm::TLM_WRITE_COMMAND, 0x1000, data, 64) << " " << fabric->clock().cycle();
          },
          {"simulation.cycles=100000"});
      fabric = b.fabric;
      if (always_ticking) fabric->clock().keep_awake();
      sc_core::sc_start(fabric->clock().time_of(99999));
      out << " " << fabric->clock().ticks();
      return out.str();
    });
  };
  std::istringstream gated(run(false)), ticking(run(true));
  int status[2];
  Cycle done[2];
  std::uint64_t ticks[2];
  gated >> status[0] >> done[0] >> ticks[0];
  ticking >> status[1] >> done[1] >> ticks[1];
  INFO("write finished at cycle " << done[0] << " (clock kept ticking: " << done[1] << "); ticks " << ticks[0]
                                  << " (" << ticks[1] << ")");
  CHECK(status[0] == 1);
  CHECK(done[0] == done[1]);
  CHECK(done[0] > 50000);
  CHECK(ticks[1] >= 99999);                 // a tick per cycle
  CHECK(ticks[0] >= done[0] - 50000 - 1);  // it ticked while the write crossed
  CHECK(ticks[0] < done[0] - 50000 + 10);  // and at almost no other time
}
