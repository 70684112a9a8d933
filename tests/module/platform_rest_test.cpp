// A platform's network rests when its IP is done (common/cycle_clock.h, docs/tlm.md): under every
// controller its periodic work — the statistics' samples, the sideband's gathers, the entropy
// circuit, Trans-t's measurements — sleeps, so sc_start() returns by itself, and what that work
// decides is the same to the cycle as with the network's clock kept ticking.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>

#include <icnsim/interconnect.h>

#include <sstream>

#include "interconnect_model.h"
#include "sideband/entropy_circuit.h"
#include "sideband/sideband.h"
#include "support/child_process.h"
#include "support/tlm_memory.h"

namespace {

// Bursts of 64-byte writes to node 5's memory, `gap` apart; records when each write completes and,
// through `observe`, what the platform reads at the middle of each gap and after its last write.
struct Bursts : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Bursts> socket{"socket"};
  int bursts, writes;
  sc_core::sc_time gap;
  std::function<void(std::ostream&)> observe;
  std::ostringstream log;
  sc_core::sc_time last_done;
  Bursts(sc_core::sc_module_name name, int b, int w, sc_core::sc_time g, std::function<void(std::ostream&)> o)
      : sc_core::sc_module(name), bursts(b), writes(w), gap(g), observe(std::move(o)) {
    SC_HAS_PROCESS(Bursts);
    SC_THREAD(run);
  }
  void run() {
    unsigned char data[64] = {};
    for (int b = 0; b < bursts; ++b) {
      for (int i = 0; i < writes; ++i) {
        tlm::tlm_generic_payload p;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        p.set_command(tlm::TLM_WRITE_COMMAND);
        p.set_address(64 * (i % 4));
        p.set_data_ptr(data);
        p.set_data_length(64);
        p.set_streaming_width(64);
        socket->b_transport(p, delay);
        log << sc_core::sc_time_stamp().value() / 1000 << (p.is_response_ok() ? " " : "! ");
      }
      last_done = sc_core::sc_time_stamp();
      if (b + 1 == bursts) break;
      sc_core::wait(gap / 2);
      observe(log);
      sc_core::wait(gap / 2);
    }
    observe(log);
  }
};

const char* const kControllers[] = {"none", "self_tuned", "static_threshold", "entropy", "alo", "ipr", "trans_t"};

// A 4x4 torus at 1 GHz whose node 5 serves 0x000-0x0ff, written by bursts from nodes 0, 3 and 10.
struct Platform {
  icnsim::Interconnect* noc;
  Bursts* writers[3];
  Platform(const std::string& controller, int bursts, sc_core::sc_time gap, std::vector<std::string> sets = {}) {
    icnsim::Platform soc = icnsim::Platform::defaults();
    soc.set("network.radix", "4").set("simulation.warmup", "0").set("congestion_control.type", controller);
    // Trans-t's Table 1 has no u1 for this torus: about its number of VCs (the paper's rule of thumb).
    if (controller == "trans_t") soc.set("congestion_control.u1", "3");
    for (const std::string& set : sets) soc.set(set.substr(0, set.find('=')), set.substr(set.find('=') + 1));
    soc.map(0x0, 0x100, 5);
    noc = new icnsim::Interconnect("noc", soc);
    noc->initiator_socket(5).bind((new icn::testing::Memory("memory"))->socket);
    const unsigned at[3] = {0, 3, 10};
    for (int i = 0; i < 3; ++i) {
      writers[i] = new Bursts(("writer" + std::to_string(i)).c_str(), bursts, 12, gap, [this, i](std::ostream& out) {
        if (i == 0) observe(out);
      });
      writers[i]->socket.bind(noc->target_socket(at[i]));
    }
  }
  // Every node's controller state and the global networks' transfers, as a platform reads them.
  void observe(std::ostream& out) {
    out << "| ";
    for (unsigned n = 0; n < 16; ++n) {
      const icnsim::Interconnect::NodeState s = noc->node_state(n);
      out << s.throttling;
      for (const auto& [name, value] : s.telemetry) out << ' ' << name << '=' << value;
      out << ';';
    }
    icn::Fabric& fabric = icnsim::InterconnectModel::fabric(*noc);
    out << " sideband " << fabric.sideband()->value_transfers() << ' ' << fabric.sideband()->bit_transfers();
    if (fabric.entropy_circuit())
      out << " circuit " << fabric.entropy_circuit()->register_transfers() << ' '
          << fabric.entropy_circuit()->register_changes();
    out << " delivered " << noc->packets_delivered() << " |\n";
  }
  std::string log() const { return writers[0]->log.str() + writers[1]->log.str() + writers[2]->log.str(); }
  sc_core::sc_time last_done() const {
    return std::max({writers[0]->last_done, writers[1]->last_done, writers[2]->last_done});
  }
};

}  // namespace

