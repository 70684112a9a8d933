#include "traffic/trace.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "common/config_error.h"
#include "common/text.h"

namespace icn {

Trace read_trace(const std::string& path, NodeId network_nodes) {
  // Only a regular file: a device or a folder would be read for ever or as nothing.
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) throw ConfigError(path + ": cannot open the trace file");
  if (!std::filesystem::is_regular_file(status))
    throw ConfigError(path + ": is not a regular file (allowed: a trace file)");
  std::ifstream in(path);
  if (!in) throw ConfigError(path + ": cannot open the trace file");
  return read_trace(in, path, network_nodes);
}

Trace read_trace(std::istream& in, const std::string& path, NodeId network_nodes) {
  Trace trace;
  trace.path = path;
  std::string text;
  std::uint32_t line = 0;
  auto fail = [&](const std::string& problem) { throw ConfigError(path + ":" + std::to_string(line) + ": " + problem); };
  // A whole word of digits, or false.
  auto parse = [](const std::string& word, unsigned long long& value) {
    std::size_t used = 0;
    try {
      value = std::stoull(word, &used);
    } catch (const std::exception&) {
      return false;
    }
    return !word.empty() && used == word.size() && word[0] != '-';
  };
  auto node_number = [&](const std::string& word, const char* role) {
    unsigned long long value = 0;
    if (!parse(word, value)) fail(std::string("'") + excerpt(word) + "' is not a " + role + " node number");
    if (value >= trace.nodes)
      fail(std::string(role) + " node " + excerpt(word) + " is outside the trace's " + std::to_string(trace.nodes) + " nodes");
    return NodeId(value);
  };
  auto amount = [&](const std::string& word, const char* what) {
    unsigned long long value = 0;
    if (!parse(word, value) || value == 0) fail(std::string("'") + excerpt(word) + "' is not a positive " + what);
    return std::uint64_t(value);
  };
  // Sends per ordered pair, to match receives against.
  std::map<std::pair<NodeId, NodeId>, std::uint64_t> sends;
  struct PendingReceive { NodeId source, destination; std::uint32_t line; std::uint64_t ordinal; };
  std::vector<PendingReceive> receives;
  std::map<std::pair<NodeId, NodeId>, std::uint64_t> receive_count;

  // Lines are short ("12 send 40 16"): one far longer is not a trace, and reading it whole would take
  // as much memory as the file (a tail of a gigabyte without a line break).
  constexpr std::size_t kLongestLine = 4096;
  char buffer[kLongestLine + 1];
  while (in.getline(buffer, sizeof buffer) || in.gcount() > 0) {
    ++line;
    if (in.fail() && !in.eof() && std::size_t(in.gcount()) == kLongestLine)
      fail("longer than " + std::to_string(kLongestLine) + " characters (allowed: one event per line)");
    // gcount counts the line break too, when there was one (not at the end of a file without it).
    text.assign(buffer, std::size_t(in.gcount()) - (in.eof() ? 0 : 1));
    const auto hash = text.find('#');
    if (hash != std::string::npos) text.resize(hash);
    std::istringstream words(text);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty()) continue;
    if (trace.nodes == 0) {
      if (w.size() != 2 || w[0] != "nodes") fail("expected 'nodes N' before the first event");
      const std::uint64_t n = amount(w[1], "node count");
      if (n > network_nodes)
        fail("the trace is for " + std::to_string(n) + " nodes but the network has " + std::to_string(network_nodes));
      trace.nodes = NodeId(n);
      trace.programs.resize(n);
      continue;
    }
    if (w.size() < 3) fail("expected 'NODE send DESTINATION FLITS', 'NODE recv SOURCE' or 'NODE compute CYCLES'");
    const NodeId node = node_number(w[0], "event");
    TraceEvent e;
    e.line = line;
    if (w[1] == "send" && w.size() == 4) {
      e.kind = TraceEvent::Kind::Send;
      e.peer = node_number(w[2], "destination");
      e.amount = amount(w[3], "flit count");
      if (e.amount > 65535) fail("a message has at most 65535 flits");
      ++sends[{node, e.peer}];
      ++trace.messages;
    } else if (w[1] == "recv" && w.size() == 3) {
      e.kind = TraceEvent::Kind::Receive;
      e.peer = node_number(w[2], "source");
      receives.push_back({e.peer, node, line, ++receive_count[{e.peer, node}]});
    } else if (w[1] == "compute" && w.size() == 3) {
      e.kind = TraceEvent::Kind::Compute;
      e.amount = amount(w[2], "cycle count");
      // Longer than any run can be (simulation.cycles' bound), and a cycle count that could wrap.
      if (e.amount > 4000000000ULL) fail("a computation lasts at most 4000000000 cycles, the longest run (allowed: 1..4000000000)");
    } else {
      fail("unknown event '" + excerpt(text) + "' (allowed: send DESTINATION FLITS, recv SOURCE, compute CYCLES)");
    }
    trace.programs[node].push_back(e);
  }
  if (trace.nodes == 0) throw ConfigError(path + ":1: the trace has no 'nodes N' line");
  // A receive without its send could never complete: refuse it now rather than hang.
  for (const auto& r : receives) {
    const std::uint64_t sent = sends[{r.source, r.destination}];
    if (r.ordinal > sent) {
      line = r.line;
      fail("node " + std::to_string(r.destination) + " waits for message " + std::to_string(r.ordinal) +
           " from node " + std::to_string(r.source) + ", which sends it only " + std::to_string(sent));
    }
  }
  return trace;
}

}  // namespace icn
