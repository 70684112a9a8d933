#pragma once
#include <stdexcept>
#include <string>

namespace icn {

// The message types of the model's reports, so that a platform's sc_report_handler can route them.
inline constexpr const char* kModelErrorMessage = "icnsim/model_error";  // SC_ERROR: the model stops
inline constexpr const char* kWatchdogMessage = "icnsim/watchdog";       // SC_WARNING: a finding it goes on after

// A violated invariant of the model itself (a flit to the wrong node, a full buffer receiving a
// flit, a stalled trace replay): the run stops with the diagnostic instead of producing a wrong
// result. The SystemC kernel turns any exception leaving a process into an sc_report, losing its
// type; so each ModelError also leaves its message in last_model_error(), from which
// Experiment::run() takes the reason.
class ModelError : public std::runtime_error {
 public:
  explicit ModelError(const std::string& message) : std::runtime_error(message) { last_model_error() = message; }
  static std::string& last_model_error() {
    static std::string message;
    return message;
  }
};

// Stops the model: reports `message` as an SC_ERROR of type icnsim/model_error through the
// platform's report handler (by default it throws the sc_report, which leaves sc_start), and
// throws a ModelError if the handler's actions let the report return: the model never goes on.
[[noreturn]] void model_error(const std::string& message);

// The icnsim command's reporting (also the tests'): model messages print as one line
// "icnsim: <message>" on stderr, model errors only throw (the command prints the run's reason),
// and every other message goes to SystemC's default handler.
void use_command_line_reporting();

}  // namespace icn
