#pragma once
// What a run measures (docs/design.md, "Measurement definitions"). The measurement window is
// [warmup, end): offered load counts packets created in it (attempted load also those a full
// source queue dropped), accepted throughput counts flits
// delivered in it, latency counts packets created in it and delivered before its end. Totals over
// the whole run are kept too, for the flit-conservation check. The interfaces own their counts
// (stats/endpoint_statistics.h) and register them here; this class sums them and keeps what only
// the whole network sees.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/packet_pool.h"
#include "common/types.h"
#include "stats/endpoint_statistics.h"
#include "stats/latency_distribution.h"
#include "stats/measurement_window.h"

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
  std::uint64_t latency_packets = 0;     // packets mean_latency is over (to merge samples; not reported)

  // The result's time-series columns, each with its field: the one list the result is written from
  // and read back by (experiment_report.cpp, RunReport::series); `controller` follows them.
  template <typename F>
  static void for_each_column(F&& f) {
    f("cycle", &TimeSample::cycle);
    f("offered", &TimeSample::offered);
    f("attempted", &TimeSample::attempted);
    f("accepted", &TimeSample::accepted);
    f("packets_in_network", &TimeSample::packets_in_network);
    f("packets_queued", &TimeSample::packets_queued);
    f("full_buffers", &TimeSample::full_buffers);
    f("mean_latency", &TimeSample::mean_latency);
    f("oldest_in_network", &TimeSample::oldest_in_network);
    f("phase", &TimeSample::phase);
    f("throttled_fraction", &TimeSample::throttled_fraction);
  }
};

class NetworkStatistics {
 public:
  NetworkStatistics(NodeId nodes, Cycle warmup, Cycle end);

  // Each network interface counts its own packets and flits (stats/endpoint_statistics.h) and
  // registers them here once built; totals, the time series and the per-node results sum them.
  void register_endpoint(NodeId node, EndpointStatistics& endpoint) { endpoints_[node] = &endpoint; }
  const MeasurementWindow& window() const { return window_; }
  bool in_window(Cycle c) const { return window_.contains(c); }
  // Moves the measurement window (a virtual platform's start and stop, docs/tlm.md): everything
  // counted "in the window" starts again from cycle `from` and counts until `end` (excluded).
  void open_window(Cycle from, Cycle end);
  void close_window(Cycle end) { window_.move(window_.from(), end); }

  // What only the whole network sees, reported by the interface that delivers: a flit of `source`'s
  // delivered in the window (fairness), and every packet delivered (latency, hops).
  void flit_accepted(NodeId source) { ++accepted_flits_by_source_[source]; }
  void packet_delivered(const Packet& p, Cycle at);

  // Called at the end of each sample interval with state only the network can see.
  void sample(Cycle now, std::uint64_t full_buffers, Cycle oldest_in_network, Cycle interval_length,
              std::uint64_t phase, double throttled_fraction,
              std::vector<std::pair<std::string, double>> controller);

