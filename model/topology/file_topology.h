#pragma once
// A network read from a file (docs/design.md, "Topologies"; docs/topology-files.md): any graph of
// routers joined by bidirectional links, each link with its own delay, and any number of terminals per
// router — an irregular network, a torus with a failed link, chiplets of meshes joined by longer
// links. As BookSim's anynet and Garnet's custom topologies offer. Router r's ports are its links in
// the order the file lists them; every router has as many ports as the busiest (the rest lead
// nowhere). Nodes are numbered router by router, terminal by terminal. Distances are shortest paths
// over the links, computed once for every pair of routers.
#include <cstdint>
#include <string>
#include <vector>

#include "topology/topology.h"

namespace icn {

class FileTopology final : public Topology {
 public:
  static constexpr const char* kFamily = "network from a file";

  struct Channel {
    NodeId to = kNoNode;
    int input_port = -1;  // the port it enters there
    int delay = 0;        // cycles a flit; 0: router.link_delay
  };
  // Throws std::invalid_argument naming the file, the line and what is wrong.
  explicit FileTopology(const std::string& path);

  std::string describe() const override { return description_; }  // "network from a file: name (R routers)"
  NodeId node_count() const override { return nodes_; }
  NodeId router_count() const override { return NodeId(channels_.size()); }
  bool is_direct() const override { return direct_; }
  int terminal_slots(NodeId router) const override { return terminals_[router]; }
  Attachment injection_point(NodeId node) const override { return attachments_[node]; }
  Attachment delivery_point(NodeId node) const override { return attachments_[node]; }
  int network_ports() const override { return ports_; }
  Link link(NodeId router, int output_port) const override;
  int distance(NodeId from, NodeId to) const override { return hops(from, attachments_[to].router); }
  int minimal_ports(NodeId from, NodeId to, int* out) const override;
  // The lowest-numbered minimal port.
  int deterministic_port(NodeId from, NodeId to) const override { return port_towards(from, attachments_[to].router); }
  int link_delay(NodeId router, int output_port, int local_delay) const override;
  // Uniform traffic split evenly over the shortest paths at every router: the most loaded channel's
  // bound — an estimate on an irregular network, which adaptive routing can beat.
  double uniform_capacity() const override { return capacity_; }
  std::vector<int> position(NodeId router) const override;
  std::string layout() const override { return positions_.empty() ? "line" : "free"; }
  std::vector<std::pair<std::string, std::string>> resolved_keys() const override { return {{"file", path_}}; }

  // Router-to-router hops on a shortest path.
  int hops(NodeId from, NodeId to) const { return int(hops_[std::size_t(from) * channels_.size() + to]); }
  // The lowest-numbered port on a shortest path from router `from` to router `target` (−1 there).
  int port_towards(NodeId from, NodeId target) const;

 private:
  double compute_capacity() const;

  std::string description_;
  std::string path_;  // absolute
  std::vector<std::vector<Channel>> channels_;  // per router, per port
  std::vector<int> terminals_;
  std::vector<Attachment> attachments_;  // per node
  std::vector<std::vector<int>> positions_;  // per router, when the file gives them
  std::vector<std::uint16_t> hops_;       // [from * routers + to]
  NodeId nodes_ = 0;
  int ports_ = 0;
  bool direct_ = true;
  double capacity_ = 1.0;
};

}  // namespace icn
