#pragma once
// tlm.trace (docs/tlm.md, "Transaction traces"): every transaction as a complete event of the trace-event
// JSON that ui.perfetto.dev and chrome://tracing open — one track per initiating node, each event from
// the request's issue to the response's completion with its target, address, size, command, hops and
// timing mode — and, with tlm.trace_packets, each request and response packet on its node's "network"
// track. Written as the run goes (never held in memory), within an optional window of cycles; a file
// cut short (the process killed) still opens, the format allowing an unclosed list.
#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/types.h"

namespace icn {

struct TransactionTraceConfig {
  std::string path;      // empty: no trace
  Cycle from = 0;        // transactions issued from this cycle on
  Cycle until = kNoEnd;  // … and before this one
  bool packets = false;  // also every request and response packet
};

class TransactionTrace {
 public:
  // Opens (creates or truncates) the file; throws ConfigError naming tlm.trace when it cannot.
  TransactionTrace(const TransactionTraceConfig& config, double period_ns);
  ~TransactionTrace();
  TransactionTrace(const TransactionTrace&) = delete;
  TransactionTrace& operator=(const TransactionTrace&) = delete;

  struct Transaction {
    NodeId initiator = 0, target = 0;
    int target_index = 0;          // the local target at the serving node
    std::uint64_t address = 0;
    unsigned size = 0;             // bytes
    bool write = false;
    bool ok = true;                // the response status
    Cycle issued = 0, completed = 0;  // the request's creation, the response's arrival (cycles)
    unsigned hops = 0;             // request and response together (approximate: not simulated, 0)
    bool approximate = false;
  };
  void transaction(const Transaction& t);
  // A request or response packet (with tlm.trace_packets): created at `created`, tail at `arrival`.
  void packet(bool response, NodeId from, NodeId to, Cycle created, Cycle arrival, unsigned flits, unsigned hops);
  bool wants_packets() const { return config_.packets; }
  // Ends the JSON and the file (also done by the destructor): the trace replaces its path only now,
  // whole, as the result does; "" or why it could not be written (the path then keeps what it held).
  std::string close();
  std::uint64_t events() const { return events_; }

 private:
  void event(const char* text, int length);
  // The track (tid) of an event on node `node`'s transactions (kind 0: tids 0, 2, 4, …) or packets (1:
  // 1, 3, 5, …): the first track whose last event ended by `start`. Events are written as they end, so
  // on each track they never overlap and start in order, as the trace-event format's complete events
  // must; a node's concurrent transactions take tracks of their own. A new track's name is written first.
  unsigned track(NodeId node, int kind, Cycle start, Cycle end);
  double microseconds(Cycle cycle) const { return double(cycle + 1) * period_us_; }  // cycle c ends at (c + 1) periods

  TransactionTraceConfig config_;
  double period_us_;
  std::FILE* file_ = nullptr;
  std::string temporary_;  // written here and renamed over the path when whole ("" for a device or FIFO)
  std::uint64_t events_ = 0;
  bool failed_ = false;
  std::unordered_map<std::uint64_t, std::vector<Cycle>> track_ends_;  // per node and kind: each track's last end
};

}  // namespace icn
