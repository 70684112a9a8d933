// A fabric is the network alone: elaborated from a platform, driven by whoever binds to its nodes,
// simulated by someone else's sc_start. Two of them in one simulation do not see each other.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <sstream>

#include "common/config_error.h"
#include "experiment.h"
#include "fabric.h"
#include "support/child_process.h"
#include "support/packet_injector.h"

using namespace icn;
using Catch::Matchers::Contains;

namespace {

const char* const kTorus = "network: {radix: 4, dimensions: 2}\nsimulation: {cycles: 400, warmup: 0}\n";
const char* const kRing = "network: {radix: 8, dimensions: 1}\nrouter: {virtual_channels: 4, buffer_depth: 4}\n"
                          "simulation: {cycles: 400, warmup: 0}\n";

// Records each packet's latency in order of delivery, from before the simulation starts.
std::vector<Cycle>& record_latencies(Fabric& fabric) {
  auto* latencies = new std::vector<Cycle>;  // lives as long as the child process, like the fabric
  fabric.statistics().observe_deliveries([latencies](const Packet&, Cycle latency) { latencies->push_back(latency); });
  return *latencies;
}

// Packets delivered, then each packet's latency in order of delivery, then flits per node.
std::string deliveries(const Fabric& fabric, const std::vector<Cycle>& latencies) {
  std::ostringstream out;
  out << fabric.statistics().packets_delivered_total() << ":";
  for (const auto latency : latencies) out << " " << latency;
  out << " /";
  for (const auto flits : fabric.statistics().delivered_flits()) out << " " << flits;
  return out.str();
}

const std::vector<testing::Order> kTorusOrders{{10, 0, 5, 4}, {10, 1, 5, 8}, {12, 15, 0, 3}, {30, 5, 10, 16}};
const std::vector<testing::Order> kRingOrders{{10, 0, 4, 6}, {11, 7, 3, 6}, {11, 2, 6, 2}};

}  // namespace

TEST_CASE("two fabrics in one simulation run independently of each other", "[fabric]") {
  const auto alone = [](bool torus) {
    return testing::in_child_process([torus] {
      auto* fabric = new Fabric("fabric", load_platform_text(torus ? kTorus : kRing));
      new testing::PacketInjector("injector", *fabric, torus ? kTorusOrders : kRingOrders);
      const auto& latencies = record_latencies(*fabric);
      sc_core::sc_start(fabric->clock().time_of(300));
      return deliveries(*fabric, latencies);
    });
  };
  const std::string torus_alone = alone(true), ring_alone = alone(false);
  const std::string together = testing::in_child_process([] {
    // A shared clock for one, a clock of its own for the other.
    auto* clock = new CycleClock("clock", sc_core::sc_time(1, sc_core::SC_NS));
    auto* torus = new Fabric("torus", load_platform_text(kTorus), clock);
    auto* ring = new Fabric("ring", load_platform_text(kRing));
    new testing::PacketInjector("torus_injector", *torus, kTorusOrders);
    new testing::PacketInjector("ring_injector", *ring, kRingOrders);
    const auto &torus_latencies = record_latencies(*torus), &ring_latencies = record_latencies(*ring);
    sc_core::sc_start(clock->time_of(300));
    return deliveries(*torus, torus_latencies) + "|" + deliveries(*ring, ring_latencies);
  });
  CHECK(torus_alone.rfind("4:", 0) == 0);
  CHECK(ring_alone.rfind("3:", 0) == 0);
  CHECK(together == torus_alone + "|" + ring_alone);
}

TEST_CASE("a fabric is elaborated from a platform alone and never starts the simulation", "[fabric]") {
  const std::string result = testing::in_child_process([] {
    auto* fabric = new Fabric("fabric", load_platform_text(kTorus));
    std::ostringstream out;
    out << fabric->node_count() << " " << int(sc_core::sc_get_status() == sc_core::SC_ELABORATION) << " "
        << sc_core::sc_time_stamp().value();
    return out.str();
  });
  CHECK(result == "16 1 0");
}

