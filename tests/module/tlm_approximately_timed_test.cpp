// The approximately timed base protocol on a node's TLM-2.0 port (docs/tlm.md): BEGIN_REQ,
// END_REQ (withheld while the source queue is full or the congestion controller throttles),
// BEGIN_RESP when the response arrives, END_RESP from the initiator.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstring>
#include <sstream>

#include "congestion/congestion_controller.h"
#include "fabric.h"
#include "support/child_process.h"
#include "support/tlm_memory.h"

using namespace icn;

namespace {

// A controller for tests: throttles every packet before cycle `until`.
class ScriptedThrottle final : public CongestionController {
 public:
  ScriptedThrottle(sc_core::sc_module_name name, Cycle until) : CongestionController(name), until_(until) {}
  bool may_inject(const Packet&, Cycle now) override {
    if (now >= until_) return true;
    count_throttled_cycle(now);
    return false;
  }
  bool throttling(Cycle now) const override { return now < until_; }

 private:
  const Cycle until_;
};

const Registration<ControllerRegistry> registration{{
    "scripted_throttle", "tests only: throttles until a given cycle",
    {ParameterSpec::integer("until", 0, 0, 1000000, "the first cycle it lets packets go")},
    [](sc_core::sc_module_name name, const ControllerContext& c) {
      return std::make_unique<ScriptedThrottle>(name, Cycle(c.parameters.integer("until")));
    }}};

struct MemoryManager : tlm::tlm_mm_interface {
  int released = 0;
  void free(tlm::tlm_generic_payload* p) override {
    ++released;
    p->reset();
  }
};

using icn::testing::Memory;

// Issues its transactions with BEGIN_REQ, the next only after the previous END_REQ, and ends each
// response `end_after` cycles after BEGIN_RESP. Logs every phase with its cycle.
struct AtInitiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<AtInitiator> socket{"socket"};
  CycleClock& clock;
  Cycle start;
  struct Access {
    tlm::tlm_command command;
    sc_dt::uint64 address;
    unsigned char fill;  // the bytes a write writes
  };
  std::vector<Access> program;
  int end_after;
  MemoryManager mm;
  std::vector<tlm::tlm_generic_payload*> payloads;
  std::vector<unsigned char> data;
  std::ostringstream log;
  sc_core::sc_event end_request, begin_response;
  tlm::tlm_generic_payload* responding = nullptr;

  AtInitiator(sc_core::sc_module_name name, CycleClock& c, Cycle s, std::vector<Access> p, int e)
      : sc_core::sc_module(name), clock(c), start(s), program(std::move(p)), end_after(e), data(program.size() * 4) {
    socket.register_nb_transport_bw(this, &AtInitiator::nb_transport_bw);
    SC_HAS_PROCESS(AtInitiator);
    SC_THREAD(issue);
    SC_THREAD(end_responses);
  }
  ~AtInitiator() override {
    for (auto* p : payloads) delete p;
  }
  void issue() {
    sc_core::wait(clock.time_of(start));
    for (std::size_t i = 0; i < program.size(); ++i) {
      auto* p = new tlm::tlm_generic_payload(&mm);
      payloads.push_back(p);
      p->acquire();
      std::memset(&data[i * 4], program[i].fill, 4);
      p->set_command(program[i].command);
      p->set_address(program[i].address);
      p->set_data_ptr(&data[i * 4]);
      p->set_data_length(4);
      p->set_streaming_width(4);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      log << "BEGIN_REQ" << i << "@" << clock.cycle() << " ";
      const tlm::tlm_sync_enum reply = socket->nb_transport_fw(*p, phase, delay);
      if (reply == tlm::TLM_COMPLETED) {
        log << "COMPLETED" << i << ":" << p->get_response_status() << " ";
        p->release();
        continue;
      }
      sc_core::wait(end_request);
    }
  }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time&) {
    const std::size_t i = std::size_t(std::find(payloads.begin(), payloads.end(), &p) - payloads.begin());
    if (phase == tlm::END_REQ) {
      log << "END_REQ" << i << "@" << clock.cycle() << " ";
      end_request.notify(sc_core::SC_ZERO_TIME);
      return tlm::TLM_ACCEPTED;
    }
    log << "BEGIN_RESP" << i << "@" << clock.cycle() << ":" << p.get_response_status() << ":" << int(data[i * 4]) << " ";
    if (end_after == 0) {  // ends it on the spot
      p.release();
      phase = tlm::END_RESP;
      return tlm::TLM_UPDATED;
    }
    responding = &p;
    begin_response.notify(clock.period() * double(end_after));
    return tlm::TLM_ACCEPTED;
  }
  void end_responses() {
    for (;;) {
      sc_core::wait(begin_response);
      tlm::tlm_generic_payload* p = responding;
      tlm::tlm_phase phase = tlm::END_RESP;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      log << "END_RESP@" << clock.cycle() << " ";
      socket->nb_transport_fw(*p, phase, delay);
      p->release();
    }
  }
};

