#pragma once
// Experiment::run() never throws for a run the model stopped (it records the status, so the command
// line can still write the result). Tests use this instead: a run that did not complete throws
// with the reason, so a violated invariant can never pass unnoticed.
#include <stdexcept>

#include "experiment.h"

namespace icn::testing {

inline double run(Experiment& network) {
  const double wall = network.run();
  if (network.status().state != Experiment::RunStatus::State::Completed)
    throw std::runtime_error(std::string(Experiment::state_name(network.status().state)) + ": " +
                             network.status().reason);
  return wall;
}

}  // namespace icn::testing