TEST_CASE("every object a fabric builds has a name that says what it is", "[fabric]") {
  // sc_vector names itself and its elements vector_0, vector_0_0, … unless given a name.
  const std::string result = testing::in_child_process([] {
    auto* fabric = new Fabric("fabric", load_platform_text("network: {radix: 4, dimensions: 2, wrap: mesh}\n"));
    std::ostringstream out;
    // No positional names either: a link's signals are its router's, named by the port as the VCD
    // names them (they were fabric.link_flit_17, issue 51).
    std::function<void(const sc_core::sc_object&)> visit = [&](const sc_core::sc_object& o) {
      const std::string base = o.basename();
      if (base.rfind("vector_", 0) == 0 || base.rfind("link_flit_", 0) == 0 || base.rfind("link_credit_", 0) == 0 ||
          base.rfind("edge_flit_", 0) == 0 || base.rfind("edge_credit_", 0) == 0)
        out << o.name() << " ";
      for (const auto* child : o.get_child_objects()) visit(*child);
    };
    visit(*fabric);
    out << "| " << int(sc_core::sc_find_object("fabric.node_5.router.x_plus_flit") != nullptr) << " "
        << int(sc_core::sc_find_object("fabric.node_5.router.y_minus_credit") != nullptr) << " "
        << int(sc_core::sc_find_object("fabric.node_0.router.x_plus_edge_flit") != nullptr);
    return out.str();
  });
  CHECK(result == "| 1 1 1");
}

TEST_CASE("a platform alone refuses stimulus keys and unknown keys", "[fabric][config]") {
  CHECK_THROWS_WITH(load_platform_text(kTorus, {"stimulus.injection.rate=0.1"}),
                    Catch::Contains("a platform alone has no stimulus"));
  CHECK_THROWS_WITH(load_platform_text("network: {radix: 4, dimensions: 2, colour: red}\n"),
                    Catch::Contains("network.colour"));
  // A file --print-config wrote carries its stimulus; the platform is read and the rest left aside.
  CHECK(load_platform_text(std::string(kTorus) + "stimulus: {injection: {rate: 0.1}}\n").network.topology()
            .node_count() == 16);
}

TEST_CASE("simulation.vcd traces the chosen routers' links and local channels, and only those", "[fabric][vcd]") {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("icnsim-links-" + std::to_string(::getpid()) + ".vcd")).string();
  testing::in_child_process([&path] {
    auto* fabric = new Fabric("fabric", load_platform_text(kTorus, {"simulation.vcd=" + path,
                                                                   "simulation.vcd_routers=0,1"}));
    new testing::PacketInjector("injector", *fabric, {{10, 0, 2, 3}});  // 0 → 1 → 2 along +x
    sc_core::sc_start(fabric->clock().time_of(60));
    fabric->close_trace();
    return std::string();
  });
  // The VCD's variables by full name (its writer turns the dots into scopes), and their value changes.
  std::ifstream file(path);
  std::map<std::string, std::string> id_of;
  std::vector<std::string> scopes, changes;
  for (std::string line; std::getline(file, line);) {
    std::istringstream words(line);
    std::string first, kind, width, id, name;
    words >> first;
    if (first == "$scope") {
      words >> kind >> name;
      scopes.push_back(name);
    } else if (first == "$upscope") {
      scopes.pop_back();
    } else if (first == "$var") {
      words >> kind >> width >> id >> name;
      std::string full;
      for (const auto& scope : scopes) full += scope + ".";
      id_of[full + name] = id;
    } else if (!first.empty() && first[0] == 'b') {
      changes.push_back(line);
    }
  }
  std::filesystem::remove(path);
  const auto traced = [&id_of](const std::string& name) { return id_of.count("SystemC." + name) == 1; };
  CHECK(traced("router_0.x_plus.flit.packet"));
  CHECK(traced("router_1.x_minus.credit.vc"));
  CHECK(traced("router_0.node_0.injection_0.flit.index"));
  CHECK(traced("router_1.node_1.delivery_0.flit.sent"));
  CHECK(id_of.size() == 2 * (4 * (6 + 3) + 6 + 3 + 6));  // 2 routers: 4 links, injection, delivery
  // The packet's three flits cross router 0's +x link: its index signal takes the values 1 and 2.
  const std::string index = id_of["SystemC.router_0.x_plus.flit.index"];
  CHECK(std::count(changes.begin(), changes.end(), "b1 " + index) == 1);
  CHECK(std::count(changes.begin(), changes.end(), "b10 " + index) == 1);
}

