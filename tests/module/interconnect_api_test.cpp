// The installed C++ interface beyond the sockets (docs/tlm.md, "The platform in code"): a platform
// and its address map built in code, node <-> coordinates, each node's controller state, and a
// measurement window the platform starts and stops.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <icnsim/interconnect.h>
#include <icnsim/version.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <unistd.h>

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

// The platform given, with a memory bound at node 5, as an interconnect to add IP or traffic to (kept
// for the child process's life, like the IP).
icnsim::Interconnect& network_with_memory(const icnsim::Platform& platform) {
  auto* noc = new icnsim::Interconnect("noc", platform);
  noc->initiator_socket(5).bind((new Memory("memory"))->socket);
  return *noc;
}

// Flits over every network link in the measurement window.
std::uint64_t link_flits(const icnsim::Interconnect::Statistics& s) {
  std::uint64_t flits = 0;
  for (const auto& link : s.links) flits += link.flits;
  return flits;
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
      icnsim::Interconnect noc("noc2", icnsim::Platform::defaults().set("router.VCs", "4"));
    } catch (const std::runtime_error& e) {
      errors += std::string(e.what()) + "\n";
    }
    return errors;
  });
  CHECK_THAT(out, Catch::Contains("address_map: the platform already has one"));
  CHECK_THAT(out, Catch::Contains("router.VCs"));
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
    const icnsim::Interconnect::Statistics s = noc.statistics();
    os << at_start << ' ' << noc.packets_delivered() << ' ' << s.window_from << '+' << s.window_cycles << ' '
       << link_flits(s);
    return os.str();
  });
  // The window is cycles 4999 to 9998 (the platform's calls fall in those cycles); its five writes
  // put 30 flits on the links: a 2-flit request and a 1-flit response, 2 hops each.
  CHECK(out == "10 10 4999+5000 30");
}

TEST_CASE("a platform reads everything measured so far from C++: typed, with percentiles, per node, per link and "
          "the time series, and as the JSON result the icnsim command writes", "[tlm][api]") {
  // The statistics API had three counters (issue 51).
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect& noc = network_with_memory(memory_at_node_5());
    auto* writer = new Writer("writer", sc_core::SC_ZERO_TIME, 0, 10);
    writer->socket.bind(noc.target_socket(0));
    std::ostringstream os;
    try {
      noc.statistics();
    } catch (const std::logic_error&) {
      os << "early ";
    }
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    const icnsim::Interconnect::Statistics s = noc.statistics();
    std::uint64_t links_used = 0;
    for (const auto& link : s.links) links_used += link.flits > 0;
    os << s.packets_delivered << ' ' << s.latency.packets << ' '
       << (s.latency.p50 > 0 && s.latency.p50 <= s.latency.p99 && s.latency.p99 <= s.latency.max) << ' '
       << (s.network_latency.mean < s.latency.mean) << ' ' << s.estimated_latency.packets << ' '
       << s.injected_flits.at(0) << ' ' << s.delivered_flits.at(5) << ' ' << s.delivered_flits.at(0) << ' '
       << s.links.size() << ' ' << link_flits(s) << ' ' << links_used << ' ';
    bool increasing = !s.series.empty();
    for (std::size_t i = 1; i < s.series.size(); ++i) increasing = increasing && s.series[i].cycle > s.series[i - 1].cycle;
    os << increasing << ' ' << (s.series.front().accepted > 0) << ' ';
    const nlohmann::json result = nlohmann::json::parse(noc.result_json());
    os << result["packets"]["delivered"] << ' ' << result["latency"]["count"] << ' '
       << (result["latency"]["p99"] == s.latency.p99) << ' ' << result["per_node"]["delivered_flits"][5] << ' '
       << (result["window"]["measured_cycles"] == s.window_cycles) << ' ' << result["stimulus"]["name"] << ' '
       << (result["time_series"]["cycle"].size() == s.series.size()) << ' ' << result.contains("estimated");
    return os.str();
  });
  // Ten 16-byte writes from node 0 to node 5 on a 4x4 torus, 2 hops each way: 20 packets; node 0
  // injects 10 requests of 2 flits, node 5 gets them and returns 10 one-flit responses; 4 links of
  // the 64 carry 60 flits.
  CHECK(out == "early 20 20 1 1 0 20 20 10 64 60 4 1 1 20 20 1 20 1 \"none\" 1 0");
}

