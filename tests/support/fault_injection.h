#pragma once
// Negative controls for the model's own checks (flit conservation, credit flow control, delivery):
// a FaultInjector breaks one link of a running network on purpose — it loses a credit, duplicates
// a flit, misroutes a head flit or kills a link — by overwriting what the sending router put on the
// link signal, at the end of the cycle it was sent and before the receiver reads it. A
// CreditInvariantCheck checks credit flow control on every link at the end of every cycle:
// for each VC, upstream credits + flit on the link + downstream buffer + credit on its way back
// = buffer depth. Test-only: nothing in the model refers to this file.
#include <string>

#include "common/end_of_cycle.h"
#include "common/model_error.h"
#include "experiment.h"

namespace icn::testing {

class FaultInjector : public sc_core::sc_module {
 public:
  enum class Fault { DropCredit, DuplicateFlit, Misroute, KillLink };

  // Breaks the link leaving `node` through network port `port`, at the first opportunity from
  // cycle `from` on (KillLink: every flit from then on).
  FaultInjector(sc_core::sc_module_name name, Experiment& network, Fault fault, NodeId node, int port, Cycle from)
      : sc_core::sc_module(name), network_(network), fault_(fault), node_(node), port_(port), from_(from) {
    SC_HAS_PROCESS(FaultInjector);
    SC_METHOD(act);
    sensitive << network.clock().tick();
    network.clock().keep_awake();  // acts every cycle, however idle the network
    dont_initialize();
  }
  bool done() const { return done_; }
  Cycle when() const { return when_; }

 private:
  void act() {
    if (end_of_cycle_.defer()) return;
    const Cycle now = network_.clock().cycle();
    if (now < from_ || (done_ && fault_ != Fault::KillLink)) return;
    FlitSignal& link = network_.fabric().link_flit_signal(node_, port_);
    const Flit current = link.read();
    const bool flit_sent_now = current.sent == std::uint32_t(now);
    switch (fault_) {
      case Fault::DropCredit: {
        CreditSignal& back = network_.fabric().link_credit_signal(node_, port_);
        if (back.read().sent != std::uint32_t(now)) return;
        Credit stale = back.read();
        stale.sent = std::uint32_t(now - 7);  // never "sent just before" any cycle to come
        back.send(stale);
        break;
      }
      case Fault::DuplicateFlit:
        if (!saved_) {
          if (!flit_sent_now) return;
          saved_ = true;
          copy_ = current;
          return;
        }
        if (flit_sent_now) return;  // the router used the link this cycle: wait for a free one
        copy_.sent = std::uint32_t(now);
        link.send(copy_);
        break;
      case Fault::Misroute: {
        if (!flit_sent_now || !current.is_head()) return;
        Flit wrong = current;
        wrong.destination = (current.destination + 1) % network_.node_count();
        if (wrong.destination == node_) wrong.destination = (wrong.destination + 1) % network_.node_count();
        link.send(wrong);
        break;
      }
      case Fault::KillLink: {
        if (!flit_sent_now) return;
        Flit lost = current;
        lost.sent = std::uint32_t(now - 7);
        link.send(lost);
        break;
      }
    }
    if (!done_) when_ = now;
    done_ = true;
  }

  Experiment& network_;
  const Fault fault_;
  const NodeId node_;
  const int port_;
  const Cycle from_;
  bool done_ = false, saved_ = false;
  Flit copy_;
  Cycle when_ = 0;
  EndOfCycle end_of_cycle_;
};

class CreditInvariantCheck : public sc_core::sc_module {
 public:
  CreditInvariantCheck(sc_core::sc_module_name name, Experiment& network) : sc_core::sc_module(name), network_(network) {
    SC_HAS_PROCESS(CreditInvariantCheck);
    SC_METHOD(check);
    sensitive << network.clock().tick();
    network.clock().keep_awake();  // acts every cycle, however idle the network
    dont_initialize();
  }
  std::uint64_t cycles_checked() const { return cycles_; }

 private:
  void check() {
    if (end_of_cycle_.defer()) return;
    const Cycle now = network_.clock().cycle();
    const Topology& topology = network_.topology();
    for (NodeId n = 0; n < network_.node_count(); ++n) {
      const Router& up = network_.node(n).router();
      for (int p = 0; p < topology.network_ports(); ++p) {
        const NodeId m = topology.neighbour(n, p);
        if (m == kNoNode) continue;
        const Router& down = network_.node(m).router();
        const Flit& flit = network_.fabric().link_flit(n, p);
        const Credit& credit = network_.fabric().link_credit(n, p);
        for (int v = 0; v < up.virtual_channels(); ++v) {
          const int on_link = flit.sent == std::uint32_t(now) && flit.vc == v;
          const int coming_back = credit.sent == std::uint32_t(now) && credit.returns(v);
          const int total = up.output_credits(p, v) + on_link + down.input_occupancy(p, v) + coming_back;
          if (total != up.buffer_depth())
            throw ModelError("credit invariant violated at cycle " + std::to_string(now) + " on the link from node " +
                             std::to_string(n) + " port " + std::to_string(p) + " VC " + std::to_string(v) +
                             ": credits + in flight + buffered = " + std::to_string(total) + ", buffer depth " +
                             std::to_string(up.buffer_depth()));
        }
      }
    }
    ++cycles_;
  }

  Experiment& network_;
  std::uint64_t cycles_ = 0;
  EndOfCycle end_of_cycle_;
};

}  // namespace icn::testing
