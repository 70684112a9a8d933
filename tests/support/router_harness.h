#pragma once
// One router alone, for testing its allocation rules: a script drives its input flit signals
// (respecting the credits the router returns) and its downstream credits, a scripted routing function
// decides the candidates, and every flit the router sends is recorded with its cycle. The router
// is node 5 of a 4-ary 2-cube torus (all four neighbours exist); inputs 0..3 are network ports
// (+x, −x, +y, −y), 4 the injection channel; outputs 0..3 network ports, 4 the delivery channel.
// Build it inside testing::in_child_process (SystemC elaborates once per process).
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <systemc>
#include <vector>

#include "common/cycle_clock.h"
#include "common/packet_pool.h"
#include "router/router_config.h"
#include "router/router.h"
#include "topology/kary_ncube.h"

namespace icn::testing {

class ScriptedRouting : public RoutingFunction {
 public:
  using Rule = std::function<void(NodeId node, int input_port, int input_vc, NodeId destination, RouteResult&)>;
  explicit ScriptedRouting(Rule rule) : rule_(std::move(rule)) {}
  void route(NodeId node, int input_port, int input_vc, NodeId destination, RouteResult& out) const override {
    out.clear();
    rule_(node, input_port, input_vc, destination, out);
  }
  std::string describe() const override { return "scripted by the test"; }

 private:
  Rule rule_;
};

struct SentFlit {
  Cycle cycle;
  int port, vc;
  Flit flit;
};

class RouterHarness : public sc_core::sc_module {
 public:
  static constexpr NodeId kRouter = 5;

  struct Setup {
    int virtual_channels = 3, buffer_depth = 8;
    bool cut_through = false, metapacket_vc = false, metapacket_link_priority = false;
    bool oldest_first = true;
    bool central_arbiter = false;
    bool reallocate_when_empty = false;
    std::string arbitration = "round_robin";
    int unbound_input = -1;  // an input port left without its link (a wiring fault)
    DeadlockRecoveryConfig recovery;  // software recovery absorbs into the delivery channel (output 4)
  };

  RouterHarness(sc_core::sc_module_name name, const Setup& setup, ScriptedRouting::Rule rule)
      : sc_core::sc_module(name),
        topology_(4, 2, {DimensionKind::Torus}),
        clock_("clock", sc_core::sc_time(1, sc_core::SC_NS)),
        routing_(std::move(rule)) {
    router_config_.virtual_channels = setup.virtual_channels;
    router_config_.buffer_depth = setup.buffer_depth;
    router_config_.routing_delay = 1;
    router_config_.crossbar_delay = 1;
    router_config_.link_delay = 1;
    router_config_.virtual_cut_through = setup.cut_through;
    router_config_.metapacket_vc = setup.metapacket_vc;
    router_config_.metapacket_link_priority = setup.metapacket_link_priority;
    router_config_.vc_allocation = setup.oldest_first ? VcAllocationOrder::OldestFirst : VcAllocationOrder::LongestWaiting;
    router_config_.central_arbiter = setup.central_arbiter;
    router_config_.reallocate_when_empty = setup.reallocate_when_empty;
    router_config_.arbitration = setup.arbitration;
    terminals_.injection_channels = 1;
    terminals_.delivery_channels = 1;
    terminals_.injection_delay = 1;
    recovery_ = setup.recovery;
    vcs_ = vcs_per_port(router_config_, recovery_);
    router_ = std::make_unique<Router>(
        "router", RouterContext{kRouter, topology_, router_config_, terminals_, recovery_, nullptr, routing_, nullptr, clock_,
                                packets_, 1});
    const int inputs = topology_.network_ports() + 1, outputs = topology_.network_ports() + 1;
    flit_in_.init(inputs);
    credit_out_.init(inputs);
    flit_out_.init(outputs);
    credit_in_.init(topology_.network_ports());
    for (int p = 0; p < inputs; ++p)
      if (p != setup.unbound_input) router_->bind_input(p, flit_in_[p], credit_out_[p]);
    for (int p = 0; p < outputs; ++p)
      router_->bind_output(p, flit_out_[p], p < topology_.network_ports() ? &credit_in_[p] : nullptr);
    upstream_credits_.assign(std::size_t(inputs * vcs_), setup.buffer_depth);
    SC_HAS_PROCESS(RouterHarness);
    SC_METHOD(drive);
    sensitive << clock_.tick();
    clock_.keep_awake();  // drives the router's inputs every cycle
    dont_initialize();
  }

  Router& router() { return *router_; }
  int vcs() const { return vcs_; }

