#pragma once
// Replays a Trace on the network: each node runs its program — a send hands a packet to its
// network interface and goes on, a receive waits until the matching message has arrived, a
// compute waits its cycles. The run stops when every program has finished and every message is
// delivered (the completion time), or, if every unfinished node waits for a message that no one
// will send any more, with a report of who waits for whom.
#include <deque>
#include <optional>
#include <systemc>

#include <unordered_map>
#include <vector>

#include "common/end_of_cycle.h"

#include "ni/endpoint.h"
#include "traffic/trace.h"

namespace icn {

class CycleClock;

class TraceReplay : public sc_core::sc_module, public EndpointClient {
 public:
  TraceReplay(sc_core::sc_module_name name, const Trace& trace, CycleClock& clock,
              std::vector<Endpoint*> endpoints);

  void received(const Packet& packet, Cycle arrival) override;
  void can_send_again(NodeId) override { delivery_.notify(sc_core::SC_ZERO_TIME); }
  std::optional<Cycle> completed_at() const { return completed_; }
  std::uint64_t messages_sent() const { return sent_; }
  std::uint64_t messages_delivered() const { return delivered_; }
  // Whether completing the trace ends the simulation (sc_stop), or only the replay.
  void stop_simulation_when_complete(bool stop) { stop_when_complete_ = stop; }

 private:
  enum class Wait : std::uint8_t { Ready, Receive, Compute, Room, Done };  // Room: a send waits for a full source queue
  struct NodeState {
    std::size_t next = 0;  // index of the next event
    Wait wait = Wait::Ready;
    Cycle until = 0;  // end of a compute
  };
  void advance();
  void run(NodeId node, Cycle now);
  std::uint64_t pair(NodeId source, NodeId destination) const {
    return std::uint64_t(source) * trace_.nodes + destination;
  }
  [[noreturn]] void report_stall(Cycle now) const;

  const Trace& trace_;
  CycleClock& clock_;
  std::vector<Endpoint*> endpoints_;
  std::vector<NodeState> nodes_;
  std::unordered_map<std::uint64_t, std::deque<Cycle>> arrivals_;  // unconsumed messages per pair
  std::uint64_t sent_ = 0, delivered_ = 0;
  Cycle last_arrival_ = 0;
  std::optional<Cycle> completed_;
  EndOfCycle end_of_cycle_;
  sc_core::sc_event delivery_;  // a message delivered, or room in a full source queue
  bool stop_when_complete_ = true;
};

}  // namespace icn
