#pragma once
// One run of a platform and a stimulus (YAML text) in a child process, reduced to what the network
// tests judge: accepted flits/node/cycle, mean network latency and the watchdog's reports. The run
// throws (in the child, reported in the parent) on deadlock, lost flits or a stopped run.
#include <sstream>
#include <string>
#include <vector>

#include "experiment.h"
#include "run_report.h"
#include "support/child_process.h"
#include "support/run_network.h"

namespace icn::testing {

struct Measured {
  double accepted = 0, network_latency = 0;
  std::uint64_t watchdog_reports = 0;
};

inline Measured measured_run(const std::string& platform, const std::string& stimulus, int cycles,
                             std::vector<std::string> overrides = {}) {
  std::istringstream in(in_child_process([&] {
    overrides.insert(overrides.end(), {"simulation.cycles=" + std::to_string(cycles), "simulation.warmup=1000",
                                       "simulation.progress=false"});
    auto* network = new Experiment("network", load_configuration_text(platform, stimulus, overrides));
    run(*network);
    const RunReport r = make_report(*network);
    return std::to_string(r.accepted()) + " " + std::to_string(r.network_latency().mean) + " " +
           std::to_string(r.deadlock_reports() + r.starvation_reports());
  }));
  Measured out;
  in >> out.accepted >> out.network_latency >> out.watchdog_reports;
  return out;
}

}  // namespace icn::testing
