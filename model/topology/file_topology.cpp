#include "topology/file_topology.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "common/config_error.h"
#include "common/text.h"
#include "common/yaml_documents.h"

namespace icn {
namespace {

constexpr int kMostRouters = 4096;  // every pair's distance is kept: 32 MiB at most
constexpr int kMostPorts = 64;      // a router keeps its ports in 64-bit masks

std::string at(const std::string& path, const YAML::Node& node) {
  return path + ":" + std::to_string(node.Mark().line + 1);
}

long long whole(const std::string& path, const YAML::Node& node, const std::string& what, long long least,
                long long most) {
  long long value = 0;
  if (!node.IsScalar() || !YAML::convert<long long>::decode(node, value) || value < least || value > most)
    throw std::invalid_argument(at(path, node) + ": " + what + " is " +
                                (node.IsScalar() ? "'" + node.Scalar() + "'" : std::string("not a number")) +
                                " (allowed: an integer " + std::to_string(least) + ".." + std::to_string(most) + ")");
  return value;
}

}  // namespace

FileTopology::FileTopology(const std::string& path)
    : path_(std::filesystem::absolute(path).lexically_normal().string()) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error))
    throw std::invalid_argument(path + ": cannot open file (allowed: a YAML network description, docs/topology-files.md)");
  if (std::filesystem::file_size(path, error) > (16u << 20) || error)
    throw std::invalid_argument(path + ": is larger than 16 MiB (allowed: a network description of at most 16 MiB)");
  // Read as strictly as a platform: one document, each key once, names that are one line of text.
  std::string text;
  if (const std::string problem = read_file_bytes(path, 16u << 20, text); !problem.empty())
    throw std::invalid_argument(path + ": cannot be read: " + problem + " (allowed: a readable YAML network description)");
  YAML::Node root;
  try {
    root = YAML::Load(text);
    refuse_further_documents(text, path);
  } catch (const YAML::Exception& e) {
    throw std::invalid_argument(path + ":" + std::to_string(e.mark.line + 1) + ": YAML syntax error: " + e.msg);
  } catch (const ConfigError& e) {
    throw std::invalid_argument(e.what());
  }
  if (!root.IsMap()) throw std::invalid_argument(path + ":1: the document must be a mapping (allowed keys: name, routers, terminals, links, positions)");
  std::set<std::string> seen;
  for (const auto& entry : root) {
    const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string("(not a name)");
    if (key != "name" && key != "description" && key != "routers" && key != "terminals" && key != "links" &&
        key != "positions")
      throw std::invalid_argument(at(path, entry.first) + ": unknown key '" + excerpt(key) +
                                  "' (allowed: name, description, routers, terminals, links, positions)");
    if (!seen.insert(key).second)
      throw std::invalid_argument(at(path, entry.first) + ": " + key + ": appears twice (allowed: each key once)");
    if ((key == "name" || key == "description") &&
        (!entry.second.IsScalar() || !text_problem(entry.second.Scalar()).empty()))
      throw std::invalid_argument(at(path, entry.second) + ": " + key + ": " +
                                  (entry.second.IsScalar() ? text_problem(entry.second.Scalar()) : "not a name") +
                                  " (allowed: one line of text in UTF-8)");
  }
  if (!root["routers"]) throw std::invalid_argument(path + ":1: routers: missing (allowed: the number of routers, 1.." + std::to_string(kMostRouters) + ")");
  const int routers = int(whole(path, root["routers"], "routers", 1, kMostRouters));
  channels_.assign(std::size_t(routers), {});

  // Terminals: one count for every router, or a list of one per router.
  const YAML::Node terminals = root["terminals"];
  if (!terminals || terminals.IsScalar()) {
    terminals_.assign(std::size_t(routers), terminals ? int(whole(path, terminals, "terminals", 0, kMostPorts)) : 1);
  } else if (terminals.IsSequence() && int(terminals.size()) == routers) {
    for (const auto& t : terminals) terminals_.push_back(int(whole(path, t, "a router's terminals", 0, kMostPorts)));
  } else {
    throw std::invalid_argument(at(path, terminals) + ": terminals: " + std::to_string(terminals.size()) +
                                " entries for " + std::to_string(routers) +
                                " routers (allowed: one count for all, or a list of one per router)");
  }
  for (NodeId r = 0; r < NodeId(routers); ++r)
    for (int slot = 0; slot < terminals_[r]; ++slot) attachments_.push_back(Attachment{r, slot});
  nodes_ = NodeId(attachments_.size());
  if (nodes_ < 2)
    throw std::invalid_argument(at(path, root["routers"]) + ": " + std::to_string(nodes_) + " terminal" +
                                (nodes_ == 1 ? "" : "s") + " (allowed: at least two: a network carries traffic between nodes)");
  direct_ = std::all_of(terminals_.begin(), terminals_.end(), [](int t) { return t == 1; });

  // Links: [a, b] or [a, b, delay], one channel each way.
  const YAML::Node links = root["links"];
  if (links && !links.IsSequence())
    throw std::invalid_argument(at(path, links) + ": links: not a list (allowed: a list of [a, b] or [a, b, delay])");
  if (links)
    for (const auto& link : links) {
      if (!link.IsSequence() || link.size() < 2 || link.size() > 3)
        throw std::invalid_argument(at(path, link) + ": a link is [a, b] or [a, b, delay] (two routers and cycles per flit)");
      const NodeId a = NodeId(whole(path, link[0], "a link's router", 0, routers - 1));
      const NodeId b = NodeId(whole(path, link[1], "a link's router", 0, routers - 1));
      if (a == b) throw std::invalid_argument(at(path, link) + ": a link from router " + std::to_string(a) + " to itself");
      const int delay = link.size() == 3 ? int(whole(path, link[2], "a link's delay", 1, 1024)) : 0;
      const int port_a = int(channels_[a].size()), port_b = int(channels_[b].size());
      channels_[a].push_back(Channel{b, port_b, delay});
      channels_[b].push_back(Channel{a, port_a, delay});
      for (const NodeId r : {a, b})
        if (int(channels_[r].size()) + terminals_[r] > kMostPorts)
          throw std::invalid_argument(at(path, link) + ": router " + std::to_string(r) + " has more than " +
                                      std::to_string(kMostPorts) + " links and terminals (allowed: at most 64)");
    }
  for (const auto& ports : channels_) ports_ = std::max(ports_, int(ports.size()));
  if (ports_ == 0 && routers > 1) throw std::invalid_argument(path + ": no links (allowed: a list of [a, b] under links)");

  // Every pair's distance, by a breadth-first search from each router; the network must be connected.
  hops_.assign(std::size_t(routers) * std::size_t(routers), 0xffff);
  for (NodeId from = 0; from < NodeId(routers); ++from) {
    std::uint16_t* row = &hops_[std::size_t(from) * std::size_t(routers)];
    std::deque<NodeId> queue{from};
    row[from] = 0;
    while (!queue.empty()) {
      const NodeId r = queue.front();
      queue.pop_front();
      for (const Channel& c : channels_[r])
        if (row[c.to] == 0xffff) row[c.to] = std::uint16_t(row[r] + 1), queue.push_back(c.to);
    }
    for (NodeId to = 0; to < NodeId(routers); ++to)
      if (row[to] == 0xffff)
        throw std::invalid_argument(path + ": router " + std::to_string(to) + " cannot be reached from router " +
                                    std::to_string(from) + " (allowed: a connected network)");
  }

  if (const YAML::Node positions = root["positions"]) {
    if (!positions.IsSequence() || int(positions.size()) != routers)
      throw std::invalid_argument(at(path, positions) + ": positions: one [x, y] per router (" + std::to_string(routers) +
                                  "), for heatmaps");
    for (const auto& p : positions) {
      if (!p.IsSequence() || p.size() != 2) throw std::invalid_argument(at(path, p) + ": a position is [x, y]");
      positions_.push_back({int(whole(path, p[0], "x", -100000, 100000)), int(whole(path, p[1], "y", -100000, 100000))});
    }
  }
  const std::string name = root["name"] && root["name"].IsScalar() ? root["name"].Scalar()
                                                                   : std::filesystem::path(path).stem().string();
  description_ = "network from a file: " + name + " (" + std::to_string(routers) + " routers, " +
                 std::to_string(nodes_) + " nodes)";
  capacity_ = compute_capacity();
}