  // A packet of `length` flits to `destination`, injected (into the network) at `injected`,
  // offered on input `port`, VC `vc`, from cycle `from` on, one flit per cycle as credits allow.
  PacketId offer(int port, int vc, Cycle from, int length, Cycle injected, NodeId destination = 6) {
    const PacketId id = packets_.allocate();
    Packet& p = packets_[id];
    p.source = 0;
    p.destination = destination;
    p.length = std::uint16_t(length);
    p.injected = injected;
    p.in_network = true;
    for (int i = 0; i < length; ++i) {
      Flit f;
      f.packet = id;
      f.destination = destination;
      f.index = std::uint16_t(i);
      f.vc = std::uint8_t(vc);
      f.flags = std::uint8_t((i == 0 ? Flit::kHead : 0) | (i + 1 == length ? Flit::kTail : 0));
      auto& vcs = queue_[port];
      if (vcs.size() <= std::size_t(vc)) vcs.resize(std::size_t(vc) + 1);
      vcs[std::size_t(vc)].push_back(Pending{from, offered_++, f});
    }
    return id;
  }
  // Downstream of output `port` returns no credit from cycle `from` until `release_at` (then all it
  // holds, one per cycle); by default credits come back the cycle after each flit arrives. With
  // `VC` set, only that VC's credits are held and the port's other VCs keep theirs flowing.
  void hold_credits(int port, Cycle release_at, Cycle from = 0, int vc = -1) {
    held_[port] = Hold{from, release_at, vc};
  }

  const std::vector<SentFlit>& sent() const { return sent_; }
  // Cycle at which the head / tail of `packet` left the router, or -1.
  long long departure(PacketId packet, bool tail) const {
    for (const auto& s : sent_)
      if (s.flit.packet == packet && (tail ? s.flit.is_tail() : s.flit.is_head())) return (long long)s.cycle;
    return -1;
  }

  void run(Cycle cycles) { sc_core::sc_start(clock_.time_of(cycles - 1) + clock_.period() / 2); }

 private:
  struct Pending {
    Cycle from;
    std::uint64_t order;  // offer order, across the port's VCs
    Flit flit;
  };

  void drive() {
    const Cycle now = clock_.cycle();
    const int inputs = topology_.network_ports() + 1;
    // Credits the router returned last cycle.
    for (int p = 0; p < inputs; ++p) {
      const Credit& c = credit_out_[p].read();
      if (!c.sent_just_before(now)) continue;
      for (int v = 0; v < vcs_; ++v) upstream_credits_[std::size_t(p * vcs_ + v)] += c.returns(v);
    }
    // Flits the router sent last cycle: record them, and let downstream return the credit.
    for (int p = 0; p < topology_.network_ports() + 1; ++p) {
      const Flit& f = flit_out_[p].read();
      if (!f.sent_just_before(now)) continue;
      sent_.push_back(SentFlit{now - 1, p, f.vc, f});
      if (p < topology_.network_ports()) owed_[p].push_back(f.vc);
    }
    for (int p = 0; p < topology_.network_ports(); ++p) {
      // The oldest owed credit whose VC is not held (one credit per port per cycle).
      const auto held = held_.find(p);
      const bool holding = held != held_.end() && now >= held->second.from && now < held->second.until;
      auto owed = owed_[p].begin();
      while (owed != owed_[p].end() && holding && (held->second.vc < 0 || held->second.vc == *owed)) ++owed;
      if (owed == owed_[p].end()) continue;
      credit_in_[p].write(Credit{std::uint32_t(now), *owed});
      owed_[p].erase(owed);
    }
    // One flit per input port per cycle: the oldest offered one whose VC has a credit. Flits of
    // one VC go in order, so only the front of each VC's queue can go.
    for (auto& [port, vcs] : queue_) {
      std::deque<Pending>* oldest = nullptr;
      for (auto& vc : vcs) {
        if (vc.empty() || vc.front().from > now) continue;
        if (upstream_credits_[std::size_t(port * vcs_ + vc.front().flit.vc)] == 0) continue;
        if (!oldest || vc.front().order < oldest->front().order) oldest = &vc;
      }
      if (!oldest) continue;
      --upstream_credits_[std::size_t(port * vcs_ + oldest->front().flit.vc)];
      Flit f = oldest->front().flit;
      f.sent = std::uint32_t(now);
      flit_in_[port].write(f);
      oldest->pop_front();
    }
  }

  KaryNCube topology_;
  CycleClock clock_;
  PacketPool packets_;
  ScriptedRouting routing_;
  RouterConfig router_config_;
  TerminalPorts terminals_;
  DeadlockRecoveryConfig recovery_;
  int vcs_ = 0;
  std::unique_ptr<Router> router_;
  sc_core::sc_vector<FlitSignal> flit_in_, flit_out_;
  sc_core::sc_vector<CreditSignal> credit_out_, credit_in_;
  std::map<int, std::vector<std::deque<Pending>>> queue_;  // per input port, per VC
  std::uint64_t offered_ = 0;
  std::vector<int> upstream_credits_;
  std::map<int, std::vector<std::uint8_t>> owed_;
  struct Hold {
    Cycle from, until;
    int vc;  // -1: every VC of the port
  };
  std::map<int, Hold> held_;
  std::vector<SentFlit> sent_;
};

}  // namespace icn::testing
