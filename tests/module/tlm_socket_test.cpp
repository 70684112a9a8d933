// Other SystemC IP sends a message through a node's TLM-2.0 target socket: a write to address =
// destination node becomes a packet of ceil(bytes / 16) flits and is delivered there.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>

#include <sstream>

#include "experiment.h"
#include "support/run_network.h"
#include "support/child_process.h"

using namespace icn;

namespace {

struct Processor : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Processor> socket{"socket"};
  Experiment& network;
  tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
  unsigned char data[40] = {};

  Processor(sc_core::sc_module_name name, Experiment& n) : sc_core::sc_module(name), network(n) {
    SC_HAS_PROCESS(Processor);
    SC_METHOD(send);
  }
  void send() {
    if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
      next_trigger(network.clock().time_of(20));
      return;
    }
    tlm::tlm_generic_payload payload;
    payload.set_command(tlm::TLM_WRITE_COMMAND);
    payload.set_address(5);  // destination node
    payload.set_data_ptr(data);
    payload.set_data_length(sizeof data);  // 40 bytes = 3 flits
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(payload, delay);
    status = payload.get_response_status();
  }
};

}  // namespace

TEST_CASE("a TLM-2.0 write to a node's socket is delivered as a packet to the addressed node", "[ni][tlm]") {
  std::istringstream result(testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration_text(
        "network:\n  radix: 4\n  dimensions: 2\nsimulation:\n  cycles: 200\n  warmup: 0\n  progress: false\n",
        "injection:\n  rate: 0\n"));
    auto* cpu = new Processor("cpu", *network);
    cpu->socket.bind(network->node(0).network_interface().socket);
    testing::run(*network);
    std::ostringstream out;
    out << (cpu->status == tlm::TLM_OK_RESPONSE) << " " << network->statistics().packets_delivered_total() << " "
        << network->statistics().delivered_flits()[5] << " " << network->statistics().flits_delivered_total();
    return out.str();
  }));
  int ok = 0, packets = 0, flits_at_5 = 0, flits = 0;
  result >> ok >> packets >> flits_at_5 >> flits;
  CHECK(ok == 1);
  CHECK(packets == 1);
  CHECK(flits_at_5 == 3);
  CHECK(flits == 3);
}

namespace {

// Writes `count` messages back to back from a thread and records when each b_transport returned.
struct BurstingProcessor : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<BurstingProcessor> socket{"socket"};
  int count;
  std::vector<Cycle> returned;
  CycleClock& clock;
  unsigned char data[64] = {};  // 4 flits

  BurstingProcessor(sc_core::sc_module_name name, CycleClock& c, int n) : sc_core::sc_module(name), count(n), clock(c) {
    SC_HAS_PROCESS(BurstingProcessor);
    SC_THREAD(send);
  }
  void send() {
    sc_core::wait(clock.time_of(20));
    for (int i = 0; i < count; ++i) {
      tlm::tlm_generic_payload payload;
      payload.set_command(tlm::TLM_WRITE_COMMAND);
      payload.set_address(5);
      payload.set_data_ptr(data);
      payload.set_data_length(sizeof data);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(payload, delay);
      returned.push_back(clock.cycle());
    }
  }
};

}  // namespace

TEST_CASE("with a full source queue under block, b_transport stalls its initiator and nothing is lost",
          "[ni][tlm]") {
  std::istringstream result(testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration_text(
        "network: {radix: 4, dimensions: 2}\nnetwork_interface: {source_queue_limit: 1}\n"
        "simulation: {cycles: 400, warmup: 0, progress: false}\n",
        "injection: {rate: 0}\n"));
    auto* cpu = new BurstingProcessor("cpu", network->clock(), 6);
    cpu->socket.bind(network->node(0).network_interface().socket);
    testing::run(*network);
    std::ostringstream out;
    out << network->statistics().packets_delivered_total() << " " << network->statistics().packets_dropped_total()
        << " " << cpu->returned.size() << " " << cpu->returned.front() << " " << cpu->returned.back();
    return out.str();
  }));
  std::uint64_t delivered = 0, dropped = 0, calls = 0, first = 0, last = 0;
  result >> delivered >> dropped >> calls >> first >> last;
  CHECK(calls == 6);
  CHECK(delivered == 6);
  CHECK(dropped == 0);
  // Without the stall all six calls return in cycle 20; with one packet of queue the initiator waits
  // while each 4-flit packet leaves, so the last call returns at least 4 packets x 4 flits later.
  CHECK(first == 20);
  CHECK(last >= 20 + 16);
}
