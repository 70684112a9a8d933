#pragma once
// energy.preset (docs/energy.md): every coefficient from the DSENT table's row for the platform's
// router (data/energy/), instead of written by hand. Keys the user gives still override the row's.
#include "common/parameters.h"

namespace icn {

// What of the platform a row must match, as the configuration built it.
struct PresetRouter {
  int input_ports = 0, output_ports = 0;  // of the router with the most terminals
  int fewest_input_ports = 0;             // of the one with the fewest (a row holds for one shape)
  int vcs = 0;                          // VC buffers per input port, special VCs included
  int depth = 0;                          // flits per VC buffer
  bool crossbar_per_vc = false;
  double clock_period_ns = 1;
};

// With energy.preset other than none: the energy.* keys of `document` that the user did not give,
// set from the row (marked ParameterValue::filled_by, so --print-config shows them as comments and
// its output reads back the same), energy.model to events, energy.source to the table and the row.
// A shape not in the table is a ConfigError naming the nearest rows; never an interpolation.
void apply_energy_preset(ParameterSet& document, const PresetRouter& router);

}  // namespace icn
