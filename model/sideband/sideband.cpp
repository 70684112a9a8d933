#include "sideband/sideband.h"

#include <algorithm>
#include <deque>
#include <stdexcept>

#include "common/cycle_clock.h"
#include "topology/kary_ncube.h"

namespace icn {

namespace {
int hops_in(const KaryNCube& t, int d) { return t.wraps(d) ? t.radix() / 2 : t.radix() - 1; }
}  // namespace

Sideband::Sideband(sc_core::sc_module_name name, const Topology& topology, CycleClock& clock, SidebandConfig config)
    : sc_core::sc_module(name),
      topology_(topology),
      cube_(dynamic_cast<const KaryNCube*>(&topology)),
      clock_(clock),
      config_(config) {
  clients_.assign(topology.node_count(), nullptr);
}

const std::vector<NodeId>& Sideband::tree() const {
  // Built when first asked (a controller attaching), not for a network no controller gathers on.
  if (cube_ || !per_depth_.empty()) return per_depth_;
  // A breadth-first spanning tree from a router of least eccentricity (the lowest numbered): its
  // depth is the network's radius, the shallowest tree there is.
  const Topology& topology = topology_;
  const NodeId routers = topology.router_count();
  int best = -1;
  std::vector<int> depth(routers);
  for (NodeId root = 0; root < routers; ++root) {
    std::fill(depth.begin(), depth.end(), -1);
    std::deque<NodeId> queue{root};
    depth[root] = 0;
    int deepest = 0;
    while (!queue.empty()) {
      const NodeId r = queue.front();
      queue.pop_front();
      for (int p = 0; p < topology.network_ports(); ++p)
        if (const NodeId n = topology.neighbour(r, p); n != kNoNode && depth[n] < 0)
          depth[n] = depth[r] + 1, deepest = std::max(deepest, depth[n]), queue.push_back(n);
    }
    if (best < 0 || deepest < best) {
      best = deepest;
      per_depth_.assign(std::size_t(deepest) + 1, 0);
      for (NodeId r = 0; r < routers; ++r)
        if (depth[r] >= 0) ++per_depth_[std::size_t(depth[r])];
    }
    if (routers > 4096 && root >= 16) break;  // a large network: the best of the first few roots
  }
  return per_depth_;
}

void Sideband::attach(NodeId node, SidebandClient* client, const std::vector<int>& counter_bits) {
  if (counters_bits_.empty()) {
    counters_bits_ = counter_bits;
    counters_ = counter_bits.size();
    for (int bits : counter_bits) bits_per_node_ += std::uint64_t(bits);
  } else if (counters_bits_ != counter_bits) {
    throw std::logic_error("all sideband clients must register the same counters");
  }
  clients_[node] = client;
}

int Sideband::hops_per_gather() const {
  if (!cube_) return std::max(1, 2 * tree_depth());  // up the tree and back down
  int hops = 0;
  for (int d = 0; d < cube_->dimensions(); ++d) hops += hops_in(*cube_, d);
  return hops;
}

Cycle Sideband::hop_cycles() const {
  int bits = 0;
  for (int b : counters_bits_) bits += b;
  const int messages = config_.width_bits <= 0 ? 1 : (bits + config_.width_bits - 1) / config_.width_bits;
  return Cycle(config_.hop_delay) * Cycle(std::max(1, messages));
}

Cycle Sideband::gather_cycles() const { return hop_cycles() * Cycle(hops_per_gather()); }

void Sideband::end_of_elaboration() {
  if (!active()) return;  // no controller uses it: costs nothing
  values_.assign(counters_, 0);
  if (cube_) {  // the rows' per-router sums; a spanning tree keeps only the total
    const std::size_t size = std::size_t(topology_.router_count()) * counters_;
    for (auto* v : {&sum_, &plus_, &minus_, &next_plus_, &next_minus_}) v->assign(size, 0);
  }
  SC_HAS_PROCESS(Sideband);
  SC_METHOD(step);
}

void Sideband::start_gather(Cycle now) {
  gather_start_ = now;
  dimension_ = 0;
  hop_in_dimension_ = 0;
  // What a resting sideband needs to skip gathers (catch_up): only where the network may rest.
  const bool may_rest = clock_.may_rest();
  if (may_rest) {
    values_per_gather_ = value_transfers_ - values_at_start_;
    bits_per_gather_ = bit_transfers_ - bits_at_start_;
    values_at_start_ = value_transfers_;
    bits_at_start_ = bit_transfers_;
    previously_started_from_.swap(started_from_);
  }
  if (!cube_) {  // the total is what arrives; the hops only carry it
    total_.assign(counters_, 0);
    for (NodeId n = 0; n < topology_.node_count(); ++n) {
      clients_[n]->sideband_values(values_.data());
      for (std::size_t c = 0; c < counters_; ++c) total_[c] += values_[c];
    }
    if (may_rest) started_from_ = total_;
    return;
  }
  // A router adds its terminals' values; the rows carry the routers' sums.
  std::fill(sum_.begin(), sum_.end(), 0);
  for (NodeId n = 0; n < topology_.node_count(); ++n) {
    clients_[n]->sideband_values(values_.data());
    std::uint64_t* sum = &sum_[std::size_t(cube_->router_of(n)) * counters_];
    for (std::size_t c = 0; c < counters_; ++c) sum[c] += values_[c];
  }
  plus_ = sum_;
  minus_ = sum_;
  if (may_rest) started_from_ = sum_;
}

void Sideband::tree_hop() {
  // Hop i of 2·D: up, the routers at depth D − i send to their parents; down, those at depth
  // i − D receive from theirs. Every tree edge carries one message each way a gather.
  const std::vector<NodeId>& per_depth = tree();
  const int depth = int(per_depth.size()) - 1, i = hop_in_dimension_++;
  const NodeId senders = i < depth ? per_depth[std::size_t(depth - i)] : i < 2 * depth ? per_depth[std::size_t(i - depth + 1)] : 0;
  value_transfers_ += std::uint64_t(senders) * counters_;
  bit_transfers_ += std::uint64_t(senders) * bits_per_node_;
}

void Sideband::hop() {
  if (!cube_) return tree_hop();
  // One hop of phase `dimension_`: every node passes on what it received last hop.
  const KaryNCube& cube = *cube_;
  const int d = dimension_;
  const int hops = hops_in(cube, d);
  const bool last_of_even_ring = cube.wraps(d) && cube.radix() % 2 == 0 && hop_in_dimension_ + 1 == hops;
  std::uint64_t links = 0;  // that carried this hop's values
  for (NodeId n = 0; n < cube.router_count(); ++n) {
    const NodeId from_minus = cube.neighbour(n, KaryNCube::port_of(d, false));  // sends towards +
    const NodeId from_plus = cube.neighbour(n, KaryNCube::port_of(d, true));    // sends towards -
    links += (from_minus != kNoNode) + (from_plus != kNoNode);
    for (std::size_t c = 0; c < counters_; ++c) {
      const std::size_t i = std::size_t(n) * counters_ + c;
      const std::uint64_t in_plus = from_minus == kNoNode ? 0 : plus_[std::size_t(from_minus) * counters_ + c];
      const std::uint64_t in_minus = from_plus == kNoNode ? 0 : minus_[std::size_t(from_plus) * counters_ + c];
      next_plus_[i] = in_plus;
      next_minus_[i] = in_minus;
      // On an even ring the node k/2 away is reached from both sides at the last hop: count it once.
      sum_[i] += in_plus + (last_of_even_ring ? 0 : in_minus);
    }
  }
  value_transfers_ += links * counters_;
  bit_transfers_ += links * bits_per_node_;
  plus_.swap(next_plus_);
  minus_.swap(next_minus_);
  if (++hop_in_dimension_ == hops && ++dimension_ < cube.dimensions()) {
    hop_in_dimension_ = 0;
    plus_ = sum_;  // the ring sums go into the next phase
    minus_ = sum_;
  }
}

void Sideband::step() {
  // Acts one delta after a cycle's clocked work: a gather's values are those at the end of its
  // first cycle, and its result is handed over at the end of the cycle g later.
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    next_trigger(clock_.time_of(0));
    return;
  }
  if (resting_) {  // woken by the network's clock starting again
    resting_ = false;
    next_trigger(clock_.time_of(catch_up(clock_.resumed_at())) - clock_.now());
    return;
  }
  if (end_of_cycle_.defer()) return;
  const Cycle now = clock_.cycle();
  act(now);
  last_step_ = now;
  if (clock_.at_rest()) {  // a platform's network with nothing to do: no event of ours until it moves
    resting_ = true;
    next_trigger(clock_.resumed());
    return;
  }
  next_trigger(clock_.until(now + hop_cycles()));
}