TEST_CASE("the network of a platform without traffic of its own samples while its IP sends, sleeps between, and "
          "lets the simulation end when the IP is done", "[tlm][api]") {
  // A sampler that ran every 1,000 cycles for ever would keep sc_start() from returning.
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect& noc = network_with_memory(memory_at_node_5());
    auto* first = new Writer("first", sc_core::SC_ZERO_TIME, 0, 5);
    auto* second = new Writer("second", sc_core::sc_time(200, sc_core::SC_US), 0, 5);
    first->socket.bind(noc.target_socket(0));
    second->socket.bind(noc.target_socket(3));
    sc_core::sc_start();  // until nothing is left to do
    const icnsim::Interconnect::Statistics s = noc.statistics();
    std::ostringstream os;
    os << (sc_core::sc_time_stamp() < sc_core::sc_time(202, sc_core::SC_US)) << ' ' << s.packets_delivered << ' '
       << (!s.series.empty() && s.series.size() <= 4) << ' ' << (!s.series.empty() && s.series.back().cycle >= 200000);
    return os.str();
  });
  // A sample at the end of each burst's first 1,000 cycles, and none in the 200 idle microseconds.
  CHECK(out == "1 20 1 1");
}

TEST_CASE("approximate transactions appear apart in the typed statistics and the JSON result", "[tlm][api]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect& noc = network_with_memory(memory_at_node_5());
    auto* writer = new Writer("writer", sc_core::SC_ZERO_TIME, 0, 10);
    writer->socket.bind(noc.target_socket(0));
    noc.set_timing(icnsim::Interconnect::Timing::approximate);
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    const icnsim::Interconnect::Statistics s = noc.statistics();
    const nlohmann::json result = nlohmann::json::parse(noc.result_json());
    std::ostringstream os;
    os << s.packets_delivered << ' ' << s.latency.packets << ' ' << std::isnan(s.latency.mean) << ' '
       << s.estimated_latency.packets << ' ' << (s.estimated_latency.mean > 0) << ' ' << s.flits_delivered << ' '
       << result["estimated"]["packets"] << ' ' << result["estimated"]["latency"]["count"] << ' '
       << result["latency"]["count"];
    return os.str();
  });
  CHECK(out == "20 0 1 20 1 30 20 20 0");
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
    icnsim::Interconnect& noc = network_with_memory(memory_at_node_5());
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
  // 16 nodes x 0.02 packets per cycle: 320 packets per 1,000 cycles (a microsecond).
  CHECK(at50 == Approx(50 * 320).epsilon(0.1));
  CHECK(at100 - at50 == Approx(at50).epsilon(0.1));
  CHECK(at200 - at100 == Approx(2 * at50).epsilon(0.1));
  CHECK(at400 - at200 == Approx(4 * at50).epsilon(0.1));
}

