// energy.preset (docs/energy.md): the DSENT 0.91 table shipped in data/energy/ fills every coefficient
// from the row of the platform's router, looked up exactly; a shape not in the table is refused with
// the nearest rows, a row may be named knowingly, and explicit keys still override.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "common/config_error.h"
#include "platform/configuration.h"
#include "energy/dsent_table.h"

using namespace icn;
using Catch::Contains;

namespace {

// The default platform's router: 16-ary 2-cube, 5 ports, 3 VCs of 8 flits, 128-bit flits.
const char* kPlatform = "name: p\n";
const char* kStimulus = "name: s\n";

EnergyConfig power(const std::vector<std::string>& overrides) {
  return load_configuration_text(kPlatform, kStimulus, overrides).platform.energy;
}

std::string refusal(const char* platform, const std::vector<std::string>& overrides) {
  try {
    load_configuration_text(platform, kStimulus, overrides);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

// "key: value" lines of a shipped single-router power: section (data/energy/power-dsent-*.yaml).
std::map<std::string, double> yaml_coefficients(const std::string& file) {
  std::ifstream in(std::string(ICNSIM_SOURCE_DIR) + "/data/energy/" + file);
  std::map<std::string, double> out;
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(':');
    const bool coefficient = line.find("_pj:") != std::string::npos || line.find("_mw:") != std::string::npos ||
                             line.find("_per_bit:") != std::string::npos;
    if (line.rfind("  ", 0) != 0 || colon == std::string::npos || !coefficient) continue;
    out[line.substr(2, colon - 2)] = std::stod(line.substr(colon + 1));
  }
  return out;
}

bool equal_to_4_digits(double a, double b) {
  if (a == 0 || b == 0) return a == b;
  const double scale = std::pow(10.0, 3 - std::floor(std::log10(std::abs(b))));
  return std::round(a * scale) == std::round(b * scale);
}

}  // namespace

TEST_CASE("the DSENT table built into the model has its 708 rows, and the default router's row at 45 and 22 nm is "
          "the single-router power section the table was checked against, to 4 significant digits",
          "[power][preset]") {
  CHECK(dsent_rows().size() == 708);
  for (const auto& [preset, file] : {std::pair<std::string, std::string>{"dsent_45nm", "power-dsent-45nm.yaml"},
                                     {"dsent_22nm", "power-dsent-22nm.yaml"}}) {
    INFO(preset);
    const EnergyConfig p = power({"energy.preset=" + preset});
    CHECK(p.enabled);
    const std::map<std::string, double> published = yaml_coefficients(file);
    REQUIRE(published.size() == 16);
    int compared = 0;
    p.for_each_coefficient([&](const char* key, double value) {
      INFO(key << " " << value << " against " << published.at(key));
      CHECK(equal_to_4_digits(value, published.at(key)));
      ++compared;
    });
    CHECK(compared == 16);
    CHECK_THAT(p.source, Contains("DSENT 0.91") && Contains("row 5 ports, 3 VCs, depth 8, 128-bit flits"));
  }
  // The row follows the platform's router: more VCs, another row (the table's own numbers).
  const EnergyConfig four = power({"energy.preset=dsent_45nm", "router.virtual_channels=4"});
  const DsentRow* row = find_dsent_row("Bulk45LVT", DsentShape{5, 4, 8, 128});
  REQUIRE(row != nullptr);
  CHECK(four.router_leakage_mw == std::stod(row->coefficients.at(5).second));
  CHECK(four.router_leakage_mw != power({"energy.preset=dsent_45nm"}).router_leakage_mw);
}

TEST_CASE("a key given beside a preset overrides its row and the source says which; a row named knowingly is used "
          "and the source says so", "[power][preset]") {
  const EnergyConfig p = power({"energy.preset=dsent_22nm", "energy.crossbar_pj=2"});
  CHECK(p.crossbar == 2);
  CHECK(p.buffer_write > 0);
  CHECK_THAT(p.source, Contains("22 nm") && Contains("given apart from the preset: crossbar_pj"));
  const EnergyConfig named = power({"energy.preset=dsent_45nm", "energy.preset_shape=15x4x8"});
  const DsentRow* row = find_dsent_row("Bulk45LVT", DsentShape{15, 4, 8, 128});
  REQUIRE(row != nullptr);
  CHECK(named.crossbar == std::stod(row->coefficients.at(2).second));
  CHECK_THAT(named.source, Contains("row 15 ports, 4 VCs, depth 8, 128-bit flits, named by energy.preset_shape"));
}

TEST_CASE("a router the table has no row for is refused in one line naming the nearest rows, never interpolated",
          "[power][preset][config]") {
  CHECK_THAT(refusal(kPlatform, {"energy.preset=dsent_45nm", "router.buffer_depth=6"}),
             Contains("no row for 5 ports, 3 VCs, depth 6, 128-bit flits (this platform's router)") &&
                 Contains("nearest rows: ") && Contains("depth 8") && Contains("never interpolated"));
  CHECK_THAT(refusal(kPlatform, {"energy.preset=dsent_45nm", "energy.flit_bits=100"}), Contains("100-bit flits"));
  CHECK_THAT(refusal(kPlatform, {"energy.preset=dsent_45nm", "simulation.clock_period_ns=2"}),
             Contains("sized for 1 GHz") && Contains("nearest rows"));
  CHECK_THAT(refusal(kPlatform, {"energy.preset=dsent_45nm", "router.crossbar_inputs=per_vc"}),
             Contains("one crossbar input per port"));
  CHECK_THAT(refusal(kPlatform, {"energy.preset=dsent_45nm", "network_interface.delivery_channels=2"}),
             Contains("square") && Contains("5 input and 6 output ports"));
  CHECK_THAT(refusal("name: p\nnetwork: {topology: kary_ntree, radix: 4, levels: 2}\nrouting: {type: "
                     "nearest_common_ancestor}\n",
                     {"energy.preset=dsent_45nm"}),
             Contains("routers of 8 and of 12 input ports"));
  CHECK_THAT(refusal(kPlatform, {"energy.preset=dsent_45nm", "energy.model=none"}), Contains("energy.model: none ignores"));
  CHECK_THAT(refusal(kPlatform, {"energy.preset_shape=5x3x8"}), Contains("energy.preset is none"));
  CHECK_THAT(refusal(kPlatform, {"energy.preset=dsent_45nm", "energy.preset_shape=5x3"}), Contains("PORTSxVCSxDEPTH"));
  CHECK_THAT(refusal(kPlatform, {"energy.preset=dsent_45nm", "energy.preset_shape=6x3x8"}),
             Contains("no row for 6 ports") && Contains("(energy.preset_shape)"));
}

TEST_CASE("the printed configuration shows a preset's values as comments with their row, so that it reads back to the "
          "same coefficients and a changed router takes its own row", "[power][preset][config]") {
  std::ostringstream text;
  print_configuration(text, load_configuration_text(kPlatform, kStimulus, {"energy.preset=dsent_45nm"}));
  const std::string printed = text.str();
  CHECK_THAT(printed, Contains("  # buffer_write_pj: 6.125434") &&
                          Contains("from energy.preset dsent_45nm, row 5 ports, 3 VCs, depth 8, 128-bit flits"));
  const std::string path = "/tmp/icnsim-preset-" + std::to_string(::getpid()) + ".yaml";
  std::ofstream(path) << printed;
  const EnergyConfig again = load_configuration(path, "", {}).platform.energy;
  const EnergyConfig wider = load_configuration(path, "", {"router.virtual_channels=4"}).platform.energy;
  std::remove(path.c_str());
  const EnergyConfig first = power({"energy.preset=dsent_45nm"});
  CHECK(again.buffer_read == first.buffer_read);
  CHECK(again.source == first.source);
  CHECK(wider.router_leakage_mw == power({"energy.preset=dsent_45nm", "router.virtual_channels=4"}).router_leakage_mw);
  CHECK(wider.router_leakage_mw != first.router_leakage_mw);
}
