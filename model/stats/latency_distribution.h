#pragma once
// The latencies of measured packets, kept as a count per value (in cycles) instead of one entry per
// packet: memory grows with the largest latency seen, not with the number of packets, so a long run
// (a virtual platform booting for hours of simulated time) keeps its statistics bounded. Count,
// sum, nearest-rank percentiles and maximum come out exact; so do the mean and standard deviation,
// computed over the values in increasing order as from the sorted list of packets.
#include <cstdint>
#include <map>
#include <vector>

namespace icn {

class LatencyDistribution {
 public:
  void add(std::uint32_t latency) {
    ++count_;
    sum_ += latency;
    if (latency > max_ || count_ == 1) max_ = latency;
    if (latency < kDense) {
      if (latency >= dense_.size()) dense_.resize(std::size_t(latency) + 1, 0);
      ++dense_[latency];
    } else {
      ++sparse_[latency];
    }
  }

  std::uint64_t count() const { return count_; }
  bool empty() const { return count_ == 0; }
  std::uint64_t sum() const { return sum_; }
  std::uint32_t max() const { return max_; }  // 0 when empty
  // Nearest rank: the smallest value with at least ceil(q * count) packets at or below it (q in (0, 1]).
  std::uint32_t percentile(double q) const;

  // f(value, packets) for every value some packet took, in increasing order.
  template <typename F>
  void for_each(F f) const {
    for (std::size_t v = 0; v < dense_.size(); ++v)
      if (dense_[v]) f(std::uint32_t(v), dense_[v]);
    for (const auto& [v, n] : sparse_) f(v, n);
  }

 private:
  // Latencies below this are counted in a vector (at most 32 KB), the rare longer ones in a map.
  static constexpr std::uint32_t kDense = 4096;
  std::vector<std::uint64_t> dense_;
  std::map<std::uint32_t, std::uint64_t> sparse_;
  std::uint64_t count_ = 0, sum_ = 0;
  std::uint32_t max_ = 0;
};

}  // namespace icn
