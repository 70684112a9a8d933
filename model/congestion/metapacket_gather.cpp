#include "congestion/metapacket_gather.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "common/cycle_clock.h"
#include "common/packet_pool.h"
#include "router/router.h"
#include "sideband/sideband.h"
#include "topology/kary_ncube.h"

namespace icn {

void MetapacketGather::report(ResultSink& sink) const {
  if (durations_.empty()) return;
  Cycle shortest = durations_.front(), longest = durations_.front();
  double sum = 0;
  for (const Cycle d : durations_) {
    shortest = std::min(shortest, d);
    longest = std::max(longest, d);
    sum += double(d);
  }
  sink.put("metapackets.gathers", std::uint64_t(durations_.size()));
  sink.put("metapackets.min_cycles", double(shortest));
  sink.put("metapackets.mean_cycles", sum / double(durations_.size()));
  sink.put("metapackets.max_cycles", double(longest));
  sink.row("metapacket gathers", [](const ResultReader& r) -> std::optional<std::string> {
    char text[128];
    std::snprintf(text, sizeof text, "%.0f, %.0f / %.0f / %.0f cycles min / mean / max", r.number("metapackets.gathers"),
                  r.number("metapackets.min_cycles"), r.number("metapackets.mean_cycles"),
                  r.number("metapackets.max_cycles"));
    return std::string(text);
  });
}

MetapacketGather::MetapacketGather(sc_core::sc_module_name name, const KaryNCube& topology, CycleClock& clock)
    : sc_core::sc_module(name), topology_(topology), clock_(clock) {
  clients_.assign(topology.node_count(), nullptr);
  SC_HAS_PROCESS(MetapacketGather);
  SC_METHOD(step);
}

void MetapacketGather::attach(NodeId node, SidebandClient* client, const std::vector<int>& counter_bits) {
  counters_ = counter_bits.size();
  clients_[node] = client;
}

void MetapacketGather::connect(std::vector<Endpoint*> endpoints, std::vector<Router*> routers) {
  endpoints_ = std::move(endpoints);
  routers_ = std::move(routers);
  for (auto* endpoint : endpoints_) endpoint->attach(MessageKind::Metapacket, this);
  for (auto* router : routers_) router->set_metapacket_tap(this);
  const int phases = topology_.dimensions();
  nodes_.resize(topology_.node_count());
  for (auto& n : nodes_) {
    n.own.assign(phases + 1, std::vector<std::uint64_t>(counters_, 0));
    n.own_known.assign(phases + 1, false);
    n.carried_plus.assign(phases, std::vector<std::uint64_t>(counters_, 0));
    n.carried_minus.assign(phases, std::vector<std::uint64_t>(counters_, 0));
    n.seen.assign(phases, 0);
    n.held.assign(phases, {});
  }
}

bool MetapacketGather::is_master(NodeId node, int phase) const { return topology_.coordinate(node, phase) == 0; }

std::uint32_t MetapacketGather::new_tag(int phase, bool positive, std::vector<std::uint64_t> value) {
  std::uint32_t tag;
  if (free_tags_.empty()) {
    tag = std::uint32_t(metapackets_.size());
    metapackets_.emplace_back();
  } else {
    tag = free_tags_.back();
    free_tags_.pop_back();
  }
  metapackets_[tag] = Metapacket{phase, positive, std::move(value)};
  return tag;
}

void MetapacketGather::step() {
  // Gathers start after a cycle's clocked work, so the counters are those at its end.
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    if (clients_.empty() || clients_[0] == nullptr) return;  // no controller uses metapackets
    next_trigger(clock_.time_of(0));
    return;
  }
  if (end_of_cycle_.defer()) return;
  start_gather(clock_.cycle());
  next_trigger(completed_);
}

void MetapacketGather::start_gather(Cycle now) {
  gather_start_ = now;
  done_ = 0;
  in_progress_ = true;
  for (NodeId n = 0; n < topology_.node_count(); ++n) {
    NodeState& s = nodes_[n];
    std::fill(s.own_known.begin(), s.own_known.end(), false);
    std::fill(s.seen.begin(), s.seen.end(), 0);
    for (auto& h : s.held) h.clear();
    clients_[n]->sideband_values(s.own[0].data());
    s.own_known[0] = true;
  }
  for (NodeId n = 0; n < topology_.node_count(); ++n)
    if (is_master(n, 0)) send_masters(n, 0, now);
}

