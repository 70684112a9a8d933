// Event counts (docs/energy.md): what one packet costs, counted by hand from the pipeline, and the
// books every drained run must balance.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "run_report.h"
#include "sideband/sideband.h"
#include "support/child_process.h"
#include "support/packet_injector.h"
#include "support/run_network.h"

using namespace icn;

namespace {
const char* kTorus = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 2\n  buffer_depth: 16\n"
                     "simulation:\n  progress: false\n  activity: per_component\n";

// Field by field, as text a child process can hand back.
std::string text_of(const RouterEvents& e) {
  std::ostringstream os;
  RouterEvents::for_each_field([&](const char* name, std::uint64_t RouterEvents::*field) { os << name << '=' << e.*field << ' '; });
  return os.str();
}
}  // namespace

TEST_CASE("one packet of L flits over H hops at zero load costs what the pipeline implies", "[network][activity]") {
  // 0 -> 10 on the 4x4 torus: +x twice, +y twice (dimension order), H = 4 links, H + 1 = 5 routers.
  constexpr int L = 16, H = 4;
  std::istringstream out(testing::in_child_process([] {
    auto* network = new Experiment("network", load_configuration_text(kTorus, "packet_length: 16\ninjection: {rate: 0}\n",
                                                                      {"simulation.cycles=300", "simulation.warmup=0"}));
    new testing::PacketInjector("injector", network->fabric(), {{5, 0, 10, L}});
    testing::run(*network);
    const Activity a = network->window_activity();
    std::ostringstream os;
    os << text_of(a.router_total()) << "\n";
    const NetworkInterfaceEvents ni = a.interface_total();
    os << ni.packets_queued << ' ' << ni.injected_flits << ' ' << ni.ejected_flits << ' ' << ni.reinjected_packets << "\n";
    int routers_used = 0;
    for (const RouterEvents& r : a.routers) routers_used += r.buffer_writes > 0;
    os << routers_used << "\n";
    for (const Activity::Link& l : a.links)
      if (l.flits) os << l.from << "->" << l.to << ':' << l.flits << ' ';
    return os.str();
  }));
  std::string totals, interfaces, routers_used, links;
  std::getline(out, totals);
  std::getline(out, interfaces);
  std::getline(out, routers_used);
  std::getline(out, links);
  std::ostringstream expected;
  RouterEvents e;
  e.buffer_writes = e.buffer_reads = e.crossbar_traversals = (H + 1) * L;  // each router buffers every flit once
  e.route_computations = e.vc_allocation_requests = e.vc_allocation_grants = H + 1;  // one header per router
  e.switch_allocation_requests = e.switch_allocation_grants = (H + 1) * L;  // never contested
  e.link_traversals = H * L;
  e.credits_sent = (H + 1) * L;  // one per flit read, the source router's to the injection channel included
  e.active_cycles = 0;  // filled in below: not derived here, only bounded
  const std::string got_active = totals.substr(totals.find("active_cycles="));
  const std::uint64_t active = std::stoull(got_active.substr(std::string("active_cycles=").size()));
  e.active_cycles = active;
  CHECK(totals == text_of(e));
  // A router holds flits from the head's arrival to the tail's departure: at least L cycles each.
  CHECK(active >= std::uint64_t((H + 1) * L));
  CHECK(active <= std::uint64_t((H + 1) * (L + 8)));
  CHECK(interfaces == "1 16 16 0");
  CHECK(routers_used == "5");
  CHECK(links == "0->1:16 1->2:16 2->6:16 6->10:16 ");
}

