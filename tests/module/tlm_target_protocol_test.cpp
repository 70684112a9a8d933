// How a node calls its local targets (docs/tlm.md): through nb_transport_fw with the base
// protocol's four phases for a target that has no b_transport (tlm.target_protocol:
// approximately_timed), whose END_REQ held back holds the node's next request to it; and up to
// tlm.outstanding requests served at once.
#include <catch2/catch.hpp>

#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <icnsim/interconnect.h>

#include <cstring>
#include <sstream>

#include "support/child_process.h"

namespace {

// A memory with only the non-blocking interface: BEGIN_REQ is accepted, END_REQ follows after
// `accept`, BEGIN_RESP after `answer` more. b_transport is an error.
struct AtMemory : sc_core::sc_module, tlm::tlm_fw_transport_if<> {
  tlm::tlm_target_socket<32> socket{"socket"};
  unsigned char bytes[256] = {};
  sc_core::sc_time accept, answer;
  std::vector<double> begin_requests_ns;  // when each BEGIN_REQ came
  bool short_cut = false;                 // answer at once: TLM_UPDATED with BEGIN_RESP
  struct Job {
    tlm::tlm_generic_payload* payload;
    sc_core::sc_time at;
    bool end_request;
  };
  std::vector<Job> jobs;
  sc_core::sc_event job_added;

  AtMemory(sc_core::sc_module_name name, sc_core::sc_time a, sc_core::sc_time b) : sc_core::sc_module(name), accept(a), answer(b) {
    socket.bind(*this);
    SC_HAS_PROCESS(AtMemory);
    SC_THREAD(run);
  }
  void access(tlm::tlm_generic_payload& p) {
    unsigned char* cell = bytes + p.get_address();
    if (p.is_write()) std::memcpy(cell, p.get_data_ptr(), p.get_data_length());
    else std::memcpy(p.get_data_ptr(), cell, p.get_data_length());
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time&) override {
    if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
    REQUIRE(phase == tlm::BEGIN_REQ);
    begin_requests_ns.push_back(sc_core::sc_time_stamp().to_seconds() * 1e9);
    if (short_cut) {
      access(p);
      phase = tlm::BEGIN_RESP;
      return tlm::TLM_UPDATED;
    }
    jobs.push_back({&p, sc_core::sc_time_stamp() + accept, true});
    job_added.notify(sc_core::SC_ZERO_TIME);
    return tlm::TLM_ACCEPTED;
  }
  void run() {
    for (;;) {
      while (jobs.empty()) sc_core::wait(job_added);
      Job job = jobs.front();
      jobs.erase(jobs.begin());
      if (job.at > sc_core::sc_time_stamp()) sc_core::wait(job.at - sc_core::sc_time_stamp());
      sc_core::sc_time none = sc_core::SC_ZERO_TIME;
      tlm::tlm_phase phase = tlm::END_REQ;
      socket->nb_transport_bw(*job.payload, phase, none);
      sc_core::wait(answer);
      access(*job.payload);
      phase = tlm::BEGIN_RESP;
      REQUIRE(socket->nb_transport_bw(*job.payload, phase, none) == tlm::TLM_COMPLETED);
    }
  }
  void b_transport(tlm::tlm_generic_payload&, sc_core::sc_time&) override { FAIL("b_transport called on an AT-only target"); }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }
};

// A blocking memory that takes `latency` per access.
struct SlowMemory : sc_core::sc_module, tlm::tlm_fw_transport_if<> {
  tlm::tlm_target_socket<32> socket{"socket"};
  sc_core::sc_time latency;
  SlowMemory(sc_core::sc_module_name name, sc_core::sc_time l) : sc_core::sc_module(name), latency(l) { socket.bind(*this); }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time&) override {
    sc_core::wait(latency);
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) override {
    FAIL("nb_transport_fw called on a blocking target");
    return tlm::TLM_COMPLETED;
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }
};

// A blocking memory that keeps its bytes and counts its calls; nb_transport_fw is an error.
struct LtMemory : SlowMemory {
  unsigned char bytes[256] = {};
  int calls = 0;
  explicit LtMemory(sc_core::sc_module_name name) : SlowMemory(name, sc_core::sc_time(20, sc_core::SC_NS)) {}
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) override {
    ++calls;
    unsigned char* cell = bytes + p.get_address();
    if (p.is_write()) std::memcpy(cell, p.get_data_ptr(), p.get_data_length());
    else std::memcpy(p.get_data_ptr(), cell, p.get_data_length());
    SlowMemory::b_transport(p, delay);
  }
};