TEST_CASE("simulation.vcd is checked before anything is simulated: a .vcd file that can be written, used as given",
          "[fabric][vcd][config]") {
  const auto error_for = [](const std::string& vcd) {
    return testing::in_child_process([vcd] {
      try {
        new Fabric("fabric", load_platform_text(kTorus, {"simulation.vcd=" + vcd}));
        return std::string("accepted");
      } catch (const ConfigError& e) {
        return std::string(e.what());
      }
    });
  };
  const std::string folder = std::filesystem::temp_directory_path() / ("icnsim_vcd_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder + "/a_folder.vcd");
  // Before: a missing folder simulated the whole run and died in SystemC's trace file (SIGFPE);
  // another suffix got ".vcd" appended silently.
  CHECK_THAT(error_for(folder + "/missing/run.vcd"), Contains("cannot write") && Contains("No such file or directory"));
  CHECK_THAT(error_for(folder + "/run.json"), Contains("does not end in .vcd"));
  CHECK_THAT(error_for(folder + "/a_folder.vcd"), Contains("is not a regular file"));
  CHECK(error_for(folder + "/run.vcd") == "accepted");
  CHECK_FALSE(std::filesystem::exists(folder + "/run.vcd.vcd"));
  std::filesystem::remove_all(folder);
}

TEST_CASE("simulation.vcd_routers names routers of the network, and only with a VCD file", "[fabric][vcd][config]") {
  CHECK_THROWS_WITH(load_platform_text(kTorus, {"simulation.vcd=/tmp/icnsim-routers.vcd", "simulation.vcd_routers=0,16"}),
                    Catch::Contains("simulation.vcd_routers: '16' is not a router of this network (allowed: all, or "
                                    "numbers 0..15 separated by commas)"));
  // Without simulation.vcd a choice of routers would change nothing: refused, not ignored (issue 50).
  CHECK_THROWS_WITH(load_platform_text(kTorus, {"simulation.vcd_routers=0,1"}),
                    Catch::Contains("--set simulation.vcd_routers: 0,1 changes nothing in this run: it acts only "
                                    "with a VCD file (simulation.vcd)"));
  CHECK_NOTHROW(load_platform_text(kTorus, {"simulation.vcd_routers=all"}));
}

TEST_CASE("an experiment attached to a fabric refuses what the fabric was built without", "[fabric][experiment]") {
  const std::string result = testing::in_child_process([] {
    auto* fabric = new Fabric("fabric", load_platform_text(kTorus));
    std::string messages;
    const auto attach = [&](const std::string& stimulus, const std::vector<NodeId>& nodes) {
      try {
        new Experiment(("experiment_" + std::to_string(messages.size())).c_str(), *fabric,
                       load_stimulus_text(stimulus, fabric->platform()), nodes);
        messages += "attached\n";
      } catch (const ConfigError& e) {
        messages += std::string(e.what()) + "\n";
      }
    };
    attach("source: {model: attempts}\ninjection: {rate: 0.01}\n", {});
    attach("injection: {rate: 0.01}\n", {3, 16});
    attach("phases:\n  - {injection: {rate: 0.01}, end: {packets_per_node: 5}}\n", {1, 2});
    attach("injection: {rate: 0.01}\n", {1, 2});
    return messages;
  });
  CHECK_THAT(result, Catch::Contains("source.model: attempts needs network interfaces that drop failed attempts"));
  CHECK_THAT(result, Catch::Contains("node 16 is not a node of this fabric (allowed: 0..15)"));
  CHECK_THAT(result, Catch::Contains("end.packets_per_node: waits for every node"));
  CHECK_THAT(result, Catch::EndsWith("attached\n"));
}