TEST_CASE("a platform engineer finds what the interconnect made by name: bridges are their node's, named by side "
          "and width, links by router and port", "[tlm][api]") {
  // Bridges were top-level icnsim_bridge_0..3 and links noc.link_flit_17 (issue 51).
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect& noc = network_with_memory(memory_at_node_5());
    struct Ip : sc_core::sc_module {  // two 64-bit initiators at node 0, a 256-bit target at node 5
      tlm_utils::simple_initiator_socket<Ip, 64> cpu0{"cpu0"}, cpu1{"cpu1"};
      tlm_utils::simple_target_socket<Ip, 256> wide{"wide"};
      explicit Ip(sc_core::sc_module_name name) : sc_core::sc_module(name) {}
    };
    auto* ip = new Ip("ip");
    ip->cpu0.bind(noc.target_socket<64>(0));
    ip->cpu1.bind(noc.target_socket<64>(0));
    noc.initiator_socket<256>(5).bind(ip->wide);
    std::ostringstream os;
    std::function<void(const sc_core::sc_object&, int)> visit = [&](const sc_core::sc_object& o, int depth) {
      const std::string base = o.basename();
      if ((depth == 0 && base.rfind("icnsim", 0) == 0) || base.rfind("link_flit_", 0) == 0 ||
          base.rfind("link_credit_", 0) == 0)
        os << "positional: " << o.name() << ' ';
      for (const auto* child : o.get_child_objects()) visit(*child, depth + 1);
    };
    for (const auto* top : sc_core::sc_get_top_level_objects()) visit(*top, 0);
    for (const char* name : {"noc.node_0.target_64", "noc.node_0.target_64_1", "noc.node_5.initiator_256",
                             "noc.node_5.router.x_plus_flit", "noc.node_5.router.y_minus_credit"})
      os << (sc_core::sc_find_object(name) ? 1 : 0);
    return os.str();
  });
  CHECK(out == "11111");
}

TEST_CASE("a node's TLM-2.0 port has threads only for what is bound to it", "[tlm][api]") {
  // Every node had three port threads (each a kernel thread stack) even with nothing bound (issue 51).
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", memory_at_node_5());
    auto* memory = new Memory("memory");
    noc.initiator_socket(5).bind(memory->socket);  // node 5: a local target
    auto* writer = new Writer("writer", sc_core::SC_ZERO_TIME, 0, 1);
    writer->socket.bind(noc.target_socket(0));      // node 0: a local initiator
    sc_core::sc_start(sc_core::SC_ZERO_TIME);        // through the end of elaboration
    std::ostringstream os;
    for (int node : {0, 5, 3}) {
      int threads = 0;
      for (const auto* child : sc_core::sc_find_object(("noc.tlm_port_" + std::to_string(node)).c_str())
                                   ->get_child_objects())
        threads += std::string(child->kind()) == "sc_thread_process";
      os << threads << ' ';
    }
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    os << writer->ok << ' ' << noc.packets_delivered();
    return os.str();
  });
  // Node 0 accepts requests and returns responses; node 5 serves (tlm.outstanding = 1); node 3 idles.
  CHECK(out == "2 1 0 1 2");
}

TEST_CASE("transactions timed approximately are counted with their estimated latencies, marked as estimated",
          "[tlm][api]") {
  // An approximate-only platform reported 0 packets and a NaN latency: the network never carried them.
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect& noc = network_with_memory(memory_at_node_5());
    auto* writer = new Writer("writer", sc_core::SC_ZERO_TIME, 0, 10);
    writer->socket.bind(noc.target_socket(0));
    noc.set_timing(icnsim::Interconnect::Timing::approximate);
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    std::ostringstream os;
    const double approximate = noc.mean_packet_latency();
    os << writer->ok << ' ' << noc.packets_delivered() << ' ' << noc.packets_estimated() << ' '
       << (approximate > 5 && approximate < 50) << ' ' << noc.flits_delivered();
    return os.str();
  });
  // Ten writes of 16 bytes: a request of a header and a data flit, a response of one flit each.
  CHECK(out == "1 20 20 1 30");
}