// Writes `value` to `address`, reads it back, and records when both ended.
struct Cpu : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Cpu> socket{"socket"};
  std::uint64_t address;
  unsigned char value;
  bool ok = false;
  double done_ns = 0;
  Cpu(sc_core::sc_module_name name, std::uint64_t a, unsigned char v) : sc_core::sc_module(name), address(a), value(v) {
    SC_HAS_PROCESS(Cpu);
    SC_THREAD(run);
  }
  bool access(tlm::tlm_command command, unsigned char* data) {
    tlm::tlm_generic_payload p;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    p.set_command(command);
    p.set_address(address);
    p.set_data_ptr(data);
    p.set_data_length(4);
    p.set_streaming_width(4);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(p, delay);
    return p.is_response_ok();
  }
  void run() {
    unsigned char out[4] = {value, value, value, value}, in[4] = {};
    ok = access(tlm::TLM_WRITE_COMMAND, out) && access(tlm::TLM_READ_COMMAND, in) && std::memcmp(in, out, 4) == 0;
    done_ns = sc_core::sc_time_stamp().to_seconds() * 1e9;
  }
};

icnsim::Platform four_by_four(const std::string& protocol, int outstanding) {
  icnsim::Platform p = icnsim::Platform::defaults("soc");
  p.set("network.radix", "4").set("simulation.warmup", "0").set("tlm.target_protocol", protocol)
      .set("tlm.outstanding", std::to_string(outstanding)).map(0x0, 0x100, 5);
  return p;
}

}  // namespace

TEST_CASE("a target with only nb_transport_fw is served with the four phases, its END_REQ holding the next request",
          "[tlm][target_protocol]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", four_by_four("approximately_timed", 2));
    auto* memory = new AtMemory("memory", sc_core::sc_time(100, sc_core::SC_NS), sc_core::sc_time(30, sc_core::SC_NS));
    noc.initiator_socket(5).bind(memory->socket);
    // Two processors, one hop apart from node 5 on either side, write at once to different words.
    auto* a = new Cpu("a", 0x10, 7);
    auto* b = new Cpu("b", 0x20, 9);
    a->socket.bind(noc.target_socket(4));
    b->socket.bind(noc.target_socket(6));
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    std::ostringstream os;
    os << a->ok << b->ok << ' ' << memory->begin_requests_ns.size();
    // Two requests arrive together, but the second BEGIN_REQ waits for the first's END_REQ (100 ns).
    double closest = 1e9;
    for (std::size_t i = 1; i < memory->begin_requests_ns.size(); ++i)
      closest = std::min(closest, memory->begin_requests_ns[i] - memory->begin_requests_ns[i - 1]);
    os << ' ' << (closest >= 100 - 1e-9);
    return os.str();
  });
  CHECK(out == "11 4 1");
}

TEST_CASE("a target answering BEGIN_REQ at once (TLM_UPDATED, BEGIN_RESP) is served too", "[tlm][target_protocol]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", four_by_four("approximately_timed", 1));
    auto* memory = new AtMemory("memory", sc_core::SC_ZERO_TIME, sc_core::SC_ZERO_TIME);
    memory->short_cut = true;
    noc.initiator_socket(5).bind(memory->socket);
    auto* a = new Cpu("a", 0x40, 3);
    a->socket.bind(noc.target_socket(0));
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    return std::to_string(a->ok) + " " + std::to_string(memory->begin_requests_ns.size());
  });
  CHECK(out == "1 2");
}

TEST_CASE("a node serves tlm.outstanding requests at once", "[tlm][target_protocol]") {
  // Two processors each write and read a memory that takes 1 us per access: served one at a time,
  // the later of them finishes about 4 us in; two at a time, about 2 us.
  auto finish = [](int outstanding) {
    return std::stod(icn::testing::in_child_process([outstanding] {
      icnsim::Interconnect noc("noc", four_by_four("blocking", outstanding));
      auto* memory = new SlowMemory("memory", sc_core::sc_time(1, sc_core::SC_US));
      noc.initiator_socket(5).bind(memory->socket);
      auto* a = new Cpu("a", 0x10, 1);
      auto* b = new Cpu("b", 0x20, 2);
      a->socket.bind(noc.target_socket(4));
      b->socket.bind(noc.target_socket(6));
      sc_core::sc_start(sc_core::sc_time(20, sc_core::SC_US));
      return std::to_string(std::max(a->done_ns, b->done_ns));
    }));
  };
  const double one = finish(1), two = finish(2);
  CHECK(one > 4000);
  CHECK(one < 4200);
  CHECK(two > 2000);
  CHECK(two < 2200);
}

