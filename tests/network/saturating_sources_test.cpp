// Sources that send as fast as the network accepts: Dally's saturation source, the entropy
// paper's collective communication and the realistic-loads paper's burst-synchronized traffic.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "support/run_network.h"
#include "run_report.h"
#include "support/child_process.h"

using namespace icn;

namespace {

struct Outcome {
  double offered = 0, accepted = 0;
  bool completed = false;
  std::uint64_t completion = 0, created = 0, delivered = 0, queued = 0, rounds = 0;
  std::vector<std::uint64_t> per_phase_packets;
};

Outcome run(const std::string& platform, const std::string& stimulus, const std::vector<std::string>& overrides = {}) {
  std::istringstream in(testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration_text(platform, stimulus, overrides));
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::ostringstream out;
    out << r.offered() << " " << r.accepted() << " " << r.completed() << " " << (r.completion_cycle() + 1) << " "
        << r.packets_created() << " " << r.packets_delivered() << " " << r.packets_queued_at_end() << " " << r.phases().size();
    for (const auto& p : r.phases()) out << " " << p.packets_created;
    return out.str();
  }));
  Outcome o;
  in >> o.offered >> o.accepted >> o.completed >> o.completion >> o.created >> o.delivered >> o.queued >> o.rounds;
  o.per_phase_packets.resize(o.rounds);
  for (auto& p : o.per_phase_packets) in >> p;
  return o;
}

const char* kTorus4x4 = "network:\n  radix: 4\n  dimensions: 2\nsimulation:\n  cycles: 100000\n  warmup: 0\n  progress: false\n";

}  // namespace

TEST_CASE("a saturation source keeps the injection channel busy and finds the network's maximum", "[network][saturation]") {
  const char* mesh = "network:\n  radix: 8\n  dimensions: 2\n  wrap: mesh\nsimulation:\n  cycles: 20000\n  warmup: 5000\n"
                     "  progress: false\n";
  const Outcome saturated = run(mesh, "injection: {process: saturation}\n");
  // No Bernoulli load, however high, gets more through than the saturation source.
  const Outcome bernoulli = run(mesh, "injection: {rate: 1, unit: flits}\n");
  INFO("saturation " << saturated.accepted << ", Bernoulli at 1 flit/node/cycle " << bernoulli.accepted);
  CHECK(saturated.accepted >= 0.95 * bernoulli.accepted);
  CHECK(saturated.accepted > 0.3);  // well above half the 8-ary mesh's 0.5 capacity
  // Packets wait in the source queue only one per injection channel at a time.
  CHECK(saturated.queued <= 64);
  CHECK(bernoulli.queued > 10000);
}

TEST_CASE("a collective of 10 packets per node on a 4x4 torus completes, no faster than the bounds allow", "[network][collective]") {
  const Outcome o = run(kTorus4x4, R"(packet_length: 8
injection: {process: burst, packets: 10}
phases:
  - {name: collective, end: {drain: true}}
)");
  REQUIRE(o.completed);
  CHECK(o.created == 160);
  CHECK(o.delivered == 160);
  // Each node pushes 10 x 8 flits through one injection channel at 1 flit/cycle; and half the
  // nodes' traffic to the other half (8/15 of it) crosses 8 channels of the bisection each way.
  const double injection_bound = 10 * 8;
  const double bisection_bound = 8 * 10 * 8 * (8.0 / 15.0) / 8;
  CHECK(double(o.completion) >= std::max(injection_bound, bisection_bound));
  CHECK(o.completion < 2000);
}

TEST_CASE("burst-synchronized traffic: each burst of 10 packets per node completes before the next starts", "[network][burst]") {
  const Outcome o = run(kTorus4x4, R"(packet_length: 16
injection: {process: burst, packets: 10}
repeat: 4
phases:
  - {name: burst, end: {drain: true}}
)");
  REQUIRE(o.completed);
  REQUIRE(o.rounds == 4);
  for (auto packets : o.per_phase_packets) CHECK(packets == 160);
  CHECK(o.delivered == 640);
}

TEST_CASE("a ramp load finds a critical load near the network's saturation throughput", "[network][ramp]") {
  const char* mesh = "network:\n  radix: 8\n  dimensions: 2\n  wrap: mesh\nsimulation:\n  cycles: 60000\n  warmup: 0\n"
                     "  sample_interval: 100\n  progress: false\n";
  std::istringstream in(testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration_text(mesh, R"(injection:
  process: ramp
  unit: flits
  step: 0.01
  interval: 1000
  smoothing: 50
)"));
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::ostringstream out;
    out << r.critical_found() << " " << r.critical_load();
    return out.str();
  }));
  bool found = false;
  double critical = 0;
  in >> found >> critical;
  const double saturation = run(mesh, "injection: {process: saturation}\n").accepted;
  INFO("critical load " << critical << ", saturation throughput " << saturation);
  REQUIRE(found);
  // A quick ramp overshoots the steady knee a little (buffers absorb load for a while).
  CHECK(critical > 0.9 * saturation);
  CHECK(critical < 1.4 * saturation);
}
