#pragma once
#include <stdexcept>
#include <string>

namespace icn {

// A violated invariant of the model itself (a flit to the wrong node, a full buffer receiving a
// flit, a stalled trace replay): the run stops with the diagnostic instead of producing a wrong
// result. The SystemC kernel turns any exception leaving a process into an sc_report, losing its
// type; so each ModelError also leaves its message in last_model_error(), from which
// Experiment::run() rethrows it as a ModelError.
class ModelError : public std::runtime_error {
 public:
  explicit ModelError(const std::string& message) : std::runtime_error(message) { last_model_error() = message; }
  static std::string& last_model_error() {
    static std::string message;
    return message;
  }
};

}  // namespace icn