void Sideband::act(Cycle now) {
  if (now == 0) return start_gather(now);
  hop();
  if (now != gather_start_ + gather_cycles()) return;
  clients_settled_ = clock_.may_rest();  // asked only where the network may rest
  for (NodeId n = 0; n < topology_.node_count(); ++n) {
    const std::uint64_t* sums = cube_ ? &sum_[std::size_t(cube_->router_of(n)) * counters_] : total_.data();
    clients_[n]->sideband_snapshot(gather_start_, now, sums);
    clients_settled_ = clients_settled_ && clients_[n]->sideband_settled(sums);
  }
  start_gather(now);
}

void Sideband::bring_up_to(Cycle before) {
  if (resting_) catch_up(before);
}

Cycle Sideband::catch_up(Cycle resumed) {
  // The network did not move while it rested, so every step it slept through reads what it read
  // when it came to rest: they run now, as they would have run. Once a gather starts from the
  // values the one before started from, and every client settled on that one's sums, the gathers
  // that follow would deliver the same sums to no effect: they are skipped whole, transfers counted.
  const Cycle h = hop_cycles(), g = gather_cycles();
  Cycle s = last_step_ + h;
  for (; s < resumed; s += h) {
    act(s);
    if (gather_start_ != s || !clients_settled_ || started_from_ != previously_started_from_ || s + g >= resumed)
      continue;
    const Cycle whole = (resumed - 1 - s) / g;
    for (NodeId n = 0; n < topology_.node_count(); ++n) clients_[n]->sideband_skip(whole, g);
    value_transfers_ += whole * values_per_gather_;
    bit_transfers_ += whole * bits_per_gather_;
    values_at_start_ += whole * values_per_gather_;
    bits_at_start_ += whole * bits_per_gather_;
    gather_start_ += whole * g;
    s = gather_start_;
  }
  last_step_ = s - h;
  return s;
}

}  // namespace icn
