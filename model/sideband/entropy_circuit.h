#pragma once
// The entropy circuit of the entropy-throttling paper (sec. 3.2, Fig. 1): every router's valid and
// active buffer counts (Nv_i, Na_i) summed over the network by reduction and broadcast, one
// dimension after the other, so that each router reads the network's Nv and Na every cycle.
//
// Per router and dimension d there are two registers besides the profile register (Nv_i, Na_i):
// a reduction register and a broadcast register — for the 2-D torus the paper's four direction
// registers and four adders. Along each ring (used as a line; the wrap links are not needed) the
// node at coordinate r = ⌊k/2⌋ is the root: a reduction register holds its own input plus the
// reduction registers of its neighbours on the far side from r; the root's broadcast register takes
// the root's reduction register, every other broadcast register its neighbour's nearer to r. The
// input of dimension 0 is the profile register, that of dimension d + 1 the broadcast register of
// dimension d, and the router reads the broadcast register of the last dimension. Every register
// takes its new value every cycle from the values its sources held at the end of the previous
// cycle, so a sum advances one hop per cycle and the registers are never synchronised with one
// another: partial sums are visible while a change propagates (sec. 6.3), and a constant count is
// read exactly after settle_cycles() = 1 + n·(2 + 2⌊k/2⌋) cycles at most (69 on the paper's 32×32).
//
// With the virtual control channel (sec. 6.7) the register values between neighbours travel on
// the data links by cycle stealing: a transfer happens in a cycle only if the data link it needs
// carried no flit; otherwise the receiver keeps the last value it got.
#include <cstdint>
#include <systemc>
#include <vector>

#include "common/end_of_cycle.h"
#include "common/types.h"
#include "topology/kary_ncube.h"

namespace icn {

class CycleClock;
class RouterView;

struct EntropyCounts {
  std::uint32_t valid = 0;   // Nv: buffers holding a packet
  std::uint32_t active = 0;  // Na: buffers whose head flit moved
  EntropyCounts& operator+=(const EntropyCounts& o) {
    valid += o.valid;
    active += o.active;
    return *this;
  }
  bool operator==(const EntropyCounts& o) const { return valid == o.valid && active == o.active; }
};

class EntropyClient {
 public:
  virtual ~EntropyClient() = default;
  // The network's counts as this node's router reads them at the end of cycle `now`.
  virtual void entropy_read(const EntropyCounts& network, Cycle now) = 0;
};

class EntropyCircuit : public sc_core::sc_module {
 public:
  EntropyCircuit(sc_core::sc_module_name name, const KaryNCube& topology, CycleClock& clock);

  // Every node's controller attaches its router before simulation; the circuit then runs every
  // cycle (it costs nothing when nobody attaches). All must agree on the virtual control channel.
  void attach(NodeId node, const RouterView& router, EntropyClient* client, bool virtual_control_channel);
  bool active() const { return attached_ > 0; }
  // Register values on the data links by cycle stealing instead of dedicated wires (attach sets it).
  void set_virtual_control_channel(bool on) { virtual_control_channel_ = on; }

  // Worst-case cycles from a change of the counts to every router reading it (no cycle stealing).
  Cycle settle_cycles() const;
  // The profile register of a node (its Nv_i, Na_i in the last cycle) and what it reads now.
  const EntropyCounts& profile(NodeId node) const { return profile_[node]; }
  const EntropyCounts& reading(NodeId node) const;
  // Register transfers that waited because their data link carried a flit (virtual control channel).
  std::uint64_t stolen_cycles_missed() const { return missed_; }
  // Since the run began: register values sent between neighbouring routers (each a pair Nv, Na),
  // and reduction and broadcast registers that took a new value (what switches; the registers are
  // clocked every cycle whatever they hold).
  std::uint64_t register_transfers() const { return transfers_; }
  // A resting circuit (common/cycle_clock.h) counts the transfers of the cycles it slept through when
  // the network moves again, or when they are read.
  void bring_up_to(Cycle before) { catch_up(before); }  // the cycles before `before`
  std::uint64_t register_changes() const { return changes_; }

  // One cycle of the registers given every router's counts for it (the process calls it at the end
  // of each cycle; tests call it directly). `link_busy(node, port)`: the data link leaving `node`
  // through `port` carried a flit this cycle.
  template <class LinkBusy>
  void clock_registers(const std::vector<EntropyCounts>& counts, LinkBusy link_busy);

