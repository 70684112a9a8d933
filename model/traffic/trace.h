#pragma once
// A message-passing trace: per node, a program of sends, receives and computation, replayed with
// its causality (realistic-loads paper sec. V-B). The text format, one event per line:
//
//   # comment
//   nodes 64                 the number of nodes the trace was written for (first line)
//   3 send 7 16              node 3 sends a message of 16 flits to node 7 (does not block)
//   7 recv 3                 node 7 waits for the next message from node 3
//   7 compute 200            node 7 computes for 200 cycles
//
// A node's events run in file order; the k-th `recv s` at node d matches the k-th `send d` of
// node s (messages between a pair arrive in order). Lines of different nodes may interleave.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "common/types.h"

namespace icn {

struct TraceEvent {
  enum class Kind : std::uint8_t { Send, Receive, Compute };
  Kind kind;
  NodeId peer = 0;          // destination of a send, source of a receive
  std::uint64_t amount = 0;  // flits of a send, cycles of a compute
  std::uint32_t line = 0;    // in the trace file, for diagnostics
};

struct Trace {
  std::string path;
  NodeId nodes = 0;
  std::vector<std::vector<TraceEvent>> programs;  // per node
  std::uint64_t messages = 0;
};

// Reads and checks a trace for a network of `network_nodes`: every node named exists, every
// receive has a matching send. Throws ConfigError naming the file and line.
Trace read_trace(const std::string& path, NodeId network_nodes);
// The same from a stream; `path` names it in messages (tests and fuzzing).
Trace read_trace(std::istream& in, const std::string& path, NodeId network_nodes);

}  // namespace icn
