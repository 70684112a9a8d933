#include "topology/topology.h"

namespace icn {

std::vector<int> Topology::minimal_ports(NodeId from, NodeId to) const {
  std::vector<int> ports(static_cast<std::size_t>(network_ports()));
  ports.resize(std::size_t(minimal_ports(from, to, ports.data())));
  return ports;
}

}  // namespace icn
