#pragma once
// Network::run() never throws for a run the model stopped (it records the status, so the command
// line can still write the result). Tests use this instead: a run that did not complete throws
// with the reason, so a violated invariant can never pass unnoticed.
#include <stdexcept>

#include "network.h"

namespace icn::testing {

inline double run(Network& network) {
  const double wall = network.run();
  if (network.status().state != Network::RunStatus::State::Completed)
    throw std::runtime_error(std::string(Network::state_name(network.status().state)) + ": " +
                             network.status().reason);
  return wall;
}

}  // namespace icn::testing