namespace {
// One read of 64 bytes at `at`, returning its round trip in cycles: the time the call took plus what
// it annotated (approximate timing annotates instead of waiting).
struct Timed : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Timed> socket{"socket"};
  std::vector<std::pair<sc_core::sc_time, bool>> plan;  // when, and whether to switch to approximate first
  icnsim::Interconnect* noc = nullptr;
  std::vector<double> round_trips;
  std::vector<int> values;
  explicit Timed(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    SC_HAS_PROCESS(Timed);
    SC_THREAD(run);
  }
  void run() {
    unsigned char data[64] = {};
    for (std::size_t i = 0; i < plan.size(); ++i) {
      sc_core::wait(plan[i].first - sc_core::sc_time_stamp());
      noc->set_timing(plan[i].second ? icnsim::Interconnect::Timing::approximate : icnsim::Interconnect::Timing::cycle);
      tlm::tlm_generic_payload p;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      data[0] = std::uint8_t(40 + i);
      p.set_command(i % 2 == 0 ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      p.set_address(0x80);
      p.set_data_ptr(data);
      p.set_data_length(64);
      p.set_streaming_width(64);
      const sc_core::sc_time start = sc_core::sc_time_stamp();
      socket->b_transport(p, delay);
      sc_core::wait(delay);
      round_trips.push_back((sc_core::sc_time_stamp() - start) / noc->clock_period());
      values.push_back(data[0]);
    }
  }
};
}  // namespace

TEST_CASE("approximate timing annotates at zero load the round trip the cycle-accurate model takes, and switching "
          "between the two keeps every transaction's data",
          "[tlm][approximate]") {
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Interconnect noc("noc", four_by_four("approximately_timed", 1).set("tlm.timing", "cycle"));
    auto* memory = new AtMemory("memory", sc_core::SC_ZERO_TIME, sc_core::SC_ZERO_TIME);
    memory->short_cut = true;
    noc.initiator_socket(5).bind(memory->socket);
    auto* cpu = new Timed("cpu");
    cpu->noc = &noc;
    // Write and read back, cycle-accurate; then the same approximately; then a write approximately
    // read back cycle-accurately. Far apart: the network is idle for each.
    for (int i = 0; i < 6; ++i)
      cpu->plan.push_back({sc_core::sc_time(1 + 2 * i, sc_core::SC_US), i == 2 || i == 3 || i == 4});
    cpu->socket.bind(noc.target_socket(0));
    sc_core::sc_start(sc_core::sc_time(20, sc_core::SC_US));
    std::ostringstream os;
    for (double t : cpu->round_trips) os << t << ' ';
    os << "| ";
    for (int v : cpu->values) os << v << ' ';
    return os.str();
  });
  // Node 0 to node 5 on the 4x4 torus: 2 hops. A write carries 4 data flits out and comes back as a
  // header; a read goes as a header and comes back with 4.
  std::istringstream in(out);
  double t[6];
  for (double& v : t) in >> v;
  CHECK(t[2] == t[0]);  // the write, approximately and cycle-accurately
  CHECK(t[3] == t[1]);  // the read
  CHECK(t[4] == t[0]);
  CHECK_THAT(out, Catch::EndsWith("| 40 40 42 42 44 44 "));
}

TEST_CASE("LT and AT targets share a node, each called by its own protocol, and one target has one protocol",
          "[tlm][target_protocol]") {
  // tlm.target_protocol was one setting for the whole interconnect: an LT memory and an AT-only device
  // could not share a platform without socket conversion (issue 51). The slow memory fails the test
  // if it is called with nb_transport_fw, the AT memory if it is called with b_transport.
  const std::string out = icn::testing::in_child_process([] {
    icnsim::Platform soc = icnsim::Platform::defaults("soc");
    soc.set("network.radix", "4").set("simulation.warmup", "0")
        .map(0x000, 0x100, 5, 0)                           // the platform's way: blocking
        .map(0x100, 0x100, 5, 1, "approximately_timed");  // this target: the four phases
    icnsim::Interconnect noc("noc", soc);
    auto* lt = new LtMemory("lt");
    auto* at = new AtMemory("at", sc_core::sc_time(10, sc_core::SC_NS), sc_core::sc_time(10, sc_core::SC_NS));
    noc.initiator_socket(5).bind(lt->socket);
    noc.initiator_socket(5).bind(at->socket);
    auto* to_lt = new Cpu("to_lt", 0x010, 1);
    auto* to_at = new Cpu("to_at", 0x110, 7);
    to_lt->socket.bind(noc.target_socket(0));
    to_at->socket.bind(noc.target_socket(2));
    sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
    std::ostringstream os;
    os << to_lt->ok << to_at->ok << ' ' << lt->calls << ' ' << at->begin_requests_ns.size() << ' '
       << int(lt->bytes[0x10]) << ' ' << int(at->bytes[0x10]);
    return os.str();
  });
  // Each written and read back through its own protocol: two calls each.
  CHECK(out == "11 2 2 1 7");
  // Two ranges of one target that ask for two protocols are refused.
  const std::string refused = icn::testing::in_child_process([] {
    icnsim::Platform soc = icnsim::Platform::defaults("soc");
    soc.set("network.radix", "4").map(0x000, 0x100, 5, 0).map(0x100, 0x100, 5, 0, "approximately_timed");
    try {
      icnsim::Interconnect noc("noc", soc);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  });
  CHECK_THAT(refused, Catch::Contains("address_map.1.protocol: node 5's target 0 is called otherwise for address_map.0") &&
                          Catch::Contains("(allowed: one protocol per target)"));
}