void MetapacketGather::send_masters(NodeId node, int phase, Cycle ready) {
  // ppac carries the master's value one way, npac zero the other, both round the row and back to
  // the master (Fig. 10).
  const auto& own = nodes_[node].own[phase];
  endpoints_[node]->send(Message{MessageKind::Metapacket, node, 2, 0, new_tag(phase, true, own), ready});
  endpoints_[node]->send(
      Message{MessageKind::Metapacket, node, 2, 0, new_tag(phase, false, std::vector<std::uint64_t>(counters_, 0)), ready});
}

int MetapacketGather::metapacket_port(std::uint32_t tag) const {
  const Metapacket& m = metapackets_[tag];
  return KaryNCube::port_of(m.phase, m.positive);
}

void MetapacketGather::add_own(NodeId node, std::uint32_t tag) {
  Metapacket& m = metapackets_[tag];
  const auto& own = nodes_[node].own[m.phase];
  for (std::size_t c = 0; c < counters_; ++c) m.value[c] += own[c];
}

void MetapacketGather::learn(NodeId node, int phase, const std::vector<std::uint64_t>& value, Cycle now) {
  // `node` now has its value for `phase` (its row sum of the phase before).
  NodeState& s = nodes_[node];
  s.own[phase] = value;
  s.own_known[phase] = true;
  if (phase == topology_.dimensions()) {
    clients_[node]->sideband_snapshot(gather_start_, now, s.own[phase].data());
    if (++done_ == topology_.node_count()) {
      durations_.push_back(now - gather_start_);
      in_progress_ = false;
      completed_.notify(sc_core::SC_ZERO_TIME);
    }
    return;
  }
  for (std::uint32_t tag : s.held[phase]) {  // their router lets them go on after the adder
    add_own(node, tag);
    routers_[node]->release_metapacket(KaryNCube::port_of(phase, metapackets_[tag].positive), now + 1);
  }
  s.held[phase].clear();
  if (is_master(node, phase)) {
    send_masters(node, phase, now + 1);
  } else if (s.seen[phase] == 3) {  // both packets passed while it waited for this value
    complete_row(node, phase, now);
  }
}

void MetapacketGather::complete_row(NodeId node, int phase, Cycle now) {
  NodeState& s = nodes_[node];
  std::vector<std::uint64_t> row(counters_);
  for (std::size_t c = 0; c < counters_; ++c)
    row[c] = s.carried_plus[phase][c] + s.carried_minus[phase][c] + s.own[phase][c];
  learn(node, phase + 1, row, now);
}

void MetapacketGather::received(const Packet& metapacket, Cycle arrival) {
  // Back at its master after a circuit of the row: ppac holds the whole row's sum.
  const NodeId node = metapacket.destination;
  const std::uint32_t tag = metapacket.tag;
  const Metapacket& m = metapackets_[tag];
  free_tags_.push_back(tag);
  if (m.positive) learn(node, m.phase + 1, m.value, arrival);
}

Cycle MetapacketGather::metapacket_passing(NodeId node, int, std::uint32_t tag, Cycle ready) {
  const Metapacket& m = metapackets_[tag];
  NodeState& s = nodes_[node];
  (m.positive ? s.carried_plus : s.carried_minus)[m.phase] = m.value;
  s.seen[m.phase] |= m.positive ? 1 : 2;
  Cycle go_on = kHeld;
  if (s.own_known[m.phase]) {
    add_own(node, tag);
    go_on = ready + 1;  // the one-cycle adder delay
  } else {
    s.held[m.phase].push_back(tag);
  }
  if (s.seen[m.phase] == 3 && s.own_known[m.phase] && !s.own_known[m.phase + 1]) complete_row(node, m.phase, ready);
  return go_on;
}

}  // namespace icn
