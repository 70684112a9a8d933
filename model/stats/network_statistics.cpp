#include "stats/network_statistics.h"

#include <algorithm>
#include <limits>

namespace icn {

NetworkStatistics::NetworkStatistics(NodeId nodes, Cycle warmup, Cycle end)
    : warmup_(warmup),
      end_(end),
      created_packets_(nodes, 0),
      injected_flits_(nodes, 0),
      delivered_flits_(nodes, 0),
      accepted_flits_by_source_(nodes, 0),
      dropped_packets_(nodes, 0) {}

void NetworkStatistics::open_window(Cycle from, Cycle end) {
  warmup_ = from;
  end_ = end;
  for (auto* counts : {&created_packets_, &injected_flits_, &delivered_flits_, &accepted_flits_by_source_, &dropped_packets_})
    std::fill(counts->begin(), counts->end(), 0);
  latency_ = network_latency_ = high_priority_latency_ = LatencyDistribution();
  hops_sum_ = created_flits_window_ = attempted_flits_window_ = delivered_window_ = 0;
}

void NetworkStatistics::packet_delivered(const Packet& p, Cycle at) {
  ++delivered_total_;
  if (in_window(at)) ++delivered_window_;
  const Cycle latency = at - p.created;
  interval_latency_sum_ += latency;
  ++interval_latency_count_;
  if (p.created >= warmup_ && at < end_) {
    latency_.add(std::uint32_t(latency));
    if (p.priority > 0) high_priority_latency_.add(std::uint32_t(latency));
    network_latency_.add(std::uint32_t(at - p.injected));
    hops_sum_ += p.hops;
  }
  if (observer_) observer_(p, latency);
}

void NetworkStatistics::sample(Cycle now, std::uint64_t full_buffers, Cycle oldest_in_network,
                               Cycle interval_length, std::uint64_t phase, double throttled_fraction,
                               std::vector<std::pair<std::string, double>> controller) {
  TimeSample s;
  s.cycle = now;
  const double node_cycles = double(nodes()) * double(interval_length);
  s.offered = double(interval_created_flits_) / node_cycles;
  s.attempted = double(interval_attempted_flits_) / node_cycles;
  s.accepted = double(interval_delivered_flits_) / node_cycles;
  s.packets_in_network = injected_total_ - delivered_total_ - packets_absorbed_total_;
  s.packets_queued = created_total_ + packets_absorbed_total_ - injected_total_;
  s.full_buffers = full_buffers;
  s.mean_latency = interval_latency_count_ ? double(interval_latency_sum_) / double(interval_latency_count_)
                                         : std::numeric_limits<double>::quiet_NaN();
  s.oldest_in_network = oldest_in_network;
  s.phase = phase;
  s.throttled_fraction = throttled_fraction;
  s.controller = std::move(controller);
  series_.push_back(std::move(s));
  interval_created_flits_ = interval_attempted_flits_ = interval_delivered_flits_ = 0;
  interval_latency_sum_ = interval_latency_count_ = 0;
}

}  // namespace icn
