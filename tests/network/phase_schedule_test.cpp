// Phase schedules: phases end after their cycles, at their packet count or when drained; the
// schedule repeats and, when complete, stops the run and reports its completion time.
#include <catch2/catch.hpp>

#include <sstream>

#include "experiment.h"
#include "support/run_network.h"
#include "run_report.h"
#include "support/child_process.h"

using namespace icn;

namespace {

const char* kPlatform = "network:\n  radix: 4\n  dimensions: 2\nsimulation:\n  cycles: 200000\n  warmup: 0\n"
                        "  sample_interval: 500\n  progress: false\n";

RunReport run(const std::string& stimulus, const std::string& platform = kPlatform) {
  // The report travels back from the child as its result file's text.
  return RunReport::from_json(testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration_text(platform, stimulus));
    testing::run(*network);
    std::ostringstream out;
    write_json(out, make_report(*network));
    return out.str();
  }));
}

}  // namespace

TEST_CASE("phases with cycle ends follow each other exactly and switch the offered load", "[schedule]") {
  const RunReport r = run(R"(packet_length: 4
injection: {process: periodic}
phases:
  - {name: quiet, injection: {rate: 0.01}, end: {cycles: 3000}}
  - {name: busy, injection: {rate: 0.05}, end: {cycles: 2000}}
)");
  REQUIRE(r.phases().size() == 2);
  CHECK(r.phases()[0].start == 0);
  CHECK(r.phases()[0].end == 2999);
  CHECK(r.phases()[1].start == 3000);
  CHECK(r.phases()[1].end == 4999);
  CHECK(r.completed());
  CHECK(r.completion_cycle() == 4999);
  CHECK(r.cycles() == 5000);  // the run stopped with the schedule
  // 16 nodes × 3000 cycles × 0.01, then 16 × 2000 × 0.05 (periodic: exact up to the phase's first packet)
  CHECK(r.phases()[0].packets_created == Approx(480).margin(16));
  CHECK(r.phases()[1].packets_created == Approx(1600).margin(16));
  // The time series knows the phase: offered 0.04 flits/node/cycle, then 0.2.
  CHECK(r.series().front().phase == 0);
  CHECK(r.series().front().offered == Approx(0.04).epsilon(0.1));
  CHECK(r.series().back().phase == 1);
  CHECK(r.series().back().offered == Approx(0.2).epsilon(0.1));
}

TEST_CASE("a packet-count end stops the phase in the cycle the network reaches it; drain waits for delivery",
          "[schedule]") {
  const RunReport r = run(R"(packet_length: 8
injection: {process: bernoulli, rate: 0.3, unit: flits}
phases:
  - {name: load, end: {packets: 1000}}
  - {name: drain, injection: {rate: 0}, end: {drain: true}}
)");
  REQUIRE(r.phases().size() == 2);
  CHECK(r.phases()[0].packets_created >= 1000);
  CHECK(r.phases()[0].packets_created < 1000 + 16);  // only packets of that same cycle overshoot
  CHECK(r.phases()[1].packets_created == 0);
  CHECK(r.completed());
  CHECK(r.packets_delivered() == r.packets_created());
  CHECK(r.packets_in_network_at_end() == 0);
  CHECK(r.packets_queued_at_end() == 0);
  CHECK(r.completion_cycle() > r.phases()[0].end);
}

TEST_CASE("a drain phase ends once the traffic is delivered, although metapackets keep circulating",
          "[schedule][metapackets]") {
  // Self-tuned's global sums travel as metapackets round the rows for ever (self-tuned paper
  // sec. 5.3); they are not traffic, so they must not hold the drain open.
  const std::string platform = std::string(kPlatform) +
                               "router:\n  virtual_channels: 2\ncongestion_control:\n  type: self_tuned\n"
                               "  distribution: metapackets\n";
  const RunReport r = run(R"(packet_length: 8
injection: {process: bernoulli, rate: 0.2, unit: flits}
phases:
  - {name: load, end: {cycles: 2000}}
  - {name: drain, injection: {rate: 0}, end: {drain: true}}
)",
                          platform);
  REQUIRE(r.phases().size() == 2);
  CHECK(r.completed());
  CHECK(r.packets_delivered() == r.packets_created());
  CHECK(r.packets_in_network_at_end() == 0);
  CHECK(r.completion_cycle() > 2000);
  CHECK(r.completion_cycle() < 4000);  // the drain of a 4×4 torus at 0.2 takes tens of cycles, not the whole run
}

TEST_CASE("a schedule repeats its phases", "[schedule]") {
  const RunReport r = run(R"(packet_length: 4
repeat: 3
injection: {rate: 0.02}
phases:
  - {end: {cycles: 1000}}
  - {injection: {rate: 0}, end: {drain: true}}
)");
  REQUIRE(r.phases().size() == 6);
  for (std::size_t i = 0; i < 6; ++i) {
    CHECK(r.phases()[i].index == i % 2);
    CHECK(r.phases()[i].round == i / 2);
    if (i > 0) CHECK(r.phases()[i].start == r.phases()[i - 1].end + 1);
  }
  CHECK(r.completed());
}

TEST_CASE("without phases the stimulus is one phase that lasts the whole run", "[schedule]") {
  const RunReport r = run("packet_length: 4\ninjection: {rate: 0.001}\n");
  REQUIRE(r.phases().size() == 1);
  CHECK_FALSE(r.phases()[0].ended);
  CHECK_FALSE(r.completed());
  CHECK(r.cycles() == 200000);
}

TEST_CASE("a per-node packet end lets every node create exactly its quota, then ends the phase", "[schedule]") {
  const RunReport r = run(R"(packet_length: 4
injection: {process: exponential, rate: 0.05}
phases:
  - {name: quota, end: {packets_per_node: 25}}
  - {name: drain, injection: {rate: 0}, end: {drain: true}}
)");
  REQUIRE(r.phases().size() == 2);
  CHECK(r.phases()[0].packets_created == 16 * 25);
  CHECK(r.completed());
  CHECK(r.packets_delivered() == 16 * 25);
  // A permutation's fixed points (bit reversal maps 0, 6, 9 and 15 of 16 nodes to themselves)
  // send nothing but cannot hold the phase open, with timed or saturating sources.
  for (const char* process : {"bernoulli", "saturation"}) {
    const bool timed = std::string(process) == "bernoulli";  // a saturating source takes no rate
    const RunReport p = run(std::string("packet_length: 4\npattern: {type: bit_reversal}\ninjection: {process: ") +
                            process + (timed ? ", rate: 0.05" : "") + "}\nphases:\n  - {end: {packets_per_node: 10}}\n");
    INFO(process);
    CHECK(p.completed());
    CHECK(p.phases()[0].packets_created == 12 * 10);
  }
}
