// The endpoint interface (ni/endpoint.h) is all a node's traffic source needs of the network: trace
// replay runs against a scripted endpoint that delivers every message a fixed number of cycles after
// it is sent, and its completion time is what that latency alone gives (issue 32 item 4).
#include <catch2/catch.hpp>

#include <sstream>
#include <systemc>

#include "common/cycle_clock.h"
#include "common/packet_pool.h"
#include "ni/endpoint.h"
#include "support/child_process.h"
#include "traffic/trace.h"
#include "traffic/trace_replay.h"

using namespace icn;

namespace {

// A network of fixed latency: a message sent in cycle c reaches its destination's client at c + latency.
// A node may be made to refuse sends until a given cycle, when it fires can_send_event.
class ScriptedEndpoint : public sc_core::sc_module, public Endpoint {
 public:
  ScriptedEndpoint(sc_core::sc_module_name name, NodeId node, CycleClock& clock, std::vector<ScriptedEndpoint*>& all,
                   Cycle latency, Cycle closed_until = 0)
      : sc_core::sc_module(name), node_(node), clock_(clock), all_(all), latency_(latency), closed_until_(closed_until) {
    SC_HAS_PROCESS(ScriptedEndpoint);
    SC_METHOD(open);
  }
  void send(const Message& m) override {
    CHECK(clock_.cycle() >= closed_until_);
    Packet p;
    p.source = node_;
    p.destination = m.destination;
    p.length = std::uint16_t(m.length);
    p.created = clock_.cycle();
    ++sent;
    if (EndpointClient* client = all_[m.destination]->client_) client->received(p, clock_.cycle() + latency_);
  }
  bool can_send() override { return clock_.cycle() >= closed_until_; }
  const sc_core::sc_event& can_send_event() const override { return opened_; }
  std::size_t queued(Cycle) const override { return 0; }
  void attach(MessageKind kind, EndpointClient* client) override {
    REQUIRE(kind == MessageKind::Data);
    client_ = client;
  }
  void feed_from(EndpointClient*) override {}
  bool throttled(Cycle) const override { return false; }
  int sent = 0;

 private:
  void open() {  // at the cycle the node may send again: tell its client
    if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME && closed_until_ > 0) {
      next_trigger(clock_.time_of(closed_until_));
      return;
    }
    if (closed_until_ == 0) return;
    opened_.notify(sc_core::SC_ZERO_TIME);
    if (client_) client_->can_send_again(node_);
  }
  const NodeId node_;
  CycleClock& clock_;
  std::vector<ScriptedEndpoint*>& all_;
  const Cycle latency_, closed_until_;
  EndpointClient* client_ = nullptr;
  sc_core::sc_event opened_;
};

// Node 0 sends to node 1 and waits for its answer; node 1 answers what it receives. The completion
// cycle and the messages each endpoint was handed.
std::string ping_pong(Cycle latency, Cycle node0_closed_until) {
  return testing::in_child_process([=] {
    std::istringstream text("nodes 2\n0 send 1 16\n0 recv 1\n1 recv 0\n1 send 0 16\n");
    const Trace trace = read_trace(text, "ping-pong", 2);
    auto* clock = new CycleClock("clock", sc_core::sc_time(1, sc_core::SC_NS));
    static std::vector<ScriptedEndpoint*> endpoints;
    endpoints = {new ScriptedEndpoint("e0", 0, *clock, endpoints, latency, node0_closed_until),
                 new ScriptedEndpoint("e1", 1, *clock, endpoints, latency)};
    auto* replay = new TraceReplay("replay", trace, *clock, {endpoints[0], endpoints[1]});
    sc_core::sc_start(sc_core::sc_time(1000, sc_core::SC_NS));
    std::ostringstream out;
    out << (replay->completed_at() ? long(*replay->completed_at()) : -1L) << " " << endpoints[0]->sent << " "
        << endpoints[1]->sent;
    return out.str();
  });
}

}  // namespace

TEST_CASE("trace replay needs nothing of the network but its endpoint: a ping-pong takes two latencies",
          "[endpoint][trace]") {
  CHECK(ping_pong(7, 0) == "14 1 1");
  CHECK(ping_pong(30, 0) == "60 1 1");
}

TEST_CASE("a node whose endpoint refuses sends waits for can_send_event, and its trace goes on from there",
          "[endpoint][trace]") {
  CHECK(ping_pong(7, 20) == "34 1 1");
}