const char* const kPlatform = R"(network: {radix: 4, dimensions: 2}
simulation: {cycles: 2000, warmup: 0}
address_map:
  - {base: 0x100, size: 0x100, node: 5}
)";

std::string run_at(const std::vector<std::string>& sets, int end_after, std::vector<AtInitiator::Access> program) {
  return testing::in_child_process([&] {
    auto* fabric = new Fabric("fabric", load_platform_text(kPlatform, sets));
    auto* memory = new Memory("memory");
    auto* cpu = new AtInitiator("cpu", fabric->clock(), 20, program, end_after);
    cpu->socket.bind(fabric->tlm_port(0).target_socket);
    fabric->tlm_port(5).initiator_socket.bind(memory->socket);
    sc_core::sc_start(fabric->clock().time_of(1000));
    cpu->log << "released " << cpu->mm.released;
    return cpu->log.str();
  });
}

}  // namespace

TEST_CASE("the four phases come in order and the data read back is the data written", "[tlm][at]") {
  const std::string log = run_at({}, 3, {{tlm::TLM_WRITE_COMMAND, 0x108, 0x5a}, {tlm::TLM_READ_COMMAND, 0x108, 0}});
  // END_REQ in the cycle the request is created; BEGIN_RESP when the response has arrived, with the
  // data (a read of the 0x5a written before); the second BEGIN_RESP only after the first END_RESP.
  INFO(log);
  CHECK(log.find("BEGIN_REQ0@20 END_REQ0@20 BEGIN_REQ1@20 END_REQ1@20 ") == 0);
  const auto first = log.find("BEGIN_RESP0@"), second = log.find("BEGIN_RESP1@");
  REQUIRE(first != std::string::npos);
  REQUIRE(second != std::string::npos);
  CHECK(log.find("END_RESP@", first) < second);
  CHECK(log.find(":1:90 ", second) != std::string::npos);  // TLM_OK_RESPONSE, 0x5a
  CHECK(log.find("released 2") != std::string::npos);     // every payload handed back
}

TEST_CASE("END_REQ is withheld while the congestion controller throttles the node", "[tlm][at]") {
  const auto end_request = [](const std::string& log) {
    const auto at = log.find("END_REQ0@");
    return at == std::string::npos ? -1 : std::stoi(log.substr(at + 9));
  };
  // Control: a controller that never throttles lets the request go in its own cycle.
  const std::string free = run_at({"congestion_control.type=scripted_throttle", "congestion_control.until=0"}, 0,
                                  {{tlm::TLM_WRITE_COMMAND, 0x100, 1}});
  const std::string held = run_at({"congestion_control.type=scripted_throttle", "congestion_control.until=300"}, 0,
                                  {{tlm::TLM_WRITE_COMMAND, 0x100, 1}});
  INFO(free << "\n" << held);
  CHECK(end_request(free) == 20);
  CHECK(end_request(held) == 300);
  CHECK(held.find("BEGIN_RESP0@") != std::string::npos);
}

