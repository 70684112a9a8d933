// The platform, stimulus and phase documents, assembled from the keys each module declares for its
// section (RouterConfig::parameters(), …, with their defaults, ranges and descriptions) and the
// registries' implementations (icnsim --print-config prints them; scripts/make-config-doc writes
// docs/configuration.md from them).
#include "platform/configuration_schema.h"

#include "congestion/congestion_controller.h"
#include "cores/processor_config.h"
#include "deadlock/deadlock_recovery_config.h"
#include "ni/network_interface_config.h"
#include "platform/simulation_config.h"
#include "energy/energy_config.h"
#include "router/router_config.h"
#include "sideband/sideband_config.h"
#include "tlm/tlm_config.h"
#include "routing/routing_function.h"
#include "topology/topology.h"
#include "traffic/destination_pattern.h"
#include "traffic/injection_process.h"

namespace icn {

namespace {

using P = ParameterSpec;

template <typename RegistryType>
PolymorphicSection section_of(const std::string& prefix, const std::string& selector_key,
                              const std::string& default_choice, const std::string& description) {
  PolymorphicSection s;
  s.prefix = prefix;
  s.selector = P::choice(selector_key, default_choice, RegistryType::names(), description);
  s.parameters_of = [](const std::string& choice) { return RegistryType::get(choice).parameters; };
  s.description_of = [](const std::string& choice) { return RegistryType::get(choice).description; };
  return s;
}

// The controllers whose registry entry says `trait`, as a condition on congestion_control.type.
KeyNeed controllers_that(bool ControllerNeeds::*trait, const std::string& what) {
  std::vector<std::string> names;
  std::string listed;
  for (const std::string& name : ControllerRegistry::names())
    if (ControllerRegistry::get(name).traits.*trait) {
      names.push_back(name);
      listed += (listed.empty() ? "" : ", ") + name;
    }
  return {what + " (congestion_control.type: " + listed + ")", {{"congestion_control.type", names, false}}};
}

// `specs` with `need` added to those whose key passes `which` (all of them by default).
std::vector<ParameterSpec> needing(std::vector<ParameterSpec> specs, const KeyNeed& need,
                                   const std::function<bool(const std::string&)>& which = {}) {
  for (ParameterSpec& spec : specs)
    if (!which || which(spec.key)) spec.acts_when(need);
  return specs;
}

// The keys that only a part of the platform built by another section reads: they act only with it.
const KeyNeed kTransactions{"TLM-2.0 initiators: cores (processor.type: core) or a virtual platform's IP (docs/tlm.md)",
                            {{"processor.type", {"core"}, false}, {kVirtualPlatform, {"true"}, false}}};
const KeyNeed kVirtualPlatformIp{"a virtual platform's IP (docs/tlm.md)", {{kVirtualPlatform, {"true"}, false}}};
const KeyNeed kGenerators{"traffic generators (processor.type: generator)", {{"processor.type", {"generator"}, false}}};
const KeyNeed kSynthetic{"synthetic traffic (no trace)", {{"trace", {""}, false}}};  // a trace is all its traffic
const KeyNeed kSidebandDistribution{"counters on the sideband (congestion_control.distribution: sideband)",
                                    {{"congestion_control.distribution", {"sideband"}, false}}};

// The platform document: every key with its default (the self-tuned paper's network, sec. 5.1).
Schema make_platform_schema() {
  Schema s("platform");
  s.add(P::text("name", "default", "short name of the platform, used in results"));
  s.add(P::text("description", "", "free text"));
  s.add(section_of<TopologyRegistry>("network", "topology", "kary_ncube", "network topology"));
  s.add("router", RouterConfig::parameters());
  s.add(section_of<RoutingRegistry>("routing", "type", "dimension_order", "routing function"));
  s.add("deadlock", DeadlockRecoveryConfig::parameters());
  s.add("network_interface", NetworkInterfaceConfig::parameters());
  // A core's requests are blocking and its memory answers at once: what shapes approximately timed
  // initiators and targets that take time (tlm.queue_depth, tlm.outstanding) acts only on other IP.
  s.add("tlm", needing(needing(TlmConfig::parameters(), kTransactions), kVirtualPlatformIp, [](const std::string& key) {
          return key == "queue_depth" || key == "outstanding";
        }));
  s.add(section_of<ControllerRegistry>("congestion_control", "type", "none", "congestion controller"));
  const KeyNeed sideband = controllers_that(&ControllerNeeds::sideband, "a controller that gathers over the sideband");
  s.add("sideband", needing(needing(SidebandConfig::parameters(), sideband), kSidebandDistribution));
  // A coefficient describes the technology, not this network: a set of them is written whole for every
  // run (a sideband's or the entropy circuit's prices events that this run may not have).
  s.add("energy", EnergyConfig::parameters());
  // The clock period turns cycles into time: for leakage power, a transaction trace's timestamps and
  // the timed IP of a virtual platform; a run's own results are in cycles.
  s.add("simulation", needing(SimulationConfig::parameters(),
                              {"something timed: an energy model (energy.model: events, or an energy.preset), a "
                               "transaction trace (tlm.trace) or a virtual platform",
                               {{"energy.model", {"events"}, false},
                                {"energy.preset", {"none"}, true},
                                {"tlm.trace", {""}, true},
                                {kVirtualPlatform, {"true"}, false}}},
                              [](const std::string& key) { return key == "clock_period_ns"; }));
  s.add("processor", ProcessorConfig::processor_parameters());
  s.add("software", ProcessorConfig::software_parameters());
  return s;
}

// The keys that describe traffic, shared by a stimulus' top level and each of its phases.
void add_traffic_keys(Schema& s) {
  s.add(P::integer("packet_length", 16, 1, 65535, "flits per packet; a list draws one per packet").as_list());
  s.add(P::real("packet_length_weights", 1, 0, 1e9, "relative weight of each packet_length (one value: equal)").as_list());
  s.add(P::real("high_priority_fraction", 0, 0, 1, "share of packets in the high-priority traffic class"));
  s.add(section_of<PatternRegistry>("pattern", "type", "uniform", "destination pattern"));
  s.add(section_of<ProcessRegistry>("injection", "process", "bernoulli", "injection process"));
  std::vector<std::string> paced;  // the processes that read a rate
  for (const std::string& name : ProcessRegistry::names())
    if (ProcessRegistry::get(name).traits.uses_rate) paced.push_back(name);
  s.add(P::real("injection.rate", 0.01, 0, 1, "offered load per node, in injection.unit")
            .acts_when("a process that reads a rate (injection.process)", "injection.process", paced));
  s.add(P::choice("injection.unit", "packets", {"packets", "flits"}, "unit of injection.rate, per node per cycle"));
}

Schema make_stimulus_schema() {
  Schema s("stimulus");
  s.add(P::text("name", "stimulus", "short name of the stimulus, used in results"));
  s.add(P::text("description", "", "free text"));
  s.add(P::integer("repeat", 1, 1, 1000000, "times the list of phases runs").acts_when(kSynthetic));
  s.add(P::text("trace", "", "message-passing trace to replay instead of synthetic traffic (path relative to this file)"));
  s.add(P::choice("source.model", "queue", {"queue", "attempts"},
                  "queue: every packet created waits in the source queue; attempts: a creation fails (counted) "
                  "while the node holds source.waiting_limit packets waiting to be injected (self-tuned paper "
                  "sec. 5.2.4, \"tries to generate\")"));
  s.add(P::integer("source.waiting_limit", 1, 1, 1000000,
                   "attempts: packets a node may hold waiting to be injected; an attempt beyond fails")
            .acts_when("attempt sources (source.model: attempts)", "source.model", {"attempts"}));
  Schema traffic("stimulus");
  add_traffic_keys(traffic);
  traffic.add_need_to_every_key(kSynthetic);
  s.add(std::move(traffic));
  s.add_need_to_every_key(kGenerators);
  return s;
}

Schema make_address_range_schema() {
  Schema s("address range");
  s.add(P::integer("base", 0, 0, 9007199254740991LL, "first address of the range (decimal or 0x hexadecimal)"));
  s.add(P::integer("size", 0, 0, 9007199254740991LL, "bytes in the range (given, at least 1)"));
  s.add(P::integer("node", 0, 0, 1000000000, "the node whose network interface serves the range (given)"));
  s.add(P::integer("target", 0, 0, 255, "which of that node's local targets, in the order they are bound"));
  s.add(P::choice("protocol", "platform", {"platform", "blocking", "approximately_timed"},
                  "how the node calls that target: as tlm.target_protocol says, by b_transport, or with the base "
                  "protocol's four phases (nb_transport_fw); every range of one target says the same"));
  return s;
}

Schema make_phase_schema() {
  Schema s("phase");
  s.add(P::text("name", "", "name of the phase, used in results"));
  add_traffic_keys(s);
  s.add(P::integer("end.cycles", 0, 0, 4000000000LL, "the phase ends after this many cycles (0: not this way)"));
  s.add(P::integer("end.packets", 0, 0, 4000000000LL,
                   "the phase ends in the cycle its network-wide packet count reaches this (0: not this way)"));
  s.add(P::integer("end.packets_per_node", 0, 0, 4000000000LL,
                   "every node creates this many packets, then stops; the phase ends when all have (0: not this way)"));
  s.add(P::boolean("end.drain", false, "the phase ends once every packet created so far is delivered"));
  s.add_need_to_every_key(kGenerators);
  return s;
}

}  // namespace

const Schema& platform_schema() {
  static const Schema schema = make_platform_schema();
  return schema;
}

const Schema& stimulus_schema() {
  static const Schema schema = make_stimulus_schema();
  return schema;
}

const Schema& address_range_schema() {
  static const Schema schema = make_address_range_schema();
  return schema;
}

const Schema& phase_schema() {
  static const Schema schema = make_phase_schema();
  return schema;
}

bool is_traffic_key(const std::string& key) {
  for (const char* k : {"packet_length", "packet_length_weights", "high_priority_fraction"})
    if (key == k) return true;
  return key.rfind("pattern.", 0) == 0 || key.rfind("injection.", 0) == 0;
}

}  // namespace icn
