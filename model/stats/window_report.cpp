#include "stats/window_report.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/text.h"
#include "stats/network_statistics.h"

namespace icn {

LatencySummary summarise(const LatencyDistribution& latencies) {
  LatencySummary s;
  s.count = latencies.count();
  if (latencies.empty()) return s;
  // Over the packets in increasing order of latency, one addition each: the same sums, to the last
  // bit, as over the sorted list of every packet's latency.
  double sum = 0, sum_squares = 0;
  latencies.for_each([&](std::uint32_t v, std::uint64_t packets) {
    for (std::uint64_t i = 0; i < packets; ++i) {
      sum += v;
      sum_squares += double(v) * v;
    }
  });
  s.mean = sum / double(s.count);
  s.stddev = std::sqrt(std::max(0.0, sum_squares / double(s.count) - s.mean * s.mean));
  s.p50 = latencies.percentile(0.50);  // nearest rank
  s.p99 = latencies.percentile(0.99);
  s.max = latencies.max();
  return s;
}

namespace {

double jain_index(const std::vector<std::uint64_t>& x) {
  double sum = 0, squares = 0;
  for (auto v : x) {
    sum += double(v);
    squares += double(v) * double(v);
  }
  return squares == 0 ? 1.0 : sum * sum / (double(x.size()) * squares);
}

// No packet measured: the statistics are absent (null), never a 0 that looks like a measurement.
void put_latency(ResultSink& sink, const std::string& at, const LatencySummary& s) {
  sink.put(at + ".count", s.count);
  for (const auto& [name, value] : {std::pair<const char*, double>{"mean", s.mean}, {"stddev", s.stddev},
                                    {"p50", s.p50}, {"p99", s.p99}, {"max", s.max}})
    sink.put(at + "." + name, s.count ? ResultValue(value) : ResultValue(nullptr));
}

std::vector<std::uint64_t> histogram(const LatencyDistribution& latencies, int bin_width) {
  std::vector<std::uint64_t> counts;
  latencies.for_each([&](std::uint32_t v, std::uint64_t packets) {
    const std::size_t bin = v / std::uint32_t(bin_width);
    if (bin >= counts.size()) counts.resize(bin + 1, 0);
    counts[bin] += packets;
  });
  return counts;
}

}  // namespace

void WindowReport::report(ResultSink& sink) const {
  const NetworkStatistics& st = statistics_;
  const WindowFrame& f = frame_;
  // A run stopped during the warm-up measured nothing: its rates are 0 over an empty window.
  const double node_cycles = std::max(1.0, double(f.nodes) * double(f.measured_cycles));
  const double offered = double(st.created_flits_window()) / node_cycles;
  const double attempted = double(st.attempted_flits_window()) / node_cycles;
  std::uint64_t delivered = 0;
  for (auto v : st.delivered_flits()) delivered += v;
  const double accepted = double(delivered) / node_cycles;
  const double fairness = jain_index(st.accepted_flits_by_source());
  sink.put("load.configured_flits_per_node_cycle", f.configured_load);
  sink.put("load.offered_flits_per_node_cycle", offered);
  sink.put("load.attempted_flits_per_node_cycle", attempted);
  sink.put("load.offered_normalised", offered / f.capacity);
  sink.put("throughput.accepted_flits_per_node_cycle", accepted);
  sink.put("throughput.accepted_normalised", accepted / f.capacity);
  sink.put("throughput.fairness_jain", fairness);

  const LatencySummary latency = summarise(st.latency()), network = summarise(st.network_latency());
  const LatencySummary high_priority = summarise(st.high_priority_latency());
  const double mean_hops = latency.count ? double(st.hops_sum()) / double(latency.count) : 0.0;
  put_latency(sink, "latency", latency);
  put_latency(sink, "latency_by_injection", summarise(st.latency_by_injection()));
  // tlm.timing: approximate (a virtual platform's): packets estimated, not simulated, apart.
  if (st.estimated_packets_total() > 0) {
    sink.put("estimated.packets", st.estimated_packets_total());
    put_latency(sink, "estimated.latency", summarise(st.estimated_latency()));
  }
  put_latency(sink, "network_latency", network);
  sink.put("mean_hops", latency.count ? ResultValue(mean_hops) : ResultValue(nullptr));
  sink.put("latency_histogram.bin_width", std::int64_t(f.histogram_bin_width));
  sink.put("latency_histogram.counts", histogram(st.latency(), f.histogram_bin_width));
  put_latency(sink, "high_priority.latency", high_priority);
  sink.put("high_priority.latency_histogram.bin_width", std::int64_t(f.histogram_bin_width));
  sink.put("high_priority.latency_histogram.counts", histogram(st.high_priority_latency(), f.histogram_bin_width));

  const std::uint64_t created = st.packets_created_total(), injected = st.packets_injected_total();
  const std::uint64_t dropped = st.packets_dropped_total(), absorbed = st.packets_absorbed_total();
  const std::uint64_t in_network = injected - st.packets_delivered_total() - absorbed;
  const std::uint64_t queued = created + absorbed - injected;
  sink.put("packets.created", created);
  sink.put("packets.injected", injected);
  sink.put("packets.delivered", st.packets_delivered_total());
  sink.put("packets.dropped_at_full_source_queue", dropped);
  sink.put("packets.in_network_at_end", in_network);
  sink.put("packets.queued_at_end", queued);
  sink.put("per_node.created_packets", st.created_packets());
  sink.put("per_node.injected_flits", st.injected_flits());
  sink.put("per_node.delivered_flits", st.delivered_flits());
  sink.put("per_node.accepted_flits_by_source", st.accepted_flits_by_source());

  sink.row("capacity [flits/node/cycle]", formatted(f.capacity));
  auto load = [&](double v) { return formatted(v) + "  (" + formatted(100 * v / f.capacity, "%.1f") + " % of capacity)"; };
  if (dropped > 0) sink.row("attempted load [flits/node/cycle]", load(attempted));
  sink.row("offered load [flits/node/cycle]", load(offered));
  sink.row("accepted [flits/node/cycle]", load(accepted));
  if (latency.count) {
    sink.row("latency mean / p50 / p99 / max", formatted(latency.mean, "%.1f") + " / " + formatted(latency.p50, "%.0f") + " / " +
                                                    formatted(latency.p99, "%.0f") + " / " + formatted(latency.max, "%.0f") + " cycles");
    sink.row("network latency mean / p99", formatted(network.mean, "%.1f") + " / " + formatted(network.p99, "%.0f") + " cycles");
    sink.row("mean hops", formatted(mean_hops, "%.2f"));
    if (high_priority.count)
      sink.row("high-priority latency mean / p50 / p99",
          formatted(high_priority.mean, "%.1f") + " / " + formatted(high_priority.p50, "%.0f") + " / " +
              formatted(high_priority.p99, "%.0f") + " cycles (" + std::to_string(high_priority.count) + " packets)");
  } else {
    sink.row("latency", "none measured: no packet created in the window was delivered");
  }
  sink.row("packets measured", std::to_string(latency.count));
  if (dropped > 0) sink.row("dropped (full source queue, failed attempts)", std::to_string(dropped));
  sink.row("in network / queued at end", std::to_string(in_network) + " / " + std::to_string(queued));
  sink.row("fairness (Jain, per source)", formatted(fairness, "%.3f"));
}

}  // namespace icn
