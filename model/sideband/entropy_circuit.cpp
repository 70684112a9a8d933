#include "sideband/entropy_circuit.h"

#include <algorithm>
#include <stdexcept>

#include "common/cycle_clock.h"
#include "router/router_view.h"
#include "topology/kary_ncube.h"

namespace icn {

EntropyCircuit::EntropyCircuit(sc_core::sc_module_name name, const KaryNCube& topology, CycleClock& clock)
    : sc_core::sc_module(name),
      clock_(clock),
      nodes_(topology.node_count()),
      dimensions_(topology.dimensions()),
      root_(topology.radix() / 2) {
  routers_.assign(nodes_, nullptr);
  clients_.assign(nodes_, nullptr);
  const std::size_t registers = nodes_ * std::size_t(dimensions_);
  for (auto* v : {&reduction_, &broadcast_, &from_below_, &from_above_, &from_root_side_}) v->assign(registers, {});
  profile_.assign(nodes_, {});
  counts_.assign(nodes_, {});
  lower_.assign(registers, kNoNode);
  higher_.assign(registers, kNoNode);
  coordinate_.assign(registers, 0);
  const int k = topology.radix();
  for (int d = 0; d < dimensions_; ++d) {
    for (NodeId n = 0; n < NodeId(nodes_); ++n) {
      const std::size_t i = at(d, n);
      const int c = topology.coordinate(n, d);
      coordinate_[i] = c;
      // The line's links only: on a torus the wrap link from k − 1 to 0 is not part of the circuit.
      if (c > 0) lower_[i] = topology.neighbour(n, KaryNCube::port_of(d, false));
      if (c < k - 1) higher_[i] = topology.neighbour(n, KaryNCube::port_of(d, true));
    }
  }
}

void EntropyCircuit::attach(NodeId node, const RouterView& router, EntropyClient* client, bool virtual_control_channel) {
  if (attached_ > 0 && virtual_control_channel != virtual_control_channel_)
    throw std::logic_error("all entropy circuit clients must agree on the virtual control channel");
  set_virtual_control_channel(virtual_control_channel);
  if (clients_[node] == nullptr) ++attached_;
  routers_[node] = &router;
  clients_[node] = client;
}

// The profile register, then per dimension: ⌊k/2⌋ hops to the root, its broadcast register, ⌊k/2⌋
// hops back, and the next dimension's reduction register.
Cycle EntropyCircuit::settle_cycles() const { return 1 + Cycle(dimensions_) * Cycle(2 + 2 * root_); }

const EntropyCounts& EntropyCircuit::reading(NodeId node) const { return broadcast_[at(dimensions_ - 1, node)]; }

void EntropyCircuit::end_of_elaboration() {
  if (!active()) return;
  if (attached_ != int(nodes_)) throw std::logic_error("the entropy circuit needs every node's router");
  emptied_seen_.assign(nodes_, 0);
  switched_seen_.assign(nodes_, 0);
  SC_HAS_PROCESS(EntropyCircuit);
  SC_METHOD(step);
}

void EntropyCircuit::step() {
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    next_trigger(clock_.time_of(0));
    return;
  }
  if (resting_) {  // woken by the network's clock starting again
    // Each cycle slept through would have clocked zeros through the registers, to no change but
    // the transfers (a resting network's links carry no flit to steal cycles from).
    catch_up(clock_.resumed_at());
    resting_ = false;
    next_trigger(clock_.time_of(last_step_ + 1) - clock_.now());
    return;
  }
  // After the cycle's clocked work, so that a router's counts for the cycle are complete.
  if (end_of_cycle_.defer()) return;
  const Cycle now = clock_.cycle();
  const std::uint64_t transfers_before = transfers_;
  // A buffer was valid in this cycle if it holds flits now or its last flit left in it (a buffer
  // receives before it sends, so one that filled and emptied in the cycle counts once).
  for (NodeId n = 0; n < NodeId(nodes_); ++n) {
    const RouterView& r = *routers_[n];
    const std::uint64_t emptied = r.buffers_emptied(), switched = r.switched_flits();
    counts_[n].valid = std::uint32_t(r.valid_buffers() + int(emptied - emptied_seen_[n]));
    counts_[n].active = std::uint32_t(switched - switched_seen_[n]);
    emptied_seen_[n] = emptied;
    switched_seen_[n] = switched;
  }
  clock_registers(counts_, [this, now](NodeId node, int port) { return routers_[node]->sent_in(port, now); });
  for (NodeId n = 0; n < NodeId(nodes_); ++n) clients_[n]->entropy_read(reading(n), now);
  last_step_ = now;
  // At rest, once every router has read zeros twice (a hysteresis settles on its second reading),
  // further cycles change nothing: sleep until the network moves.
  zero_steps_ = clock_.at_rest() && all_zero() ? zero_steps_ + 1 : 0;
  if (zero_steps_ >= 2) {
    transfers_per_zero_step_ = transfers_ - transfers_before;
    resting_ = true;
    zero_steps_ = 0;
    next_trigger(clock_.resumed());
    return;
  }
  next_trigger(clock_.until(now + 1));
}

void EntropyCircuit::catch_up(Cycle resumed) {
  if (!resting_ || resumed <= last_step_ + 1) return;
  transfers_ += (resumed - 1 - last_step_) * transfers_per_zero_step_;
  last_step_ = resumed - 1;
}

bool EntropyCircuit::all_zero() const {
  const EntropyCounts zero{};
  for (const auto* v : {&reduction_, &broadcast_, &from_below_, &from_above_, &from_root_side_, &profile_, &counts_})
    for (const EntropyCounts& c : *v)
      if (!(c == zero)) return false;
  return true;
}

}  // namespace icn
