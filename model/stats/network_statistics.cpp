#include "stats/network_statistics.h"

#include <algorithm>
#include <limits>

namespace icn {

namespace {
// Stands in for an interface not registered (yet): counts nothing.
EndpointStatistics unregistered;
}  // namespace

NetworkStatistics::NetworkStatistics(NodeId nodes, Cycle warmup, Cycle end)
    : window_(warmup, end), endpoints_(nodes, &unregistered), accepted_flits_by_source_(nodes, 0) {}

void NetworkStatistics::open_window(Cycle from, Cycle end) {
  window_.move(from, end);
  for (EndpointStatistics* e : endpoints_)
    if (e != &unregistered) e->window = EndpointStatistics::Window();
  std::fill(accepted_flits_by_source_.begin(), accepted_flits_by_source_.end(), 0);
  latency_ = network_latency_ = high_priority_latency_ = estimated_latency_ = latency_by_injection_ = LatencyDistribution();
  hops_sum_ = delivered_window_ = estimated_flits_window_ = 0;
}

std::uint64_t NetworkStatistics::flits_injected_total() const {
  return sum(&EndpointStatistics::Totals::flits_injected) + sum(&EndpointStatistics::Totals::metapacket_flits_injected);
}

std::uint64_t NetworkStatistics::flits_delivered_total() const {
  return sum(&EndpointStatistics::Totals::flits_delivered) +
         sum(&EndpointStatistics::Totals::metapacket_flits_delivered);
}

void NetworkStatistics::packet_delivered(const Packet& p, Cycle at) {
  ++delivered_total_;
  delivered_flits_ += p.length;
  if (in_window(at)) ++delivered_window_;
  const Cycle latency = at - p.created;
  interval_latency_sum_ += latency;
  ++interval_latency_count_;
  if (p.created >= window_.from() && at < window_.end()) {
    latency_.add(std::uint32_t(latency));
    if (p.priority > 0) high_priority_latency_.add(std::uint32_t(latency));
    network_latency_.add(std::uint32_t(at - p.injected));
    hops_sum_ += p.hops;
  }
  if (p.injected >= window_.from() && at < window_.end()) latency_by_injection_.add(std::uint32_t(latency));
  if (observer_) observer_(p, latency);
}

void NetworkStatistics::packet_estimated(Cycle created, Cycle latency, int flits) {
  ++estimated_total_;
  if (created >= window_.from() && created + latency < window_.end()) {
    estimated_latency_.add(std::uint32_t(std::min<Cycle>(latency, 0xffffffffu)));
    estimated_flits_window_ += std::uint64_t(flits);
  }
}

void NetworkStatistics::sample(Cycle now, std::uint64_t full_buffers, Cycle oldest_in_network,
                               Cycle interval_length, std::uint64_t phase, double throttled_fraction,
                               std::vector<std::pair<std::string, double>> controller) {
  const std::uint64_t created = sum(&EndpointStatistics::Totals::flits_created);
  const std::uint64_t attempted = created + sum(&EndpointStatistics::Totals::flits_dropped);
  const std::uint64_t delivered = sum(&EndpointStatistics::Totals::flits_delivered);
  const std::uint64_t injected_packets = packets_injected_total(), absorbed_packets = packets_absorbed_total();
  TimeSample s;
  s.cycle = now;
  const double node_cycles = double(nodes()) * double(interval_length);
  s.offered = double(created - sampled_created_flits_) / node_cycles;
  s.attempted = double(attempted - sampled_attempted_flits_) / node_cycles;
  s.accepted = double(delivered - sampled_delivered_flits_) / node_cycles;
  s.packets_in_network = injected_packets - delivered_total_ - absorbed_packets;
  s.packets_queued = packets_created_total() + absorbed_packets - injected_packets;
  s.full_buffers = full_buffers;
  s.mean_latency = interval_latency_count_ ? double(interval_latency_sum_) / double(interval_latency_count_)
                                         : std::numeric_limits<double>::quiet_NaN();
  s.latency_packets = interval_latency_count_;
  s.oldest_in_network = oldest_in_network;
  s.phase = phase;
  s.throttled_fraction = throttled_fraction;
  s.controller = std::move(controller);
  if (series_.size() >= most_samples_) halve_series();
  series_.push_back(std::move(s));
  sampled_created_flits_ = created;
  sampled_attempted_flits_ = attempted;
  sampled_delivered_flits_ = delivered;
  interval_latency_sum_ = interval_latency_count_ = 0;
}

void NetworkStatistics::halve_series() {
  // Sample i covers the cycles after sample i - 1 up to its own (the first, from cycle 0).
  std::vector<TimeSample> merged;
  merged.reserve(series_.size() / 2 + 1);
  Cycle before = Cycle(-1);  // the cycle before the first sample's stretch
  for (std::size_t i = 0; i < series_.size(); i += 2) {
    if (i + 1 == series_.size()) {
      merged.push_back(std::move(series_[i]));
      break;
    }
    TimeSample& a = series_[i];
    TimeSample& b = series_[i + 1];
    const double first = double(a.cycle - before), second = double(b.cycle - a.cycle);
    auto rate = [&](double x, double y) { return (x * first + y * second) / (first + second); };
    b.offered = rate(a.offered, b.offered);
    b.attempted = rate(a.attempted, b.attempted);
    b.accepted = rate(a.accepted, b.accepted);
    const std::uint64_t packets = a.latency_packets + b.latency_packets;
    if (packets > 0)
      b.mean_latency = ((a.latency_packets ? a.mean_latency * double(a.latency_packets) : 0.0) +
                        (b.latency_packets ? b.mean_latency * double(b.latency_packets) : 0.0)) /
                       double(packets);
    b.latency_packets = packets;
    before = b.cycle;
    merged.push_back(std::move(b));  // the later sample's states (buffers, packets, phase, controller)
  }
  series_ = std::move(merged);
}

}  // namespace icn
