#pragma once
// What the packets of a stimulus look like: their lengths (one fixed length, or several drawn
// with weights, e.g. a bimodal mix of short requests and long replies) and the share of them in
// the high-priority traffic class (Dally Fig. 18), for the arbitration policies that use classes.
#include <cstdint>
#include <vector>

#include "common/random_stream.h"

namespace icn {

struct PacketMix {
  std::vector<int> lengths{16};
  std::vector<double> cumulative{1.0};  // normalised cumulative weights, one per length
  double high_priority_fraction = 0;

  static PacketMix with(std::vector<int> lengths, const std::vector<double>& weights, double high_priority) {
    PacketMix m;
    m.lengths = std::move(lengths);
    m.cumulative.clear();
    double total = 0;
    for (std::size_t i = 0; i < m.lengths.size(); ++i) total += weights.size() == 1 ? 1.0 : weights[i];
    double sum = 0;
    for (std::size_t i = 0; i < m.lengths.size(); ++i) {
      sum += (weights.size() == 1 ? 1.0 : weights[i]) / total;
      m.cumulative.push_back(sum);
    }
    m.cumulative.back() = 1.0;
    m.high_priority_fraction = high_priority;
    return m;
  }

  double mean_length() const {
    double mean = 0, previous = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
      mean += lengths[i] * (cumulative[i] - previous);
      previous = cumulative[i];
    }
    return mean;
  }
  // A fixed length or a fraction of zero draws nothing, so adding a mix changes no other stream.
  int draw_length(RandomStream& random) const {
    if (lengths.size() == 1) return lengths[0];
    const double u = random.uniform();
    for (std::size_t i = 0; i + 1 < lengths.size(); ++i)
      if (u < cumulative[i]) return lengths[i];
    return lengths.back();
  }
  std::uint8_t draw_priority(RandomStream& random) const {
    return high_priority_fraction > 0 && random.uniform() < high_priority_fraction ? 1 : 0;
  }
};

}  // namespace icn