TEST_CASE("a platform ends by itself when its IP is done, under every controller, within a few cycles of the last "
          "transaction", "[tlm][api][rest]") {
  // Before, the sideband's gathers (self-tuned, static threshold), the entropy circuit and Trans-t's
  // measurements ran on timed events of their own for ever, and sc_start() never returned.
  for (const char* controller : kControllers) {
    const std::string out = icn::testing::in_child_process([controller] {
      Platform platform(controller, 2, sc_core::sc_time(20, sc_core::SC_US));
      sc_core::sc_start();
      std::ostringstream os;
      os << (sc_core::sc_time_stamp() - platform.last_done()).value() / 1000 << ' '
         << platform.noc->packets_delivered();
      return os.str();
    });
    INFO(controller << ": cycles from the last transaction to the end, and packets delivered: " << out);
    std::istringstream in(out);
    long after = -1, packets = 0;
    in >> after >> packets;
    CHECK(packets == 2 * 3 * 12 * 2);  // two bursts of 12 writes from three nodes, a request and a response each
    // The entropy circuit sleeps once every router has read zeros twice: its sums settle within
    // 1 + n(2 + 2⌊k/2⌋) = 13 cycles here, then two readings (11 measured); the sideband's next hop,
    // Trans-t's next measurement and the statistics' sampler sleep as soon as the network's clock
    // stops (0 and 1 measured).
    CHECK(after >= 0);
    CHECK(after <= 15);
  }
}

TEST_CASE("resting changes nothing: transactions, every controller's state and the global networks' transfers are "
          "those of a network whose clock kept ticking", "[tlm][api][rest]") {
  // Gaps of 40 µs let the self-tuned controller forget its maximum and settle, and the sideband skip
  // gathers whole; the platform reads every controller mid-gap, while the network rests.
  for (const char* controller : {"self_tuned", "static_threshold", "entropy", "trans_t"}) {
    auto run = [controller](bool ticking) {
      return icn::testing::in_child_process([controller, ticking] {
        std::vector<std::string> sets = {"simulation.sample_interval=500"};
        if (std::string(controller) == "self_tuned") sets.push_back("congestion_control.tuning_period=64");
        Platform platform(controller, 3, sc_core::sc_time(40, sc_core::SC_US), sets);
        if (ticking) {
          icnsim::InterconnectModel::fabric(*platform.noc).clock().keep_awake();
          sc_core::sc_start(sc_core::sc_time(200, sc_core::SC_US));
        } else {
          sc_core::sc_start();
        }
        std::ostringstream os;
        os << sc_core::sc_delta_count() << '\n' << platform.log();
        return os.str();
      });
    };
    const std::string resting = run(false), ticking = run(true);
    std::istringstream r(resting), t(ticking);
    std::uint64_t deltas_resting = 0, deltas_ticking = 0;
    r >> deltas_resting;
    t >> deltas_ticking;
    INFO(controller << ": kernel delta cycles resting " << deltas_resting << ", ticking " << deltas_ticking);
    CHECK(resting.substr(resting.find('\n')) == ticking.substr(ticking.find('\n')));
    CHECK(resting.find("delivered 144") != std::string::npos);
    // It did rest: most of the 80 µs of gaps cost the kernel nothing.
    CHECK(deltas_resting * 3 < deltas_ticking);
  }
}

TEST_CASE("a platform with icnsim's own traffic ends by itself once that traffic and its IP are done, the watchdog "
          "resting with the network", "[tlm][api][rest]") {
  // add_traffic brings the watchdog, which checked every quarter of its limit for ever.
  for (const char* controller : {"none", "self_tuned"}) {
    const std::string out = icn::testing::in_child_process([controller] {
      Platform platform(controller, 1, sc_core::SC_ZERO_TIME);
      // Nodes 1, 2 and 3 send ten 8-flit packets each, as fast as the network takes them.
      platform.noc->add_traffic_yaml("packet_length: 8\ninjection: {process: burst, packets: 10}\n"
                                     "phases:\n  - {name: burst, end: {drain: true}}\n", {1, 2, 4});
      sc_core::sc_start();
      std::ostringstream os;
      os << platform.noc->packets_delivered() << ' ' << (sc_core::sc_time_stamp() < sc_core::sc_time(5, sc_core::SC_US));
      return os.str();
    });
    INFO(controller);
    CHECK(out == std::to_string(3 * 12 * 2 + 30) + " 1");  // the writers' requests and responses, the bursts'
  }
}
