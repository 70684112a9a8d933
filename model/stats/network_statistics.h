#pragma once
// What a run measures (docs/design.md, "Measurement definitions"). The measurement window is
// [warmup, end): offered load counts packets created in it (attempted load also those a full
// source queue dropped), accepted throughput counts flits
// delivered in it, latency counts packets created in it and delivered before its end. Totals over
// the whole run are kept too, for the flit-conservation check.
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/packet_pool.h"
#include "core/types.h"
#include "stats/latency_distribution.h"

namespace icn {

struct TimeSample {
  Cycle cycle = 0;                  // last cycle of the interval
  double offered = 0;               // flits created per node per cycle in the interval
  double attempted = 0;             // the same with the packets dropped at a full source queue
  double accepted = 0;              // flits delivered per node per cycle in the interval
  std::uint64_t packets_in_network = 0;  // head injected, tail not delivered
  std::uint64_t packets_queued = 0;      // created, head not injected
  std::uint64_t full_buffers = 0;        // edge buffers holding buffer_depth flits (Router::full_buffers)
  double mean_latency = 0;               // of packets delivered in the interval (NaN, written null, if none)
  Cycle oldest_in_network = 0;           // age of the oldest injected, undelivered packet
  std::uint64_t phase = 0;               // index of the stimulus phase running at the sample
  double throttled_fraction = 0;         // nodes whose congestion controller refuses new packets
  std::vector<std::pair<std::string, double>> controller;  // its telemetry, averaged over nodes
};

class NetworkStatistics {
 public:
  NetworkStatistics(NodeId nodes, Cycle warmup, Cycle end);

  bool in_window(Cycle c) const { return c >= warmup_ && c < end_; }
  // Moves the measurement window (a virtual platform's start and stop, docs/tlm.md): everything
  // counted "in the window" starts again from cycle `from` and counts until `end` (excluded).
  void open_window(Cycle from, Cycle end);
  void close_window(Cycle end) { end_ = end; }

  void packet_created(NodeId node, Cycle now, int length) {
    ++created_total_;
    interval_created_flits_ += length;
    interval_attempted_flits_ += length;
    if (in_window(now)) {
      ++created_packets_[node];
      created_flits_window_ += length;
      attempted_flits_window_ += length;
    }
  }
  // A packet offered to a full source queue that drops (or a failed attempt). It counts as
  // attempted load, never as created or offered: it does not exist in the conservation of packets.
  void packet_dropped(NodeId node, Cycle now, int length) {
    ++dropped_total_;
    interval_attempted_flits_ += length;
    if (in_window(now)) {
      ++dropped_packets_[node];
      attempted_flits_window_ += length;
    }
  }
  void packet_injected() { ++injected_total_; }
  void flit_injected(NodeId node, Cycle now) {
    ++flits_injected_total_;
    if (in_window(now)) ++injected_flits_[node];
  }
  void flit_delivered(NodeId node, NodeId source, Cycle at) {
    ++flits_delivered_total_;
    ++interval_delivered_flits_;
    if (in_window(at)) {
      ++delivered_flits_[node];
      ++accepted_flits_by_source_[source];
    }
  }
  void packet_delivered(const Packet& p, Cycle at);
  // Metapacket flits share the links but are not traffic: they only enter flit conservation.
  void metapacket_flit_injected() { ++flits_injected_total_; }
  void metapacket_flit_delivered() { ++flits_delivered_total_; }
  // Software deadlock recovery took a packet out of the network to inject it again later.
  void flit_absorbed() { ++flits_absorbed_total_; }
  void packet_absorbed() { ++packets_absorbed_total_; }

  // Called at the end of each sample interval with state only the network can see.
  void sample(Cycle now, std::uint64_t full_buffers, Cycle oldest_in_network, Cycle interval_length,
              std::uint64_t phase, double throttled_fraction,
              std::vector<std::pair<std::string, double>> controller);

  NodeId nodes() const { return NodeId(created_packets_.size()); }
  Cycle warmup() const { return warmup_; }
  Cycle end() const { return end_; }
  std::uint64_t flits_injected_total() const { return flits_injected_total_; }
  std::uint64_t flits_delivered_total() const { return flits_delivered_total_; }
  std::uint64_t flits_absorbed_total() const { return flits_absorbed_total_; }
  std::uint64_t packets_absorbed_total() const { return packets_absorbed_total_; }
  std::uint64_t packets_created_total() const { return created_total_; }
  std::uint64_t packets_dropped_total() const { return dropped_total_; }
  const std::vector<std::uint64_t>& dropped_packets() const { return dropped_packets_; }
  std::uint64_t packets_injected_total() const { return injected_total_; }
  std::uint64_t packets_delivered_total() const { return delivered_total_; }
  std::uint64_t packets_delivered_window() const { return delivered_window_; }  // tails delivered in it
  std::uint64_t created_flits_window() const { return created_flits_window_; }
  std::uint64_t attempted_flits_window() const { return attempted_flits_window_; }
  const std::vector<std::uint64_t>& created_packets() const { return created_packets_; }
  const std::vector<std::uint64_t>& injected_flits() const { return injected_flits_; }
  const std::vector<std::uint64_t>& delivered_flits() const { return delivered_flits_; }
  const std::vector<std::uint64_t>& accepted_flits_by_source() const { return accepted_flits_by_source_; }
  // Of the packets measured (created in the window, delivered before its end): creation to tail
  // delivery, injection to tail delivery, and the first for the high-priority traffic class
  // (stimulus.high_priority_fraction).
  const LatencyDistribution& latency() const { return latency_; }
  const LatencyDistribution& network_latency() const { return network_latency_; }
  const LatencyDistribution& high_priority_latency() const { return high_priority_latency_; }
  // Called with every packet delivered (measured or not) and its latency, in order of delivery: for
  // a platform that traces transactions, or a test that follows packets one by one.
  void observe_deliveries(std::function<void(const Packet&, Cycle latency)> observer) {
    observer_ = std::move(observer);
  }
  std::uint64_t hops_sum() const { return hops_sum_; }
  const std::vector<TimeSample>& series() const { return series_; }

 private:
  Cycle warmup_, end_;
  std::vector<std::uint64_t> created_packets_, injected_flits_, delivered_flits_, accepted_flits_by_source_;
  std::vector<std::uint64_t> dropped_packets_;
  std::uint64_t dropped_total_ = 0;
  LatencyDistribution latency_, network_latency_, high_priority_latency_;
  std::function<void(const Packet&, Cycle)> observer_;
  std::uint64_t hops_sum_ = 0;
  std::uint64_t created_flits_window_ = 0;
  std::uint64_t attempted_flits_window_ = 0;
  std::uint64_t created_total_ = 0, injected_total_ = 0, delivered_total_ = 0, delivered_window_ = 0;
  std::uint64_t flits_injected_total_ = 0, flits_delivered_total_ = 0;
  std::uint64_t flits_absorbed_total_ = 0, packets_absorbed_total_ = 0;
  std::uint64_t interval_created_flits_ = 0, interval_attempted_flits_ = 0, interval_delivered_flits_ = 0;
  std::uint64_t interval_latency_sum_ = 0, interval_latency_count_ = 0;
  std::vector<TimeSample> series_;
};

}  // namespace icn