  NodeId nodes() const { return NodeId(endpoints_.size()); }
  Cycle warmup() const { return window_.from(); }
  Cycle end() const { return window_.end(); }
  // Since the run began, summed over the interfaces. Flits injected and delivered include the
  // metapackets' (they share the links; flit conservation counts them).
  std::uint64_t flits_injected_total() const;
  std::uint64_t flits_delivered_total() const;
  std::uint64_t flits_absorbed_total() const { return sum(&EndpointStatistics::Totals::flits_absorbed); }
  std::uint64_t packets_absorbed_total() const { return sum(&EndpointStatistics::Totals::packets_absorbed); }
  std::uint64_t packets_created_total() const { return sum(&EndpointStatistics::Totals::packets_created); }
  std::uint64_t packets_dropped_total() const { return sum(&EndpointStatistics::Totals::packets_dropped); }
  std::uint64_t packets_injected_total() const { return sum(&EndpointStatistics::Totals::packets_injected); }
  std::uint64_t packets_delivered_total() const { return delivered_total_; }
  std::uint64_t packets_delivered_window() const { return delivered_window_; }  // tails delivered in it
  // The mean length in flits of the packets of traffic delivered so far (metapackets left out), 0
  // before the first: the approximate timing's service time, asked for on every estimate.
  double mean_packet_length() const { return delivered_total_ ? double(delivered_flits_) / double(delivered_total_) : 0.0; }
  // In the window: summed, and per node.
  std::uint64_t created_flits_window() const { return sum(&EndpointStatistics::Window::flits_created); }
  std::uint64_t attempted_flits_window() const {
    return created_flits_window() + sum(&EndpointStatistics::Window::flits_dropped);
  }
  std::vector<std::uint64_t> created_packets() const { return per_node(&EndpointStatistics::Window::packets_created); }
  std::vector<std::uint64_t> dropped_packets() const { return per_node(&EndpointStatistics::Window::packets_dropped); }
  std::vector<std::uint64_t> injected_flits() const { return per_node(&EndpointStatistics::Window::flits_injected); }
  std::vector<std::uint64_t> delivered_flits() const { return per_node(&EndpointStatistics::Window::flits_delivered); }
  const std::vector<std::uint64_t>& accepted_flits_by_source() const { return accepted_flits_by_source_; }
  // Of the packets measured (created in the window, delivered before its end): creation to tail
  // delivery, injection to tail delivery, and the first for the high-priority traffic class
  // (stimulus.high_priority_fraction).
  const LatencyDistribution& latency() const { return latency_; }
  const LatencyDistribution& network_latency() const { return network_latency_; }
  // BookSim's convention: the latency (from creation) of packets whose head entered the network in the
  // window, delivered before it ends; `latency` takes those created in it (README, "Outputs").
  const LatencyDistribution& latency_by_injection() const { return latency_by_injection_; }
  const LatencyDistribution& high_priority_latency() const { return high_priority_latency_; }
  // Packets approximate timing (tlm.timing: approximate) estimated instead of simulating them: each
  // counted apart, its estimated latency kept for those created in the window and arriving before
  // its end (they are in no other count: the network never carried them).
  void packet_estimated(Cycle created, Cycle latency, int flits);
  const LatencyDistribution& estimated_latency() const { return estimated_latency_; }
  std::uint64_t estimated_flits_window() const { return estimated_flits_window_; }
  std::uint64_t estimated_packets_total() const { return estimated_total_; }
  // Called with every packet delivered (measured or not) and its latency, in order of delivery: for
  // a platform that traces transactions, or a test that follows packets one by one.
  void observe_deliveries(std::function<void(const Packet&, Cycle latency)> observer) {
    observer_ = std::move(observer);
  }
  std::uint64_t hops_sum() const { return hops_sum_; }
  const std::vector<TimeSample>& series() const { return series_; }
  // The series holds at most this many samples (simulation.most_samples), so that its memory is
  // bounded however long a run goes (a virtual platform for simulated hours): reaching it,
  // neighbouring samples are merged in pairs — rates averaged over their cycles, latencies over their
  // packets, states as at the later one — so that older stretches are kept at half the resolution and
  // every sample still covers a contiguous stretch of cycles exactly (docs/design.md, "Measurement
  // definitions").
  void set_most_samples(std::size_t most) { most_samples_ = std::max<std::size_t>(2, most); }
  std::size_t most_samples() const { return most_samples_; }

 private:
  void halve_series();
  template <typename Part>
  std::uint64_t sum(std::uint64_t Part::*field) const {
    std::uint64_t n = 0;
    for (const EndpointStatistics* e : endpoints_) n += part<Part>(*e).*field;
    return n;
  }
  template <typename Part>
  std::vector<std::uint64_t> per_node(std::uint64_t Part::*field) const {
    std::vector<std::uint64_t> v;
    v.reserve(endpoints_.size());
    for (const EndpointStatistics* e : endpoints_) v.push_back(part<Part>(*e).*field);
    return v;
  }
  template <typename Part>
  static const Part& part(const EndpointStatistics& e) {
    if constexpr (std::is_same_v<Part, EndpointStatistics::Totals>) return e.total;
    else return e.window;
  }

  MeasurementWindow window_;
  std::vector<EndpointStatistics*> endpoints_;  // [node], registered by the network interfaces
  std::vector<std::uint64_t> accepted_flits_by_source_;
  LatencyDistribution latency_, network_latency_, high_priority_latency_, estimated_latency_, latency_by_injection_;
  std::uint64_t estimated_total_ = 0, estimated_flits_window_ = 0;
  std::function<void(const Packet&, Cycle)> observer_;
  std::uint64_t hops_sum_ = 0;
  std::uint64_t delivered_total_ = 0, delivered_window_ = 0;
  std::uint64_t delivered_flits_ = 0;  // of the packets counted in delivered_total_
  // The interfaces' sums at the previous sample, for the interval's offered and accepted load.
  std::uint64_t sampled_created_flits_ = 0, sampled_attempted_flits_ = 0, sampled_delivered_flits_ = 0;
  std::uint64_t interval_latency_sum_ = 0, interval_latency_count_ = 0;
  std::vector<TimeSample> series_;
  std::size_t most_samples_ = 8192;
};

}  // namespace icn