 private:
  void end_of_elaboration() override;
  void step();
  bool all_zero() const;  // every register, copy, profile and count
  void catch_up(Cycle resumed);  // the transfers of the cycles before `resumed` slept through
  std::size_t at(int dimension, NodeId node) const { return std::size_t(dimension) * nodes_ + node; }

  CycleClock& clock_;
  const std::size_t nodes_;
  const int dimensions_, root_;
  int attached_ = 0;
  bool virtual_control_channel_ = false;
  std::vector<const RouterView*> routers_;
  std::vector<EntropyClient*> clients_;
  // Per router: what it counted last (for the per-cycle differences of the routers' running counts).
  std::vector<std::uint64_t> emptied_seen_, switched_seen_;
  std::vector<EntropyCounts> counts_, profile_;
  // Per dimension and node: the registers, and the copies of the neighbours' registers it adds or
  // passes on (the value last transferred over the link).
  std::vector<EntropyCounts> reduction_, broadcast_, from_below_, from_above_, from_root_side_;
  // Per node and dimension: the neighbour one coordinate lower and higher on the line, or kNoNode.
  std::vector<NodeId> lower_, higher_;
  std::vector<int> coordinate_;
  std::uint64_t missed_ = 0, transfers_ = 0, changes_ = 0;
  EndOfCycle end_of_cycle_;
  // Resting (common/cycle_clock.h): the last cycle stepped, steps in a row that found and left
  // everything zero, and the register transfers of such a step (made up for those slept through).
  bool resting_ = false;
  Cycle last_step_ = 0;
  int zero_steps_ = 0;
  std::uint64_t transfers_per_zero_step_ = 0;
};

template <class LinkBusy>
void EntropyCircuit::clock_registers(const std::vector<EntropyCounts>& counts, LinkBusy link_busy) {
  // First the transfers between neighbours, from the registers as they were at the end of the last
  // cycle; a transfer from lower to higher coordinate uses the sender's + link, the other way its
  // − link (ports 2d and 2d + 1, topology/kary_ncube.h).
  auto transfer = [&](EntropyCounts& copy, const EntropyCounts& source, NodeId sender, int port) {
    if (virtual_control_channel_ && link_busy(sender, port)) {
      missed_ += !(copy == source);
      return;
    }
    copy = source;
    ++transfers_;
  };
  for (int d = 0; d < dimensions_; ++d) {
    for (NodeId n = 0; n < NodeId(nodes_); ++n) {
      const std::size_t i = at(d, n);
      const int c = coordinate_[i];
      const NodeId low = lower_[i], high = higher_[i];
      if (c <= root_ && low != kNoNode) transfer(from_below_[i], reduction_[at(d, low)], low, KaryNCube::port_of(d, true));
      if (c >= root_ && high != kNoNode) transfer(from_above_[i], reduction_[at(d, high)], high, KaryNCube::port_of(d, false));
      if (c < root_) transfer(from_root_side_[i], broadcast_[at(d, high)], high, KaryNCube::port_of(d, false));
      if (c > root_) transfer(from_root_side_[i], broadcast_[at(d, low)], low, KaryNCube::port_of(d, true));
    }
  }
  // Then every register from its sources' old values: last dimension first, broadcast before
  // reduction, profile last, so each reads what its source held before this cycle.
  for (int d = dimensions_ - 1; d >= 0; --d) {
    for (NodeId n = 0; n < NodeId(nodes_); ++n) {
      const std::size_t i = at(d, n);
      const int c = coordinate_[i];
      const EntropyCounts broadcast = c == root_ ? reduction_[i] : from_root_side_[i];
      changes_ += !(broadcast_[i] == broadcast);
      broadcast_[i] = broadcast;
      EntropyCounts sum = d == 0 ? profile_[n] : broadcast_[at(d - 1, n)];
      if (c <= root_ && lower_[i] != kNoNode) sum += from_below_[i];
      if (c >= root_ && higher_[i] != kNoNode) sum += from_above_[i];
      changes_ += !(reduction_[i] == sum);
      reduction_[i] = sum;
    }
  }
  profile_ = counts;
}

}  // namespace icn
