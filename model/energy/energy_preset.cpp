#include "energy/energy_preset.h"

#include <sstream>

#include "common/config_error.h"
#include "common/text.h"
#include "energy/dsent_table.h"

namespace icn {

namespace {

struct Preset {
  const char* name;
  const char* technology;  // the table's
  const char* conditions;
};
const Preset kPresets[] = {
    {"dsent_45nm", "Bulk45LVT", "45 nm bulk LVT, Vdd 1.0 V, 340 K"},
    {"dsent_22nm", "Bulk22LVT", "22 nm bulk LVT, Vdd 0.8 V, 340 K"},
};

// "15x4x8": ports x VCs x depth, the row a user names knowingly.
bool parse_shape(const std::string& text, DsentShape& shape) {
  std::istringstream in(text);
  char x1 = 0, x2 = 0;
  std::string rest;
  return bool(in >> shape.ports >> x1 >> shape.vcs >> x2 >> shape.depth) && x1 == 'x' && x2 == 'x' &&
         !(in >> rest) && shape.ports > 0 && shape.vcs > 0 && shape.depth > 0;
}

void fill(ParameterSet& document, const std::string& key, const std::string& value, const std::string& by) {
  ParameterValue v = document.values().at(key);
  v.items = {value};
  v.sequence = false;
  v.defaulted = false;
  v.origin = "energy.preset";
  v.filled_by = by;
  document.set(key, v);
}

}  // namespace

void apply_energy_preset(ParameterSet& document, const PresetRouter& router) {
  const std::string name = document.text("energy.preset");
  if (name == "none") {
    if (!document.text("energy.preset_shape").empty())
      throw ConfigError(document.problem("energy.preset_shape", "names a row of a preset, and energy.preset is none "
                                                               "(allowed: dsent_45nm or dsent_22nm with it)"));
    return;
  }
  const Preset* preset = nullptr;
  for (const Preset& p : kPresets)
    if (name == p.name) preset = &p;
  if (document.given("energy.model") && document.text("energy.model") == "none")
    throw ConfigError(document.problem("energy.model", "none ignores the coefficients energy.preset " + name +
                                                          " fills (allowed: events, or no energy.preset)"));
  DsentShape shape{router.input_ports, router.vcs, router.depth, int(document.integer("energy.flit_bits"))};
  // Every refusal lists the rows nearest the platform's router, the ones a user may name knowingly.
  const auto refuse = [&](const std::string& why) {
    std::string nearest;
    for (const DsentRow* r : nearest_dsent_rows(preset->technology, shape, 3))
      nearest += (nearest.empty() ? "" : "; ") + r->shape.describe();
    throw ConfigError(document.problem("energy.preset", name + ": " + why + "; nearest rows: " + nearest +
                                                           " (allowed: one of those with energy.preset_shape, "
                                                           "knowingly; a shape is never interpolated)"));
  };
  if (router.clock_period_ns != 1.0)
    refuse("the DSENT rows were sized for 1 GHz, and simulation.clock_period_ns is " +
           shortest(router.clock_period_ns));
  const std::string named = document.text("energy.preset_shape");
  const bool knowingly = !named.empty();
  if (knowingly) {
    if (!parse_shape(named, shape))
      throw ConfigError(document.problem("energy.preset_shape", "'" + named + "' is not PORTSxVCSxDEPTH "
                                                               "(allowed: e.g. 15x4x8, or empty for the platform's router)"));
  } else {
    if (router.crossbar_per_vc)
      refuse("the DSENT routers have one crossbar input per port, and this one one per VC "
             "(router.crossbar_inputs: per_vc)");
    if (router.input_ports != router.output_ports)
      refuse("the DSENT routers are square, and this one has " + std::to_string(router.input_ports) + " input and " +
             std::to_string(router.output_ports) + " output ports");
    if (router.fewest_input_ports != router.input_ports)
      refuse("a row holds for one router shape, and this network has routers of " +
             std::to_string(router.fewest_input_ports) + " and of " + std::to_string(router.input_ports) +
             " input ports");
  }
  const DsentRow* row = find_dsent_row(preset->technology, shape);
  if (!row)
    refuse("no row for " + shape.describe() + (knowingly ? " (energy.preset_shape)" : " (this platform's router)"));
  const std::string by = "from energy.preset " + name + ", row " + shape.describe();
  std::string overridden;
  for (const auto& [key, value] : row->coefficients) {
    if (document.given("energy." + key))
      overridden += (overridden.empty() ? "" : ", ") + key;
    else
      fill(document, "energy." + key, value, by);
  }
  if (!document.given("energy.model")) fill(document, "energy.model", "events", by);
  if (!document.given("energy.source"))
    fill(document, "energy.source",
         std::string("DSENT 0.91 (Sun et al., NOCS 2012; data/energy/), ") + preset->conditions + ", 1 GHz: row " +
             shape.describe() + (knowingly ? ", named by energy.preset_shape" : ", the platform's router") +
             (row->status == "ok" ? "" : " (DSENT: " + row->status + ")") +
             "; route computation, VC allocation and network interfaces not modelled (0)" +
             (overridden.empty() ? "" : "; given apart from the preset: " + overridden),
         by);
}

}  // namespace icn
