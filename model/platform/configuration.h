#pragma once
// The typed, validated configuration of one run: a platform (the machine) and a stimulus (the
// traffic). Built once from YAML + --set overrides by load_configuration(); modules receive their
// own parts of it (router/router_config.h, ni/…, deadlock/…, traffic/stimulus_config.h, …), never
// YAML and never this header. Each owner declares its keys with their defaults, ranges and
// descriptions (RouterConfig::parameters(), …) and checks the rules that tie them to the rest of the
// platform; configuration_schema.cpp assembles the documents from them.
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "common/parameters.h"
#include "common/selected_implementation.h"
#include "common/types.h"
#include "cores/processor_config.h"
#include "deadlock/deadlock_recovery_config.h"
#include "ni/network_interface_config.h"
#include "platform/simulation_config.h"
#include "router/router_config.h"
#include "energy/energy_config.h"
#include "sideband/sideband_config.h"
#include "routing/routing_function.h"
#include "tlm/tlm_config.h"
#include "topology/network_config.h"
#include "traffic/stimulus_config.h"

namespace icn {

struct PlatformConfig {
  std::string source;  // file it came from
  std::string name;
  std::string description;
  NetworkConfig network;
  RouterConfig router;
  SelectedImplementation routing;
  // Built once from the network, the router and `routing` (configuration.cpp); shared by every copy
  // and every fabric built from it: it keeps no state of a run, and reads the network's queues
  // through the router that asks (PortOccupancy::network).
  std::shared_ptr<const RoutingFunction> routing_function;
  DeadlockRecoveryConfig deadlock;
  NetworkInterfaceConfig network_interface;
  SelectedImplementation congestion_control;
  SidebandConfig sideband;
  EnergyConfig energy;
  SimulationConfig simulation;
  TlmConfig tlm;
  ProcessorConfig processor;  // generators, or cores that run a program (cores/)
  ParameterSet resolved;  // every key as resolved, for --print-config and the result
};

struct Configuration {
  PlatformConfig platform;
  StimulusConfig stimulus;
};

// The network interface the nodes are built with: the platform's, with the stimulus' attempt
// sources as a source queue of `waiting_limit` packets (or the platform's, if smaller) that drops.
NetworkInterfaceConfig effective_network_interface(const Configuration& configuration);

// Reads, validates and cross-checks both documents. An empty `stimulus_path` means the platform
// file holds the stimulus in a `stimulus:` section (the form --print-config prints). `overrides` are "key.path=value" strings;
// keys starting with "stimulus." apply to the stimulus. A `program` (icnsim PLATFORM PROGRAM.elf) puts cores
// running it on the platform, in place of a stimulus. Throws ConfigError with a one-line message.
Configuration load_configuration(const std::string& platform_path, const std::string& stimulus_path,
                                 const std::vector<std::string>& overrides,
                                 std::optional<std::uint64_t> seed = std::nullopt, const std::string& program = "");
// The same from YAML text (tests and embedding); names are used in messages.
Configuration load_configuration_text(const std::string& platform_yaml, const std::string& stimulus_yaml,
                                      const std::vector<std::string>& overrides = {},
                                      const std::string& platform_name = "platform",
                                      const std::string& stimulus_name = "stimulus");

// A platform alone, for a Fabric that other IP drives (docs/tlm.md): the same keys, defaults and
// checks; a `stimulus:` section in the file is left aside.
PlatformConfig load_platform(const std::string& path, const std::vector<std::string>& overrides = {});
PlatformConfig load_platform_text(const std::string& yaml, const std::vector<std::string>& overrides = {},
                                  const std::string& name = "platform");

// A stimulus for a platform read on its own (an Experiment attached to a Fabric); `overrides` are
// "key.path=value" strings of stimulus keys (without the "stimulus." prefix).
StimulusConfig load_stimulus_text(const std::string& yaml, const PlatformConfig& platform,
                                  const std::vector<std::string>& overrides = {},
                                  const std::string& name = "stimulus");

// The same from a file (a trace it names is found beside it).
StimulusConfig load_stimulus(const std::string& path, const PlatformConfig& platform,
                             const std::vector<std::string>& overrides = {});

void print_configuration(std::ostream& os, const Configuration& configuration);

}  // namespace icn
