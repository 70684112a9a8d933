// Deadlock-free configurations keep delivering under overload: every sample interval delivers
// flits, flits are conserved (the network checks at every sample), and no packet stays in the
// network for long. The suite runs 200,000 cycles (a fifth under the sanitizers,
// support/sanitizer_scale.h); ICNSIM_LONG_TESTS=1 also runs 10^6 cycles.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "support/run_network.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/sanitizer_scale.h"

using namespace icn;

namespace {

struct Outcome {
  double accepted = 0;
  std::uint64_t idle = 0, samples = 0, oldest = 0;
};

Outcome overload(const std::string& platform, const char* pattern, Cycle cycles) {
  std::istringstream in(testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration_text(
        platform, std::string("packet_length: 8\npattern: {type: ") + pattern + "}\ninjection: {rate: 1, unit: flits}\n",
        {"simulation.cycles=" + std::to_string(cycles), "simulation.warmup=1000", "simulation.sample_interval=1000",
         "simulation.progress=false"}));
    testing::run(*network);
    const RunReport r = make_report(*network);
    Outcome o;
    for (const auto& s : r.series()) {
      o.idle += s.accepted == 0.0;
      o.oldest = std::max<std::uint64_t>(o.oldest, s.oldest_in_network);
      ++o.samples;
    }
    std::ostringstream out;
    out << r.accepted() << " " << o.idle << " " << o.samples << " " << o.oldest;
    return out.str();
  }));
  Outcome o;
  in >> o.accepted >> o.idle >> o.samples >> o.oldest;
  return o;
}

const char* kDuato4x4 = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 3\n  buffer_depth: 8\n"
                        "routing:\n  type: duato\n";
const char* kDor4x4 = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 2\n  buffer_depth: 4\n";
const char* kVctDor4x4 = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 2\n  buffer_depth: 8\n"
                         "  switching: virtual_cut_through\n";
const char* kBubble4x4 = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 3\n  buffer_depth: 16\n"
                         "  switching: virtual_cut_through\nrouting:\n  type: bubble\n";
const char* kTfarDisha4x4 = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 3\n  buffer_depth: 8\n"
                            "routing:\n  type: tfar\ndeadlock:\n  recovery: disha\n  timeout: 8\n";
const char* kTfarDishaHeader4x4 = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 3\n  buffer_depth: 8\n"
                                  "routing:\n  type: tfar\ndeadlock:\n  recovery: disha\n  timeout: 8\n"
                                  "  token_release: header\n";
const char* kTfarSoftware4x4 = "network:\n  radix: 4\n  dimensions: 2\nrouter:\n  virtual_channels: 3\n  buffer_depth: 8\n"
                               "routing:\n  type: tfar\ndeadlock:\n  recovery: software\n  timeout: 32\n";

void check_keeps_delivering(const char* platform, Cycle release_cycles) {
  const Cycle cycles = testing::long_run_cycles(release_cycles);
  for (const char* pattern : {"uniform", "bit_complement", "tornado"}) {
    const Outcome o = overload(platform, pattern, cycles);
    INFO(pattern << ": accepted " << o.accepted << ", oldest packet " << o.oldest << " cycles");
    CHECK(o.samples == cycles / 1000);
    CHECK(o.idle == 0);
    CHECK(o.accepted > 0.05);
    CHECK(o.oldest < 20000);
  }
}

}  // namespace

TEST_CASE("Duato avoidance keeps delivering at full overload under uniform, complement and tornado", "[network][deadlock]") {
  check_keeps_delivering(kDuato4x4, 200000);
}

TEST_CASE("dimension order keeps delivering at full overload under uniform, complement and tornado", "[network][deadlock]") {
  check_keeps_delivering(kDor4x4, 200000);
}

TEST_CASE("with BookSim's allocators (separable VC and switch allocation) dimension order and Duato keep delivering "
          "at full overload, no packet starved",
          "[network][deadlock]") {
  // Every header asks each cycle for one free VC and a loser asks again: a header refused for lack of
  // a free VC must still be woken when one is released, and Duato's escape VCs stay reachable.
  const std::string booksim = "  vc_allocation: separable\n  switch_allocation: separable\n";
  for (const char* platform : {kDor4x4, kDuato4x4}) {
    std::string text = platform;
    text.insert(text.find("routing:") == std::string::npos ? text.size() : text.find("routing:"), booksim);
    check_keeps_delivering(text.c_str(), 50000);
  }
}

TEST_CASE("TFAR with Disha or software recovery keeps delivering at full overload", "[network][deadlock]") {
  check_keeps_delivering(kTfarDisha4x4, 100000);
  check_keeps_delivering(kTfarSoftware4x4, 100000);
}

TEST_CASE("Disha releasing its token when the header arrives still keeps delivering, and recovers faster",
          "[network][deadlock]") {
  // The next recovery may then follow the last one's tail along the recovery VC; the VC stays
  // deadlock-free because every packet ahead on it has already delivered its header.
  check_keeps_delivering(kTfarDishaHeader4x4, 100000);
  // On the self-tuned recovery network past saturation (0.03 packets/node/cycle, 20,000 cycles):
  // measured 965 recoveries releasing at the tail, 1,909 at the header.
  auto recoveries = [](const char* release) {
    return std::stoull(testing::in_child_process([release] {
      auto* network = new Experiment("network", load_configuration(
          std::string(ICNSIM_SOURCE_DIR) + "/platforms/selftuned-recovery.yaml",
          std::string(ICNSIM_SOURCE_DIR) + "/stimuli/selftuned-uniform.yaml",
          {std::string("deadlock.token_release=") + release, "stimulus.injection.rate=0.03", "simulation.cycles=20000",
           "simulation.warmup=5000", "simulation.progress=false"}));
      testing::run(*network);
      return std::to_string(std::uint64_t(make_report(*network).number("packets.deadlock_recoveries")));
    }));
  };
  const auto tail = recoveries("tail"), header = recoveries("header");
  INFO("recoveries: tail " << tail << ", header " << header);
  CHECK(header > 3 * tail / 2);
}

TEST_CASE("a million cycles of full overload: no deadlock-free configuration ever deadlocks", "[network][deadlock][long]") {
  // Full load, 1 flit/node/cycle, is more than twice the saturation load of each of them.
  for (const char* platform :
       {kDuato4x4, kDor4x4, kVctDor4x4, kBubble4x4, kTfarDisha4x4, kTfarDishaHeader4x4, kTfarSoftware4x4})
    check_keeps_delivering(platform, 1000000);
}
