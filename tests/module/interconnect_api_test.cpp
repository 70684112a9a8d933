// The installed C++ interface beyond the sockets (docs/tlm.md, "The platform in code"): a platform
// and its address map built in code, node <-> coordinates, each node's controller state, and a
// measurement window the platform starts and stops.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <icnsim/interconnect.h>
#include <icnsim/version.h>

#include <cstring>
#include <sstream>

#include "support/child_process.h"
#include "support/tlm_memory.h"

namespace {

using icn::testing::Memory;

// Writes 16 bytes `count` times to address `address`, starting at `start`.
struct Writer : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Writer> socket{"socket"};
  sc_core::sc_time start;
  std::uint64_t address;
  int count;
  bool ok = true;
  Writer(sc_core::sc_module_name name, sc_core::sc_time s, std::uint64_t a, int n)
      : sc_core::sc_module(name), start(s), address(a), count(n) {
    SC_HAS_PROCESS(Writer);
    SC_THREAD(run);
  }
  void run() {
    sc_core::wait(start);
    unsigned char data[16] = {1, 2, 3};
    for (int i = 0; i < count; ++i) {
      tlm::tlm_generic_payload p;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      p.set_command(tlm::TLM_WRITE_COMMAND);
      p.set_address(address);
      p.set_data_ptr(data);
      p.set_data_length(16);
      p.set_streaming_width(16);
      p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      socket->b_transport(p, delay);
      ok = ok && p.is_response_ok();
    }
  }
};

// A 4x4 torus measured from cycle 0 whose node 5 serves addresses 0x00-0xff.
icnsim::Platform memory_at_node_5() {
  icnsim::Platform soc = icnsim::Platform::defaults();
  soc.set("network.radix", "4").set("simulation.warmup", "0").map(0x0, 0x100, 5);
  return soc;
}

}  // namespace

TEST_CASE("a platform built in code maps addresses range by range", "[tlm][api]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Platform soc = icnsim::Platform::defaults("soc");
    soc.set("network.radix", "4").set("simulation.warmup", "0").map(0x0, 0x100, 5).map(0x100, 0x100, 10);
    icnsim::Interconnect noc("noc", soc);
    auto* memory5 = new Memory("memory5");
    auto* memory10 = new Memory("memory10");
    noc.initiator_socket(5).bind(memory5->socket);
    noc.initiator_socket(10).bind(memory10->socket);
    auto* writer = new Writer("writer", sc_core::SC_ZERO_TIME, 0x104, 1);
    writer->socket.bind(noc.target_socket(0));
    sc_core::sc_start(sc_core::sc_time(2, sc_core::SC_US));
    std::ostringstream os;
    // 0x104 is byte 4 of node 10's range.
    os << noc.nodes() << ' ' << writer->ok << ' ' << int(memory10->bytes[4]) << int(memory10->bytes[5]) << ' '
       << int(memory5->bytes[4]);
    return os.str();
  });
  CHECK(out == "16 1 12 0");
}

TEST_CASE("Platform::map refuses a file that has its own address map, and a bad key names itself", "[tlm][api]") {
  const std::string out = icn::testing::in_child_process([] {
    std::string errors;
    try {
      icnsim::Interconnect noc("noc", icnsim::Platform::from_file(std::string(ICNSIM_SOURCE_DIR) + "/platforms/memory-vp.yaml")
                                          .map(0x100000, 0x100, 3));
    } catch (const std::runtime_error& e) {
      errors += std::string(e.what()) + "\n";
    }
    try {
      icnsim::Interconnect noc("noc2", icnsim::Platform::defaults().set("router.lanes", "4"));
    } catch (const std::runtime_error& e) {
      errors += std::string(e.what()) + "\n";
    }
    return errors;
  });
  CHECK_THAT(out, Catch::Contains("address_map: the platform already has one"));
  CHECK_THAT(out, Catch::Contains("router.lanes"));
}

TEST_CASE("node numbers and coordinates correspond as node = sum of c_d k^d", "[tlm][api]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", icnsim::Platform::defaults().set("network.radix", "4").set("network.dimensions", "3"));
    std::ostringstream os;
    const std::vector<unsigned> c = noc.coordinates(27);  // 27 = 3 + 2·4 + 1·16
    os << c.at(0) << c.at(1) << c.at(2) << ' ' << noc.node_at({3, 2, 1});
    bool round_trip = true;
    for (unsigned n = 0; n < noc.nodes(); ++n) round_trip = round_trip && noc.node_at(noc.coordinates(n)) == n;
    os << ' ' << round_trip;
    try {
      noc.node_at({4, 0, 0});
    } catch (const std::logic_error&) {
      os << " outside";
    }
    return os.str();
  });
  CHECK(out == "321 27 1 outside");
}

TEST_CASE("a node's controller state is readable: throttling and its telemetry", "[tlm][api]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", icnsim::Platform::defaults()
                                        .set("network.radix", "4")
                                        .set("congestion_control.type", "self_tuned"));
    sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_US));
    const icnsim::Interconnect::NodeState state = noc.node_state(3);
    std::ostringstream os;
    os << state.throttling;
    for (const auto& [name, value] : state.telemetry) os << ' ' << name;
    return os.str();
  });
  // An idle network: nobody throttles; the self-tuned controller reports its threshold and estimate.
  CHECK_THAT(out, Catch::StartsWith("0") && Catch::Contains(" threshold") && Catch::Contains(" estimate"));
}

