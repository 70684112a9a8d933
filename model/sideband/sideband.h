#pragma once
// The sideband channel of the self-tuned paper (sec. 3.1, Fig. 2): a network of its own, apart
// from the data links, joining each node to its neighbours. It sums counters over all nodes by
// dimension-wise aggregation: in phase d every node sends its value both ways along dimension d,
// each hop taking h · ceil(bits / width) cycles, and adds what passes by; after ⌊k/2⌋ hops on a
// torus (k − 1 on a mesh) it holds the sum of its ring, which it takes into phase d + 1. After the
// last phase every node holds the global sum: g = (k/2)·h·n cycles on a torus (32 for the 16-ary
// 2-cube with h = 2). Gathers run back to back, so a new snapshot arrives every g cycles. A router
// of several terminals (network.terminals_per_router) adds theirs before the first hop.
//
// Clients (the nodes' congestion controllers) supply their counter values when a gather starts
// (at the end of its first cycle) and receive the sums exactly g cycles later.
//
// On any other topology (the dragonfly, the fat tree, the HyperX, a network from a file) the paper's
// dimension rows do not exist, and the sideband is laid along a breadth-first spanning tree of the
// routers from a router of least eccentricity, one sideband link per tree edge: a router adds its
// terminals' values, the sums go up the tree one level a hop and the total comes back down, so
// g = 2·D·h cycles for a tree of depth D (the same reduction-and-broadcast the self-tuned paper's
// sec. 3.1 builds from rows; icnsim's generalisation, not the paper's).
#include <cstdint>
#include <systemc>

#include "common/end_of_cycle.h"
#include <vector>

#include "common/types.h"
#include "sideband/global_gather.h"
#include "sideband/sideband_config.h"

namespace icn {

class CycleClock;
class KaryNCube;
class Topology;

class SidebandClient {
 public:
  virtual ~SidebandClient() = default;
  // This node's counters, now. At rest (common/cycle_clock.h) they must not change until the network
  // moves again: the sideband may read them when it wakes for the gathers it slept through.
  virtual void sideband_values(std::uint64_t* values) = 0;
  // The sums over all nodes of the values at the end of cycle `taken`, arriving at the end of cycle
  // `now` (taken + g on the sideband; metapackets take as long as they take).
  virtual void sideband_snapshot(Cycle taken, Cycle now, const std::uint64_t* sums) = 0;
  // Whether more snapshots of the sums just received would change nothing this client does or shows
  // but the count and times of its snapshots; then a resting sideband skips them (sideband_skip).
  virtual bool sideband_settled(const std::uint64_t* sums) const { return (void)sums, false; }
  // `snapshots` more of the same sums, `spacing` cycles apart, each arriving g after it was taken.
  virtual void sideband_skip(std::uint64_t snapshots, Cycle spacing) { (void)snapshots, (void)spacing; }
};

class Sideband : public sc_core::sc_module, public GlobalGather {
 public:
  // Along the dimension rows of a k-ary n-cube, or a spanning tree of any other topology.
  Sideband(sc_core::sc_module_name name, const Topology& topology, CycleClock& clock, SidebandConfig config);

  // Every node's client registers the same counters (their widths in bits) before simulation.
  void attach(NodeId node, SidebandClient* client, const std::vector<int>& counter_bits) override;

  Cycle hop_cycles() const;    // per hop, for all counters
  Cycle gather_cycles() const; // g
  int hops_per_gather() const;
  int hop_delay() const { return config_.hop_delay; }
  // The spanning tree's depth (0 along a k-ary n-cube's rows).
  int tree_depth() const { return cube_ ? 0 : int(tree().size()) - 1; }
  bool active() const { return !counters_bits_.empty(); }
  // Values and bits sent node to node over the sideband's links since the run began (a value
  // crosses one link per hop; energy per bit and hop is the sideband's cost).
  // A resting sideband (common/cycle_clock.h) makes up the gathers it slept through when the network
  // moves again, or when someone reads what they change (a controller's state, the transfers).
  void bring_up_to(Cycle before);  // the steps of cycles before `before`
  std::uint64_t value_transfers() const { return value_transfers_; }
  std::uint64_t bit_transfers() const { return bit_transfers_; }

 private:
  void end_of_elaboration() override;
  void step();
  void act(Cycle now);  // one step's hop, and a gather's delivery and the next one's start
  void start_gather(Cycle now);
  void hop();
  // After a rest: the steps before cycle `resumed` as they would have run, returning the next one.
  Cycle catch_up(Cycle resumed);

  void tree_hop();  // a spanning tree's hop: only the links it uses are counted
  const std::vector<NodeId>& tree() const;  // routers per depth of the spanning tree, built once

  const Topology& topology_;
  const KaryNCube* cube_;  // null: along a spanning tree
  CycleClock& clock_;
  const SidebandConfig config_;
  std::vector<int> counters_bits_;
  std::vector<SidebandClient*> clients_;
  std::size_t counters_ = 0;
  // Per router and counter: the running sum, and the values travelling + and − this phase.
  std::vector<std::uint64_t> sum_, plus_, minus_, next_plus_, next_minus_;
  std::vector<std::uint64_t> values_;  // one client's counters, as it hands them over
  int dimension_ = 0, hop_in_dimension_ = 0;  // along a spanning tree: the hop of the gather so far
  Cycle gather_start_ = 0;
  std::uint64_t value_transfers_ = 0, bit_transfers_ = 0;
  std::uint64_t bits_per_node_ = 0;  // of all counters together
  mutable std::vector<NodeId> per_depth_;  // spanning tree: routers at each depth (the root alone at 0)
  std::vector<std::uint64_t> total_;  // spanning tree: the gather's sums
  EndOfCycle end_of_cycle_;
  // Resting: the last step taken; whether every client settled on its last snapshot; what the last
  // two gathers started from; the transfers of one whole gather (to add for those skipped).
  bool resting_ = false;
  Cycle last_step_ = 0;
  bool clients_settled_ = false;
  std::vector<std::uint64_t> started_from_, previously_started_from_;
  std::uint64_t values_at_start_ = 0, bits_at_start_ = 0, values_per_gather_ = 0, bits_per_gather_ = 0;
};

}  // namespace icn
