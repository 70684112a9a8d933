// A phase's traffic keys read into its typed config, and the rules that tie them to the network.
#include "common/config_error.h"
#include "common/text.h"
#include "topology/topology.h"
#include "traffic/destination_pattern.h"
#include "traffic/injection_process.h"
#include "traffic/stimulus_config.h"

namespace icn {

PhaseConfig PhaseConfig::from(const ParameterSet& p, const Topology& topology, std::uint64_t seed, bool attempts) {
  PhaseConfig s;
  std::vector<int> lengths;
  for (long long l : p.integers("packet_length")) lengths.push_back(int(l));
  const std::vector<double> weights = p.reals("packet_length_weights");
  if (weights.size() != 1 && weights.size() != lengths.size())
    throw ConfigError(p.problem("packet_length_weights", "has " + std::to_string(weights.size()) + " weights for " +
                                                             std::to_string(lengths.size()) +
                                                             " lengths (allowed: one value, or one per length)"));
  // One value weighs every length alike, whatever it is: only 1 says so without changing nothing.
  if (weights.size() == 1 && weights[0] != 1)
    throw ConfigError(p.problem("packet_length_weights", shortest(weights[0]) + " changes nothing in this run: one "
                                                         "weight weighs every packet length alike (allowed: one weight "
                                                         "per length of a packet_length list)"));
  double weight_sum = 0;
  for (double w : weights) weight_sum += w;
  if (weight_sum <= 0) throw ConfigError(p.problem("packet_length_weights", "the weights add up to 0 (allowed: a positive sum)"));
  s.packets = PacketMix::with(lengths, weights, p.real("high_priority_fraction"));
  s.pattern = SelectedImplementation::from(p, "pattern", "type");
  s.injection.process = SelectedImplementation::from(p, "injection", "process");
  s.injection.rate = p.real("injection.rate");
  s.injection.unit = p.text("injection.unit") == "flits" ? RateUnit::FlitsPerNodeCycle : RateUnit::PacketsPerNodeCycle;
  s.injection.packets_per_unit = s.injection.unit == RateUnit::FlitsPerNodeCycle ? 1.0 / s.packets.mean_length() : 1.0;
  s.injection.packets_per_cycle =
      s.injection.unit == RateUnit::FlitsPerNodeCycle ? s.injection.rate / s.packets.mean_length() : s.injection.rate;
  // A queueing source may not offer more than a node can inject (its queue would grow without
  // bound); attempts beyond that simply fail.
  if (!attempts && s.offered_flits_per_cycle() > 1.0 + 1e-12)
    throw ConfigError(p.problem("injection.rate", shortest(s.injection.rate) + " " + p.text("injection.unit") +
                                                      " with packets of " + shortest(s.packets.mean_length()) +
                                                      " flits on average offers " +
                                                      shortest(s.offered_flits_per_cycle()) +
                                                      " flits/node/cycle (allowed: at most 1 flit/node/cycle, "
                                                      "or more with source.model: attempts)"));
  try {
    PatternRegistry::get(s.pattern.type).create(PatternContext{topology, s.pattern.parameters, seed});
  } catch (const std::invalid_argument& e) {
    throw ConfigError(s.pattern.origin + ": pattern.type: " + s.pattern.type + " cannot apply to the " +
                      topology.describe() + " (" + std::to_string(topology.node_count()) + " nodes): " + e.what());
  }
  // The process judges whether its parameters can give the rate (on/off: the on-state rate).
  ProcessRegistry::get(s.injection.process.type)
      .create(ProcessContext{s.injection.packets_per_cycle, s.injection.process.parameters, s.injection.packets_per_unit});
  return s;
}

PhaseEnd PhaseEnd::from(const ParameterSet& p) {
  PhaseEnd end;
  int given = 0;
  if (p.integer("end.cycles") > 0) { end = {Kind::Cycles, std::uint64_t(p.integer("end.cycles"))}; ++given; }
  if (p.integer("end.packets") > 0) { end = {Kind::Packets, std::uint64_t(p.integer("end.packets"))}; ++given; }
  if (p.integer("end.packets_per_node") > 0) {
    end = {Kind::PacketsPerNode, std::uint64_t(p.integer("end.packets_per_node"))};
    ++given;
  }
  if (p.boolean("end.drain")) { end = {Kind::Drain, 0}; ++given; }
  if (given > 1)
    throw ConfigError(p.problem("end.cycles", "a phase has one end (allowed: one of end.cycles, end.packets, "
                                              "end.packets_per_node, end.drain)"));
  return end;
}

}  // namespace icn