TEST_CASE("the measurement window starts and stops when the platform says", "[tlm][api]") {
  // Five writes before the window opens at 5 us, five inside it, five after it closes at 10 us:
  // each is a request and a response packet, so the window holds 10 packets.
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", memory_at_node_5());
    auto* memory = new Memory("memory");
    noc.initiator_socket(5).bind(memory->socket);
    auto* before = new Writer("before", sc_core::SC_ZERO_TIME, 0, 5);
    auto* inside = new Writer("inside", sc_core::sc_time(6, sc_core::SC_US), 0, 5);
    auto* after = new Writer("after", sc_core::sc_time(12, sc_core::SC_US), 0, 5);
    before->socket.bind(noc.target_socket(0));
    inside->socket.bind(noc.target_socket(0));
    after->socket.bind(noc.target_socket(0));
    sc_core::sc_start(sc_core::sc_time(5, sc_core::SC_US));
    const std::uint64_t at_start = noc.packets_delivered();
    noc.start_measurement();
    sc_core::sc_start(sc_core::sc_time(5, sc_core::SC_US));
    noc.stop_measurement();
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    std::ostringstream os;
    os << at_start << ' ' << noc.packets_delivered();
    return os.str();
  });
  CHECK(out == "10 10");
}

TEST_CASE("the version header agrees with the library", "[tlm][api]") {
  CHECK(std::string(icnsim::version()) == ICNSIM_VERSION_STRING);
  CHECK(ICNSIM_VERSION_NUMBER == ICNSIM_MAKE_VERSION(ICNSIM_VERSION_MAJOR, ICNSIM_VERSION_MINOR, ICNSIM_VERSION_PATCH));
}

TEST_CASE("icnsim's own traffic runs beside the platform's IP and its completion does not stop the simulation",
          "[tlm][api]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", memory_at_node_5());
    auto* memory = new Memory("memory");
    noc.initiator_socket(5).bind(memory->socket);
    auto* writer = new Writer("writer", sc_core::SC_ZERO_TIME, 0x10, 20);
    writer->socket.bind(noc.target_socket(0));
    // Nodes 1, 2 and 3 send ten 8-flit packets each, uniform, as fast as the network takes them.
    noc.add_traffic_yaml("packet_length: 8\ninjection: {process: burst, packets: 10}\n"
                         "phases:\n  - {name: burst, end: {drain: true}}\n", {1, 2, 3});
    std::string second;
    try {
      noc.add_traffic_yaml("injection: {rate: 0.01}\n");
    } catch (const std::logic_error&) {
      second = "once";
    }
    sc_core::sc_start(sc_core::sc_time(20, sc_core::SC_US));
    std::ostringstream os;
    // 20 writes = 40 packets of the platform's, 30 of the generators'; the simulation ran its 20 us.
    os << writer->ok << ' ' << noc.packets_delivered() << ' ' << (sc_core::sc_time_stamp() == sc_core::sc_time(20, sc_core::SC_US))
       << ' ' << second;
    return os.str();
  });
  CHECK(out == "1 70 1 once");
}

TEST_CASE("add_traffic refuses bad input with one line", "[tlm][api]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", icnsim::Platform::defaults().set("network.radix", "4"));
    try {
      noc.add_traffic_yaml("pattern: {type: uniform}\n", {99});
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  });
  CHECK_THAT(out, Catch::Contains("node 99 is not a node of this fabric"));
}

TEST_CASE("a network embedded in a platform has no end of its own: its traffic and statistics go on past "
          "simulation.cycles", "[tlm][api]") {
  // A command-line run ends at simulation.cycles (60,000 by default: 60 us at 1 GHz); the library
  // inherited it, so after 60 us the statistics froze and add_traffic's generators stopped while
  // the platform ran on (issue 51).
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", memory_at_node_5());
    auto* memory = new Memory("memory");
    noc.initiator_socket(5).bind(memory->socket);
    noc.add_traffic_yaml("packet_length: 4\ninjection: {rate: 0.02}\n");
    std::ostringstream os;
    for (int us : {50, 50, 100, 200}) {  // to 50, 100, 200 and 400 us
      sc_core::sc_start(sc_core::sc_time(us, sc_core::SC_US));
      os << noc.packets_delivered() << ' ';
    }
    return os.str();
  });
  std::istringstream in(out);
  double at50, at100, at200, at400;
  in >> at50 >> at100 >> at200 >> at400;
  INFO(out);
  // 16 nodes x 0.02 packets per cycle: about 320 packets per microsecond... per 1,000 cycles, 320.
  CHECK(at50 == Approx(50 * 320).epsilon(0.1));
  CHECK(at100 - at50 == Approx(at50).epsilon(0.1));
  CHECK(at200 - at100 == Approx(2 * at50).epsilon(0.1));
  CHECK(at400 - at200 == Approx(4 * at50).epsilon(0.1));
}
