// Metapacket distribution (self-tuned paper sec. 5.3): the same global sums as the sideband, but
// carried by 2-flit metapackets round the rows on a priority VC of the data links — so they take
// longer than the sideband's g, and longer still when the links are busy.
#include <catch2/catch.hpp>

#include <sstream>

#include "congestion/metapacket_gather.h"
#include "experiment.h"
#include "support/run_network.h"
#include "sideband/sideband.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/gather_probe.h"

using namespace icn;

namespace {


const char* kTorus = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 2\n"
                     "congestion_control:\n  type: self_tuned\n  distribution: metapackets\n  throttle: false\n"
                     "simulation:\n  cycles: 4000\n  warmup: 0\n  progress: false\n";

}  // namespace

TEST_CASE("metapacket gathers give every node the sum of all nodes' values, later than the sideband would",
          "[metapackets]") {
  for (const char* load : {"0", "0.4"}) {  // an idle network, and one busy with traffic
    std::istringstream in(testing::in_child_process([&] {
      auto* network = new Experiment("network", load_configuration_text(
          kTorus, std::string("injection: {rate: ") + load + ", unit: flits}\npacket_length: 8\n"));
      std::vector<testing::GatherProbe> probes(network->node_count());
      for (NodeId i = 0; i < network->node_count(); ++i) {
        probes[i].node = i;
        probes[i].clock = &network->clock();
        network->fabric().metapackets()->attach(i, &probes[i], {12, 13});  // replaces the controllers
      }
      testing::run(*network);
      const long errors = testing::wrong_sums(probes);
      std::size_t snapshots = probes[0].sums0.size();
      for (const auto& p : probes) snapshots = std::min(snapshots, p.sums0.size());
      const auto& d = network->fabric().metapackets()->durations();
      std::ostringstream out;
      out << errors << " " << snapshots << " " << d.size() << " "
          << (d.empty() ? 0 : *std::min_element(d.begin(), d.end())) << " " << network->fabric().sideband()->gather_cycles();
      return out.str();
    }));
    long errors = -1;
    std::size_t snapshots = 0, gathers = 0;
    Cycle shortest = 0, sideband_g = 0;
    in >> errors >> snapshots >> gathers >> shortest >> sideband_g;
    INFO("load " << load << ": " << gathers << " gathers, shortest " << shortest << " cycles, sideband g " << sideband_g);
    CHECK(errors == 0);
    CHECK(snapshots >= 5);
    CHECK(gathers >= 5);
    CHECK(shortest > sideband_g);  // Fig. 11: metapacket gathers take longer than the sideband
  }
}

TEST_CASE("a metapacket passes through the routers of its row, each adding one cycle to the router's own delay, "
          "and leaves the network only at its master", "[metapackets]") {
  // Sec. 5.3: intermediate nodes modify the metapacket before forwarding it, with a one-cycle adder
  // delay. On an idle network a hop costs routing (1) + adder (1) + crossbar (1) + link (1) = 4
  // cycles; a gather's critical path is one full circuit of a row per dimension, so a 2-cube of
  // radix 8 takes 2 dimensions x 4 more hops x 4 cycles = 32 cycles longer than one of radix 4.
  // Each gather injects two 2-flit packets per row and dimension, at the masters only.
  auto run_idle = [](int radix) {
    std::istringstream in(testing::in_child_process([&] {
      auto* network = new Experiment("network", load_configuration_text(kTorus, "injection: {rate: 0}\n",
                                                                     {"network.radix=" + std::to_string(radix)}));
      testing::run(*network);
      const auto& d = network->fabric().metapackets()->durations();
      std::ostringstream out;
      out << d.size() << " " << *std::min_element(d.begin(), d.end()) << " "
          << *std::max_element(d.begin(), d.end()) << " " << network->statistics().flits_injected_total();
      return out.str();
    }));
    std::size_t gathers = 0;
    Cycle shortest = 0, longest = 0;
    std::uint64_t flits = 0;
    in >> gathers >> shortest >> longest >> flits;
    INFO("radix " << radix << ": " << gathers << " gathers of " << shortest << "–" << longest << " cycles, "
                  << flits << " metapacket flits injected");
    CHECK(gathers >= 20);
    CHECK(shortest == longest);  // nothing else on the links
    const std::uint64_t per_gather = 2 /*dimensions*/ * radix /*rows*/ * 2 /*packets*/ * 2 /*flits*/;
    CHECK(flits >= gathers * per_gather);
    CHECK(flits <= (gathers + 1) * per_gather);
    return shortest;
  };
  const Cycle radix4 = run_idle(4), radix8 = run_idle(8);
  CHECK(radix8 - radix4 == 2 * 4 * 4);
}

TEST_CASE("metapackets need a torus", "[metapackets]") {
  CHECK_THROWS(load_configuration_text(std::string(kTorus) + "", "", {"network.wrap=mesh"}));
}
