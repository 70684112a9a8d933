#pragma once
// The network section: the topology it names, built once by platform/.
#include <memory>
#include <string>

#include "topology/topology.h"

namespace icn {

// The topology, built once from the `network.*` keys by the entry `network.topology` names.
struct NetworkConfig {
  std::string type;
  std::shared_ptr<const Topology> shape;  // shared by every copy of the configuration
  const Topology& topology() const { return *shape; }
};

}  // namespace icn
