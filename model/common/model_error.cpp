#include "common/model_error.h"

#include <cstdio>
#include <systemc>

namespace icn {

void model_error(const std::string& message) {
  ModelError error(message);  // records last_model_error() before the handler may throw
  sc_core::sc_report_handler::report(sc_core::SC_ERROR, kModelErrorMessage, message.c_str(), __FILE__, __LINE__);
  throw error;
}

namespace {

void command_line_handler(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
  const std::string type = report.get_msg_type();
  if (type.compare(0, 7, "icnsim/") != 0) {
    sc_core::sc_report_handler::default_handler(report, actions);
    return;
  }
  if (actions & sc_core::SC_DISPLAY) std::fprintf(stderr, "icnsim: %s\n", report.get_msg());
  if (actions & sc_core::SC_THROW) throw report;
}

}  // namespace

void use_command_line_reporting() {
  sc_core::sc_report_handler::set_handler(command_line_handler);
  sc_core::sc_report_handler::set_actions(kModelErrorMessage, sc_core::SC_THROW);
  // SystemC's own news (a stop by sc_stop, the VCD's time unit) is not the command's business.
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
}

}  // namespace icn
