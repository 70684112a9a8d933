// Trace-driven traffic keeps causality: a node's sends after a receive wait for that receive.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/config_error.h"
#include "common/model_error.h"
#include "experiment.h"
#include "support/run_network.h"
#include "run_report.h"
#include "support/child_process.h"

using namespace icn;
using Catch::Matchers::Contains;

namespace {

// Writes a trace and its stimulus into a fresh directory; returns the stimulus path.
std::string write_trace(const std::string& name, const std::string& trace) {
  const std::string dir = "/tmp/icnsim-test-" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/" + name + ".trace") << trace;
  std::ofstream(dir + "/" + name + ".yaml") << "name: " << name << "\ntrace: " << name << ".trace\n";
  return dir + "/" + name + ".yaml";
}

const char* kRing8 = "network:\n  radix: 8\n  dimensions: 1\nsimulation:\n  cycles: 100000\n  warmup: 0\n  progress: false\n";

std::string platform_file() {
  const std::string path = "/tmp/icnsim-test-" + std::to_string(::getpid()) + "-ring8.yaml";
  std::ofstream(path) << kRing8;
  return path;
}

}  // namespace

TEST_CASE("a token passed round a ring completes after exactly N message latencies", "[trace]") {
  // Node i waits for the token from i-1 and passes it on: strictly one message at a time, each
  // over one hop, so each takes the zero-load latency 1 + 1 + 2(1 + 1) + 1 + 1 + (L - 1) = L + 7,
  // and the next send leaves in the cycle the previous message arrives.
  std::ostringstream trace;
  trace << "nodes 8\n0 send 1 10\n";
  for (int i = 1; i < 8; ++i) trace << i << " recv " << i - 1 << "\n" << i << " send " << (i + 1) % 8 << " 10\n";
  trace << "0 recv 7\n";
  const std::string stimulus = write_trace("token", trace.str());
  const std::string platform = platform_file();
  std::istringstream in(testing::in_child_process([&] {
    auto* network = new Experiment("network", load_configuration(platform, stimulus, {}));
    testing::run(*network);
    const RunReport r = make_report(*network);
    std::ostringstream out;
    out << r.completed() << " " << r.completion_cycle() << " " << r.packets_delivered();
    return out.str();
  }));
  bool completed = false;
  Cycle last = 0;
  std::uint64_t delivered = 0;
  in >> completed >> last >> delivered;
  CHECK(completed);
  CHECK(delivered == 8);
  CHECK(last == 8 * (10 + 7));  // the last message arrives at cycle 8 × 17
}

TEST_CASE("a trace naming a node outside the network, or an unmatched receive, is refused before simulating", "[trace]") {
  const std::string platform = platform_file();
  auto error_of = [&](const std::string& name, const std::string& trace) {
    try {
      load_configuration(platform, write_trace(name, trace), {});
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error_of("big", "nodes 16\n0 send 1 4\n"), Contains("big.trace:1") && Contains("network has 8"));
  CHECK_THAT(error_of("outside", "nodes 8\n0 send 9 4\n"), Contains("outside.trace:2") && Contains("destination node 9"));
  CHECK_THAT(error_of("unmatched", "nodes 8\n0 send 1 4\n1 recv 0\n1 recv 0\n"),
             Contains("unmatched.trace:4") && Contains("node 1 waits for message 2 from node 0"));
  CHECK_THAT(error_of("verb", "nodes 8\n0 jump 1\n"), Contains("verb.trace:2") && Contains("unknown event"));
  CHECK_THAT(error_of("header", "0 send 1 4\n"), Contains("header.trace:1") && Contains("nodes N"));
  // A line far longer than any event is refused where it starts, not read whole into memory; a NUL
  // inside a line is part of it, not its end.
  CHECK_THAT(error_of("long", "nodes 8\n0 send 1 4\n" + std::string(100000, '7') + "\n"),
             Contains("long.trace:3: longer than 4096 characters"));
  CHECK_THAT(error_of("nul", std::string("nodes 8\n0 send 1 4", 18) + '\0' + "9\n1 recv 0\n"),
             Contains("nul.trace:2") && Contains("is not a positive"));
  const std::string huge = error_of("huge", "nodes 8\n0 send " + std::string(2000, '1') + " 4\n");
  CHECK_THAT(huge, Contains("huge.trace:2") && Contains("… (2000 bytes)' is not a destination node number"));
  CHECK(huge.size() < 200);
  // Numbers in range at read time: a computation longer than any run (its end would wrap the cycle
  // count) and a message longer than a packet can be; an unknown event's echo stays short.
  CHECK_THAT(error_of("forever", "nodes 8\n0 compute 18446744073709551615\n"),
             Contains("forever.trace:2") && Contains("at most 4000000000 cycles"));
  CHECK_THAT(error_of("long_message", "nodes 8\n0 send 1 65536\n1 recv 0\n"),
             Contains("long_message.trace:2") && Contains("at most 65535 flits"));
  CHECK(error_of("echo", "nodes 8\n0 " + std::string(3000, 'x') + " 1\n").size() < 300);
}

TEST_CASE("a replay that can never finish stops with who waits for whom", "[trace]") {
  // Both receives have their sends, but each send comes after the receive that waits for it.
  const std::string stimulus = write_trace("deadlock", "nodes 8\n0 recv 1\n0 send 1 4\n1 recv 0\n1 send 0 4\n");
  const std::string platform = platform_file();
  try {
    testing::in_child_process([&] {
      auto* network = new Experiment("network", load_configuration(platform, stimulus, {}));
      testing::run(*network);
      return std::string("finished");
    });
    FAIL("the replay did not stop");
  } catch (const std::runtime_error& e) {
    CHECK_THAT(std::string(e.what()), Contains("stalled") && Contains("node 0 for a message from node 1 (line 2)") &&
                                          Contains("node 1 for a message from node 0 (line 4)"));
  }
}
