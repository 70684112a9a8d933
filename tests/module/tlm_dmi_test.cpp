// DMI through the interconnect (docs/tlm.md, "Timing (approximate mode)"): refused in cycle timing,
// where every access must cross the network; in approximate timing the target's grant reaches the
// initiator in the map's addresses, its latencies raised by the estimated round trip, and it is
// revoked when the platform switches back to cycle timing or the target withdraws it.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <icnsim/interconnect.h>

#include <cstring>
#include <functional>
#include <sstream>
#include <string>

#include "support/child_process.h"

namespace {

// 256 bytes that offer DMI over all of them (5 ns to read, 7 ns to write) and say so in every answer.
struct DmiMemory : sc_core::sc_module {
  tlm_utils::simple_target_socket<DmiMemory> socket{"socket"};
  unsigned char bytes[256] = {};
  explicit DmiMemory(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_b_transport(this, &DmiMemory::b_transport);
    socket.register_get_direct_mem_ptr(this, &DmiMemory::get_direct_mem_ptr);
  }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time&) {
    unsigned char* cell = bytes + p.get_address();
    if (p.is_write()) std::memcpy(cell, p.get_data_ptr(), p.get_data_length());
    else std::memcpy(p.get_data_ptr(), cell, p.get_data_length());
    p.set_dmi_allowed(true);
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
    dmi.set_dmi_ptr(bytes);
    dmi.set_start_address(0);
    dmi.set_end_address(sizeof bytes - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(sc_core::sc_time(5, sc_core::SC_NS));
    dmi.set_write_latency(sc_core::sc_time(7, sc_core::SC_NS));
    return true;
  }
};

// An initiator that records the DMI invalidations it hears.
struct Cpu : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Cpu> socket{"socket"};
  std::ostringstream heard;
  explicit Cpu(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_invalidate_direct_mem_ptr(this, &Cpu::invalidate);
  }
  void invalidate(sc_dt::uint64 start, sc_dt::uint64 end) {
    heard << std::hex << "[0x" << start << ",";
    if (end == ~sc_dt::uint64(0)) heard << "max] ";
    else heard << "0x" << end << "] ";
  }
  // A 16-byte read at `address`: the annotated delay, and whether the answer offered DMI.
  sc_core::sc_time read(std::uint64_t address, bool& hint) {
    unsigned char data[16];
    tlm::tlm_generic_payload p;
    p.set_command(tlm::TLM_READ_COMMAND);
    p.set_address(address);
    p.set_data_ptr(data);
    p.set_data_length(16);
    p.set_streaming_width(16);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(p, delay);
    hint = p.is_dmi_allowed();
    return delay;
  }
  bool direct(std::uint64_t address, tlm::tlm_dmi& dmi) {
    tlm::tlm_generic_payload p;
    p.set_command(tlm::TLM_READ_COMMAND);
    p.set_address(address);
    return socket->get_direct_mem_ptr(p, dmi);
  }
};

}  // namespace

TEST_CASE("DMI is granted in approximate timing with the estimated round trip added, revoked on the switch to cycle "
          "timing, and refused there", "[tlm][dmi]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Platform soc = icnsim::Platform::defaults();
    soc.set("network.radix", "4").set("simulation.warmup", "0").map(0x1000, 0x100, 5);
    icnsim::Interconnect noc("noc", soc);
    auto* memory = new DmiMemory("memory");
    auto* cpu = new Cpu("cpu");
    noc.initiator_socket(5).bind(memory->socket);
    cpu->socket.bind(noc.target_socket(0));
    std::ostringstream os;
    struct Steps : sc_core::sc_module {
      Steps(sc_core::sc_module_name name, std::function<void()> run) : sc_core::sc_module(name), run_(std::move(run)) {
        SC_HAS_PROCESS(Steps);
        SC_THREAD(body);
      }
      void body() { run_(); }
      std::function<void()> run_;
    };
    new Steps("steps", [&] {
      bool hint = true;
      tlm::tlm_dmi dmi;
      cpu->read(0x1010, hint);
      os << "cycle: hint " << hint << " granted " << cpu->direct(0x1010, dmi) << " denied from 0x" << std::hex
         << dmi.get_start_address() << std::dec << "; ";
      noc.set_timing(icnsim::Interconnect::Timing::approximate);
      const sc_core::sc_time annotated = cpu->read(0x1010, hint);
      const std::uint64_t packets = noc.packets_delivered();
      const bool granted = cpu->direct(0x1010, dmi);
      os << "approximate: hint " << hint << " granted " << granted << std::hex << " 0x" << dmi.get_start_address()
         << "-0x" << dmi.get_end_address() << std::dec << " read "
         << (dmi.get_read_latency() == annotated + sc_core::sc_time(5, sc_core::SC_NS))
         << " write " << (dmi.get_write_latency() > sc_core::sc_time(7, sc_core::SC_NS)) << "; ";
      // Through the pointer: the bytes are the memory's own, and nothing crosses the network.
      dmi.get_dmi_ptr()[0x20] = 42;
      os << "wrote " << int(memory->bytes[0x20]) << " packets " << (noc.packets_delivered() - packets) << "; ";
      memory->socket->invalidate_direct_mem_ptr(0x10, 0x1f);  // the target withdraws part of it
      noc.set_timing(icnsim::Interconnect::Timing::cycle);
      cpu->read(0x1010, hint);
      os << "heard " << cpu->heard.str() << "; cycle again: hint " << hint << " granted " << cpu->direct(0x1010, dmi);
    });
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    return os.str();
  });
  CHECK(out == "cycle: hint 0 granted 0 denied from 0x0; approximate: hint 1 granted 1 0x1000-0x10ff read 1 write 1; "
               "wrote 42 packets 0; heard [0x1010,0x101f] [0x0,max] ; cycle again: hint 0 granted 0");
}
