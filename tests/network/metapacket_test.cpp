// Metapacket distribution (self-tuned paper sec. 5.3): the same global sums as the sideband, but
// carried by 2-flit metapackets round the rows on a priority VC of the data links — so they take
// longer than the sideband's g, and longer still when the links are busy.
#include <catch2/catch.hpp>

#include <sstream>

#include "network.h"
#include "support/run_network.h"
#include "sideband/sideband.h"
#include "stats/run_report.h"
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
      auto* network = new Network("network", load_configuration_text(
          kTorus, std::string("injection: {rate: ") + load + ", unit: flits}\npacket_length: 8\n"));
      std::vector<testing::GatherProbe> probes(network->node_count());
      for (NodeId i = 0; i < network->node_count(); ++i) {
        probes[i].node = i;
        probes[i].clock = &network->clock();
        network->metapackets()->attach(i, &probes[i], {12, 13});  // replaces the controllers
      }
      testing::run(*network);
      const long errors = testing::wrong_sums(probes);
      std::size_t snapshots = probes[0].sums0.size();
      for (const auto& p : probes) snapshots = std::min(snapshots, p.sums0.size());
      const auto& d = network->metapackets()->durations();
      std::ostringstream out;
      out << errors << " " << snapshots << " " << d.size() << " "
          << (d.empty() ? 0 : *std::min_element(d.begin(), d.end())) << " " << network->sideband().gather_cycles();
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

TEST_CASE("metapackets need a torus", "[metapackets]") {
  CHECK_THROWS(load_configuration_text(std::string(kTorus) + "", "", {"network.wrap=mesh"}));
}
