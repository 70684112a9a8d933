// Catch2 runs inside sc_main so that tests may elaborate and simulate SystemC models.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <systemc>

#include "common/model_error.h"

int sc_main(int argc, char* argv[]) {
  icn::use_command_line_reporting();  // model errors reach the tests as exceptions, as in the command
  return Catch::Session().run(argc, argv);
}

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