Topology::Link FileTopology::link(NodeId router, int output_port) const {
  const auto& ports = channels_[router];
  if (output_port >= int(ports.size())) return Link{};
  return Link{ports[std::size_t(output_port)].to, ports[std::size_t(output_port)].input_port};
}

int FileTopology::link_delay(NodeId router, int output_port, int local_delay) const {
  const auto& ports = channels_[router];
  if (output_port >= int(ports.size()) || ports[std::size_t(output_port)].delay == 0) return local_delay;
  return ports[std::size_t(output_port)].delay;
}

int FileTopology::minimal_ports(NodeId from, NodeId to, int* out) const {
  const NodeId target = attachments_[to].router;
  const int here = hops(from, target);
  int n = 0;
  for (int p = 0; p < int(channels_[from].size()); ++p)
    if (hops(channels_[from][std::size_t(p)].to, target) == here - 1) out[n++] = p;
  return n;
}

int FileTopology::port_towards(NodeId from, NodeId target) const {
  const int here = hops(from, target);
  for (int p = 0; p < int(channels_[from].size()); ++p)
    if (hops(channels_[from][std::size_t(p)].to, target) == here - 1) return p;
  return -1;
}

std::vector<int> FileTopology::position(NodeId router) const {
  return positions_.empty() ? std::vector<int>{int(router)} : positions_[router];
}