TEST_CASE("a drained run's books balance: every flit written into a buffer came off a link or an injection channel and was read", "[network][activity]") {
  for (const char* crossbar : {"per_channel", "per_vc"}) {
    std::istringstream out(testing::in_child_process([&] {
      // Every node sends 100 packets as fast as the network takes them; the run ends once all are delivered.
      auto* network = new Experiment(
          "network", load_configuration_text(kTorus,
                                             "packet_length: 8\ninjection: {process: burst, packets: 100}\n"
                                             "phases:\n  - {name: burst, end: {drain: true}}\n",
                                             {"simulation.cycles=100000", "simulation.warmup=0",
                                              std::string("router.crossbar_inputs=") + crossbar}));
      testing::run(*network);
      const Activity a = network->window_activity();
      std::ostringstream os;
      std::uint64_t unread = 0, link_flits = 0;
      for (const RouterEvents& r : a.routers) unread += r.buffer_writes - r.buffer_reads;
      for (const Activity::Link& l : a.links) link_flits += l.flits;
      const RouterEvents total = a.router_total();
      // VCs that move together in a cycle send one credit transfer for all of them.
      const std::uint64_t uncredited = total.buffer_reads - total.credits_sent;
      const NetworkInterfaceEvents ni = a.interface_total();
      os << unread << ' ' << (link_flits == total.link_traversals) << ' ' << uncredited << ' '
         << (ni.injected_flits == ni.ejected_flits) << ' ' << ni.injected_flits << ' '
         << (total.buffer_writes == total.link_traversals + ni.injected_flits) << ' '
         << (total.buffer_reads == total.link_traversals + ni.ejected_flits) << ' '
         << (total.switch_allocation_requests >= total.switch_allocation_grants) << ' '
         << (total.vc_allocation_requests >= total.vc_allocation_grants) << ' '
         << (total.vc_allocation_grants == total.route_computations);
      return os.str();
    }));
    std::uint64_t unread = 1, uncredited = 1, injected = 0;
    int links_sum = 0, ni_balanced = 0, writes = 0, reads = 0, switch_requests = 0, vc_requests = 0, one_grant_per_route = 0;
    out >> unread >> links_sum >> uncredited >> ni_balanced >> injected >> writes >> reads >> switch_requests >>
        vc_requests >> one_grant_per_route;
    INFO(crossbar);
    CHECK(injected > 10000);  // the run did carry traffic
    CHECK(unread == 0);
    CHECK(links_sum == 1);
    // A VC that moves with another of its port sends its credit with theirs: one transfer.
    if (std::string(crossbar) == "per_channel") CHECK(uncredited == 0);
    else CHECK(uncredited > 0);
    CHECK(ni_balanced == 1);
    CHECK(writes == 1);
    CHECK(reads == 1);
    CHECK(switch_requests == 1);
    CHECK(vc_requests == 1);
    CHECK(one_grant_per_route == 1);
  }
}

TEST_CASE("event counts cover the measurement window only", "[network][activity]") {
  // The same packet before and after the warm-up ends at cycle 100.
  auto writes = [](Cycle at) {
    return std::stoull(testing::in_child_process([at] {
      auto* network = new Experiment("network", load_configuration_text(kTorus, "packet_length: 4\ninjection: {rate: 0}\n",
                                                                        {"simulation.cycles=300", "simulation.warmup=100"}));
      new testing::PacketInjector("injector", network->fabric(), {{at, 0, 10, 4}});
      testing::run(*network);
      return std::to_string(network->window_activity().router_total().buffer_writes);
    }));
  };
  CHECK(writes(10) == 0);
  CHECK(writes(150) == 5 * 4);
}

TEST_CASE("the self-tuned sideband sends every node's counters to both neighbours each hop", "[network][activity][sideband]") {
  // 16-ary 2-cube: 256 nodes, each sends both ways along the phase's dimension every hop, two
  // counters of 12 and 13 bits (self-tuned paper sec. 5.1); hops at cycles h, 2h, … (sideband.h).
  std::istringstream out(testing::in_child_process([] {
    auto* network = new Experiment(
        "network", load_configuration(std::string(ICNSIM_SOURCE_DIR) + "/platforms/selftuned-recovery.yaml",
                                      std::string(ICNSIM_SOURCE_DIR) + "/stimuli/selftuned-uniform.yaml",
                                      {"congestion_control.type=self_tuned", "simulation.cycles=1000", "simulation.warmup=0",
                                       "stimulus.injection.rate=0.01"}));
    testing::run(*network);
    const Activity a = network->window_activity();
    return std::to_string(network->fabric().sideband()->hop_cycles()) + " " + std::to_string(a.sideband_value_transfers) +
           " " + std::to_string(a.sideband_bit_transfers);
  }));
  std::uint64_t hop = 0, values = 0, bits = 0;
  out >> hop >> values >> bits;
  REQUIRE(hop > 0);
  const std::uint64_t hops = (1000 - 1) / hop, links = 2 * 256;
  CHECK(values == hops * links * 2);
  CHECK(bits == hops * links * (12 + 13));
}

TEST_CASE("the entropy circuit moves 2(k-1) register values per line and cycle", "[network][activity][entropy]") {
  // 4x4, lines of k = 4 per dimension, four lines per dimension: 2 · 4 · 2(4 − 1) = 48 transfers a
  // cycle between neighbours (entropy_circuit.h), on dedicated wires (no cycle stealing).
  const std::uint64_t transfers = std::stoull(testing::in_child_process([] {
    auto* network = new Experiment(
        "network", load_configuration(std::string(ICNSIM_SOURCE_DIR) + "/platforms/entropy-32x32.yaml",
                                      std::string(ICNSIM_SOURCE_DIR) + "/stimuli/uniform.yaml",
                                      {"network.radix=4", "simulation.cycles=500", "simulation.warmup=100",
                                       "congestion_control.virtual_control_channel=false"}));
    testing::run(*network);
    return std::to_string(network->window_activity().entropy_register_transfers);
  }));
  CHECK(transfers == 400 * 48);
}