TEST_CASE("tlm.trace writes every transaction as a complete trace event, cycle-timed or approximate, and its packets",
          "[tlm][api]") {
  const std::string path = "/tmp/icnsim-trace-" + std::to_string(::getpid()) + ".json";
  icn::testing::in_child_process([path] {
    icnsim::Platform soc = memory_at_node_5();
    soc.set("tlm.trace", path).set("tlm.trace_packets", "true");
    icnsim::Interconnect& noc = network_with_memory(soc);
    auto* cycle = new Writer("cycle", sc_core::SC_ZERO_TIME, 0x10, 6);  // simulated packet by packet
    auto* later = new Writer("later", sc_core::sc_time(6, sc_core::SC_US), 0x20, 4);  // after the switch
    cycle->socket.bind(noc.target_socket(0));
    later->socket.bind(noc.target_socket(0));
    sc_core::sc_start(sc_core::sc_time(5, sc_core::SC_US));
    noc.set_timing(icnsim::Interconnect::Timing::approximate);
    sc_core::sc_start(sc_core::sc_time(5, sc_core::SC_US));
    noc.close_trace();
    return std::string();
  });
  std::ifstream in(path);
  const nlohmann::json trace = nlohmann::json::parse(in);  // throws if the file is not JSON
  std::remove(path.c_str());
  int cycle = 0, approximate = 0, packets = 0, tracks = 0;
  for (const auto& e : trace) {
    if (e["ph"] == "M") {  // a track's name, before its first event (scripts/trace_events.py checks the format)
      ++tracks;
      CHECK(e["name"] == "thread_name");
      continue;
    }
    CHECK(e["ph"] == "X");
    CHECK(e["dur"].get<double>() > 0);
    if (e["cat"] != "transaction") {
      ++packets;
      continue;
    }
    CHECK(e["args"]["initiator"] == 0);
    CHECK(e["args"]["target_node"] == 5);
    CHECK(e["args"]["size"] == 16);
    CHECK(e["args"]["command"] == "write");
    CHECK(e["args"]["status"] == "ok");
    if (e["args"]["mode"] == "cycle") {
      ++cycle;
      CHECK(e["args"]["address"] == 0x10);
      CHECK(e["args"]["hops"] == 4);  // 0 -> 5 on a 4x4 torus: 2 hops there, 2 back
    } else {
      ++approximate;
      CHECK(e["args"]["mode"] == "approximate");
      CHECK(e["args"]["address"] == 0x20);
    }
  }
  CHECK(cycle == 6);
  CHECK(approximate == 4);
  CHECK(packets == 12);  // the simulated transactions' requests and responses
  // Node 0's and node 5's packets one at a time; node 0's transactions one at a time while simulated,
  // but the approximate ones, issued without waiting out their annotated round trips, all overlap:
  // four VCs of transactions.
  CHECK(tracks == 2 + 4);
}

TEST_CASE("without tlm.trace no trace file is written", "[tlm][api]") {
  // The same traffic, run in a folder of its own: the folder stays empty.
  const std::string folder = "/tmp/icnsim-no-trace-" + std::to_string(::getpid());
  std::filesystem::create_directories(folder);
  icn::testing::in_child_process([folder] {
    if (::chdir(folder.c_str()) != 0) return std::string("chdir failed");
    icnsim::Interconnect& noc = network_with_memory(memory_at_node_5());
    auto* writer = new Writer("writer", sc_core::SC_ZERO_TIME, 0x10, 6);
    writer->socket.bind(noc.target_socket(0));
    sc_core::sc_start(sc_core::sc_time(5, sc_core::SC_US));
    noc.close_trace();
    return std::string();
  });
  CHECK(std::filesystem::is_empty(folder));
  std::filesystem::remove_all(folder);
}

TEST_CASE("a platform built in code counts from time zero, serves every request as it arrives, and a bad node index "
          "is one line", "[tlm][api]") {
  // Bus-like defaults: the command line's 10,000-cycle warm-up left packets_delivered() at 0 in a
  // short platform; tlm.outstanding 0 serves every request as it arrives.
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Platform soc = icnsim::Platform::defaults();
    soc.set("network.radix", "4").map(0x0, 0x100, 5);
    icnsim::Interconnect& noc = network_with_memory(soc);
    std::ostringstream os;
    try {
      noc.target_socket(16);
    } catch (const std::runtime_error& e) {
      os << e.what() << '\n';
    }
    auto* writer = new Writer("writer", sc_core::SC_ZERO_TIME, 0, 3);
    writer->socket.bind(noc.target_socket(0));
    sc_core::sc_start();
    os << noc.packets_delivered() << ' ' << noc.statistics().window_from;
    return os.str();
  });
  CHECK(out == "node 16: not a node of this 4-ary 2-cube torus (allowed: 0..15)\n6 0");
}