double FileTopology::compute_capacity() const {
  // Every node sends 1 flit/cycle spread evenly over all nodes, each router splitting what it
  // forwards evenly over its shortest-path ports; the capacity is what the most loaded channel
  // allows (at most 1: a node's own channel).
  if (nodes_ < 2) return 1.0;
  const NodeId routers = router_count();
  std::vector<std::size_t> first(routers + 1, 0);
  for (NodeId r = 0; r < routers; ++r) first[r + 1] = first[r] + channels_[r].size();
  std::vector<double> load(first[routers], 0.0), flow(routers);
  std::vector<NodeId> by_distance(routers);
  const double share = 1.0 / double(nodes_);  // to every node, itself included, as 8/k on a torus counts it
  for (NodeId target = 0; target < routers; ++target) {
    if (terminals_[target] == 0) continue;
    for (NodeId r = 0; r < routers; ++r) {
      flow[r] = r == target ? 0.0 : share * terminals_[r] * terminals_[target];
      by_distance[r] = r;
    }
    std::sort(by_distance.begin(), by_distance.end(), [&](NodeId a, NodeId b) { return hops(a, target) > hops(b, target); });
    for (const NodeId r : by_distance) {
      if (r == target || flow[r] == 0.0) continue;
      int ports[kMostPorts];
      int n = 0;
      for (int p = 0; p < int(channels_[r].size()); ++p)
        if (hops(channels_[r][std::size_t(p)].to, target) == hops(r, target) - 1) ports[n++] = p;
      for (int i = 0; i < n; ++i) {
        load[first[r] + std::size_t(ports[i])] += flow[r] / n;
        flow[channels_[r][std::size_t(ports[i])].to] += flow[r] / n;
      }
    }
  }
  const double most = load.empty() ? 0.0 : *std::max_element(load.begin(), load.end());
  return most <= 1.0 ? 1.0 : 1.0 / most;
}

namespace {

const Registration<TopologyRegistry> registration{{
    "file",
    "a network read from a YAML file: routers, links with their delays, terminals per router "
    "(docs/topology-files.md)",
    {ParameterSpec::text("file", "", "the network description (path relative to the file that names it)")},
    [](const ParameterSet& p) -> std::shared_ptr<const Topology> {
      std::string path = p.text("file");
      if (path.empty()) throw ConfigError(p.problem("file", "no file named (allowed: a network description, docs/topology-files.md)"));
      path = path_beside_origin(path, p.origin("file"));  // else relative to the working folder
      try {
        return std::make_shared<const FileTopology>(path);
      } catch (const std::invalid_argument& e) {
        throw ConfigError(p.problem("file", e.what()));
      }
    }}};

}  // namespace
}  // namespace icn