TEST_CASE("END_REQ is withheld while the node's source queue is full", "[tlm][at]") {
  // With a queue of one packet, the second request waits until the first packet has left the queue.
  const auto end_requests = [](const std::string& log) {
    const auto a = log.find("END_REQ0@"), b = log.find("END_REQ1@");
    return std::to_string(std::stoi(log.substr(a + 9))) + " " + std::to_string(std::stoi(log.substr(b + 9)));
  };
  const std::string deep = run_at({}, 0, {{tlm::TLM_WRITE_COMMAND, 0x100, 1}, {tlm::TLM_WRITE_COMMAND, 0x104, 2}});
  const std::string shallow = run_at({"tlm.queue_depth=1"}, 0, {{tlm::TLM_WRITE_COMMAND, 0x100, 1}, {tlm::TLM_WRITE_COMMAND, 0x104, 2}});
  INFO(deep << "\n" << shallow);
  CHECK(end_requests(deep) == "20 20");
  // The first packet leaves the queue in cycle 21; requests see the queue as it was when a cycle began.
  CHECK(end_requests(shallow) == "20 22");
}

TEST_CASE("an approximately timed request to an unmapped address completes at once with an error", "[tlm][at]") {
  const std::string log = run_at({}, 0, {{tlm::TLM_WRITE_COMMAND, 0x300, 1}, {tlm::TLM_WRITE_COMMAND, 0x104, 2}});
  INFO(log);
  // TLM_ADDRESS_ERROR_RESPONSE = -2; the next request goes on as usual.
  CHECK(log.find("BEGIN_REQ0@20 COMPLETED0:-2 BEGIN_REQ1@20 END_REQ1@20 ") == 0);
  CHECK(log.find("BEGIN_RESP1@") != std::string::npos);
}

TEST_CASE("a protocol violation stops the model with an icnsim/model_error report a platform's handler sees",
          "[tlm][at]") {
  const std::string result = testing::in_child_process([] {
    static std::string seen;
    sc_core::sc_report_handler::set_handler([](const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
      seen += std::string(report.get_msg_type()) + " ";
      sc_core::sc_report_handler::default_handler(report, actions & ~sc_core::SC_DISPLAY);
    });
    auto* fabric = new Fabric("fabric", load_platform_text(kPlatform));
    auto* memory = new Memory("memory");
    // END_REQ comes from a target, never from an initiator.
    auto* cpu = new AtInitiator("cpu", fabric->clock(), 20, {}, 0);
    cpu->socket.bind(fabric->tlm_port(0).target_socket);
    fabric->tlm_port(5).initiator_socket.bind(memory->socket);
    struct Violation : sc_core::sc_module {
      AtInitiator& cpu;
      Violation(sc_core::sc_module_name name, AtInitiator& c) : sc_core::sc_module(name), cpu(c) {
        SC_HAS_PROCESS(Violation);
        SC_THREAD(run);
      }
      void run() {
        sc_core::wait(cpu.clock.time_of(5));
        tlm::tlm_generic_payload p;
        tlm::tlm_phase phase = tlm::END_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        cpu.socket->nb_transport_fw(p, phase, delay);
      }
    };
    new Violation("violation", *cpu);
    try {
      sc_core::sc_start(fabric->clock().time_of(100));
    } catch (const sc_core::sc_report& report) {
      return seen + "| " + report.get_msg();
    }
    return seen + "| no stop";
  });
  CHECK_THAT(result, Catch::StartsWith("icnsim/model_error |"));
  CHECK_THAT(result, Catch::Contains("nb_transport_fw with phase END_REQ (allowed from an initiator: BEGIN_REQ, END_RESP)"));
}
