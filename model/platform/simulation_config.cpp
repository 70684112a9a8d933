#include "platform/simulation_config.h"

#include <sstream>

#include "common/config_error.h"
#include "topology/topology.h"

namespace icn {

std::vector<ParameterSpec> SimulationConfig::parameters() {
  using P = ParameterSpec;
  return {
      P::integer("cycles", 60000, 1, 4000000000LL, "cycles simulated in all"),
      P::integer("warmup", 10000, 0, 4000000000LL, "first cycles excluded from statistics"),
      P::integer("sample_interval", 1000, 1, 4000000000LL, "cycles between time-series samples"),
      P::integer("most_samples", 8192, 16, 100000000LL,
                 "the time series holds at most this many samples: when it is full, neighbouring samples are "
                 "merged in pairs, so memory stays bounded however long the run (docs/design.md)"),
      P::integer("seed", 1, 0, 9007199254740991LL, "seed of every random stream (--seed overrides)"),
      P::real("clock_period_ns", 1.0, 1e-3, 1e6, "clock period, for co-simulation with timed IP"),
      P::integer("histogram_bin_width", 10, 1, 1000000, "cycles per latency histogram bin"),
      P::boolean("progress", true, "progress line with ETA on a terminal"),
      P::integer("watchdog_cycles", 20000, 0, 4000000000LL,
                 "flits that have not moved for this many cycles are stuck: deadlock or starvation (0: off)"),
      P::choice("deadlock_action", "stop", {"stop", "report"},
                "stuck VCs waiting for each other in a cycle: stop the run with the cycle, or report it")
          .acts_unless("the watchdog (simulation.watchdog_cycles)", "simulation.watchdog_cycles", {"0"}),
      P::choice("starvation_action", "report", {"stop", "report"},
                "a stuck packet whose wait ends in moving traffic: stop the run, or report it and go on")
          .acts_unless("the watchdog (simulation.watchdog_cycles)", "simulation.watchdog_cycles", {"0"}),
      P::text("vcd", "",
              "write the flit and credit signals of the traced routers' links to this VCD file, a path ending in "
              ".vcd in an existing folder, checked before the run (empty: none)"),
      P::text("vcd_routers", "all",
              "the routers whose output links and local channels go into the VCD file: all, or numbers such as "
              "0,5,10")
          .acts_unless("a VCD file (simulation.vcd)", "simulation.vcd", {""}),
      P::choice("activity", "totals", {"totals", "per_component"},
                "event counts in the result (docs/energy.md): network totals, or also per router, network "
                "interface and link"),
      P::integer("spatial_sample_interval", 0, 0, 4000000000LL,
                 "cycles between samples of every link's flits, input buffer's occupancy and node's throttle "
                 "state over the measurement window, for heatmaps (0: off; at most 2,000 samples)"),
      P::real("wall_limit", 0, 0, 1e9,
              "seconds of wall-clock time after which the run stops and writes what it measured (0: no limit)"),
  };
}

SimulationConfig SimulationConfig::from(const ParameterSet& p, const Topology& topology) {
  SimulationConfig c;
  c.cycles = Cycle(p.integer("cycles"));
  c.warmup = Cycle(p.integer("warmup"));
  c.sample_interval = Cycle(p.integer("sample_interval"));
  c.most_samples = std::size_t(p.integer("most_samples"));
  c.seed = std::uint64_t(p.integer("seed"));
  c.clock_period_ns = p.real("clock_period_ns");
  c.histogram_bin_width = int(p.integer("histogram_bin_width"));
  c.progress = p.boolean("progress");
  c.watchdog.cycles = Cycle(p.integer("watchdog_cycles"));
  c.watchdog.deadlock_stops = p.text("deadlock_action") == "stop";
  c.watchdog.starvation_stops = p.text("starvation_action") == "stop";
  c.wall_limit = p.real("wall_limit");
  c.vcd = p.text("vcd");
  // (vcd_routers without a VCD file is refused as a key that would change nothing: its declared need.)
  if (p.text("vcd_routers") != "all") {
    std::istringstream list(p.text("vcd_routers"));
    for (std::string item; std::getline(list, item, ',');) {
      long long router = -1;
      item.erase(0, item.find_first_not_of(' '));
      item.erase(item.find_last_not_of(' ') + 1);
      if (!parse_integer_text(item, router) || router < 0 || router >= (long long)topology.router_count())
        throw ConfigError(p.problem("vcd_routers",
                                    "'" + item + "' is not a router of this network (allowed: all, or numbers 0.." +
                                        std::to_string(topology.router_count() - 1) + " separated by commas)"));
      c.vcd_routers.push_back(NodeId(router));
    }
  }
  c.per_component_activity = p.text("activity") == "per_component";
  c.spatial_sample_interval = Cycle(p.integer("spatial_sample_interval"));
  if (c.warmup < c.cycles && c.spatial_sample_interval > 0 &&
      (c.cycles - c.warmup) / c.spatial_sample_interval > kMostSpatialSamples)
    throw ConfigError(p.problem(
        "spatial_sample_interval",
        std::to_string(c.spatial_sample_interval) + " takes " +
            std::to_string((c.cycles - c.warmup) / c.spatial_sample_interval) +
            " samples of the measurement window (allowed: 0, or at least " +
            std::to_string((c.cycles - c.warmup + kMostSpatialSamples - 1) / kMostSpatialSamples) + ", at most " +
            std::to_string(kMostSpatialSamples) + " samples)"));
  if (c.warmup >= c.cycles)
    throw ConfigError(p.problem("warmup", std::to_string(c.warmup) +
                                              " leaves no measurement window (allowed: less than simulation.cycles = " +
                                              std::to_string(c.cycles) + ")"));
  return c;
}

}  // namespace icn
