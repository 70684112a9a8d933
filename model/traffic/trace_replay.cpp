#include "traffic/trace_replay.h"

#include <sstream>

#include "common/cycle_clock.h"
#include "common/model_error.h"

namespace icn {

TraceReplay::TraceReplay(sc_core::sc_module_name name, const Trace& trace, CycleClock& clock,
                         std::vector<Endpoint*> endpoints)
    : sc_core::sc_module(name), trace_(trace), clock_(clock), endpoints_(std::move(endpoints)), nodes_(trace.nodes) {
  for (NodeId n = 0; n < trace.nodes; ++n) endpoints_[n]->attach(MessageKind::Data, this);
  SC_HAS_PROCESS(TraceReplay);
  SC_METHOD(advance);
}

void TraceReplay::received(const Packet& packet, Cycle arrival) {
  if (packet.source >= trace_.nodes) return;
  arrivals_[pair(packet.source, packet.destination)].push_back(arrival);
  ++delivered_;
  last_arrival_ = std::max(last_arrival_, arrival);
  delivery_.notify(sc_core::SC_ZERO_TIME);
}

void TraceReplay::run(NodeId node, Cycle now) {
  NodeState& state = nodes_[node];
  const auto& program = trace_.programs[node];
  while (state.wait != Wait::Done) {
    if (state.next == program.size()) {
      state.wait = Wait::Done;
      break;
    }
    const TraceEvent& e = program[state.next];
    if (e.kind == TraceEvent::Kind::Send) {
      if (!endpoints_[node]->can_send()) {  // source_queue_full: block — the send waits for room
        state.wait = Wait::Room;
        break;
      }
      state.wait = Wait::Ready;
      endpoints_[node]->send(Message{MessageKind::Data, e.peer, int(e.amount)});
      ++sent_;
      ++state.next;
    } else if (e.kind == TraceEvent::Kind::Compute) {
      if (state.wait != Wait::Compute) {
        state.wait = Wait::Compute;
        state.until = now + e.amount;
      }
      if (state.until > now) break;
      state.wait = Wait::Ready;
      ++state.next;
    } else {
      auto it = arrivals_.find(pair(e.peer, node));
      if (it == arrivals_.end() || it->second.empty() || it->second.front() > now) {
        state.wait = Wait::Receive;
        break;
      }
      it->second.pop_front();
      state.wait = Wait::Ready;
      ++state.next;
    }
  }
}

void TraceReplay::advance() {
  // Acts one delta after a cycle's clocked work, so deliveries of the cycle are known.
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    next_trigger(clock_.time_of(0));
    return;
  }
  if (end_of_cycle_.defer()) return;
  const Cycle now = clock_.cycle();
  bool all_done = true, room = false;  // room: a node waits for its endpoint to take a send
  Cycle wake = ~Cycle(0);
  for (NodeId n = 0; n < trace_.nodes; ++n) run(n, now);
  // What each node waits for, once all have run: an endpoint may deliver a message within a send.
  for (NodeId n = 0; n < trace_.nodes; ++n) {
    const NodeState& state = nodes_[n];
    if (state.wait == Wait::Done) continue;
    all_done = false;
    room |= state.wait == Wait::Room;
    if (state.wait == Wait::Compute) wake = std::min(wake, state.until);
    if (state.wait == Wait::Receive) {  // a message that has arrived by a later cycle
      auto it = arrivals_.find(pair(trace_.programs[n][state.next].peer, n));
      if (it != arrivals_.end() && !it->second.empty()) wake = std::min(wake, it->second.front());
    }
  }
  if (all_done && delivered_ == sent_) {
    if (last_arrival_ > now) {  // the last message is still on the delivery channel
      next_trigger(clock_.time_of(last_arrival_) - sc_core::sc_time_stamp());
      return;
    }
    completed_ = std::max(now, last_arrival_);
    if (stop_when_complete_) sc_core::sc_stop();
    return;
  }
  if (!all_done && !room && wake == ~Cycle(0) && delivered_ == sent_) report_stall(now);
  if (wake != ~Cycle(0))
    next_trigger(clock_.time_of(wake) - sc_core::sc_time_stamp(), delivery_);
  else
    next_trigger(delivery_);
}

void TraceReplay::report_stall(Cycle now) const {
  std::ostringstream os;
  os << "trace replay of " << trace_.path << " stalled at cycle " << now
     << ": every message sent is delivered, yet these nodes wait:";
  int listed = 0;
  for (NodeId n = 0; n < trace_.nodes; ++n) {
    const NodeState& state = nodes_[n];
    if (state.wait != Wait::Receive) continue;
    if (listed++ == 8) {
      os << " …";
      break;
    }
    const TraceEvent& e = trace_.programs[n][state.next];
    os << " node " << n << " for a message from node " << e.peer << " (line " << e.line << ");";
  }
  model_error(os.str());
}

}  // namespace icn
