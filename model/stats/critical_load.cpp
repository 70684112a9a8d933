#include "stats/critical_load.h"

namespace icn {

std::optional<CriticalLoad> find_critical_load(const std::vector<TimeSample>& series, std::uint64_t phase,
                                               std::size_t window, double degradation, double ignore_below) {
  std::vector<const TimeSample*> samples;
  for (const auto& s : series)
    if (s.phase == phase) samples.push_back(&s);
  double offered = 0, accepted = 0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    offered += samples[i]->attempted;  // what the processes tried, failed attempts included
    accepted += samples[i]->accepted;
    if (i >= window) {
      offered -= samples[i - window]->attempted;
      accepted -= samples[i - window]->accepted;
    }
    if (i + 1 < window) continue;
    if (offered > 0 && offered / double(window) >= ignore_below && accepted < (1.0 - degradation) * offered)
      return CriticalLoad{offered / double(window), samples[i]->cycle};
  }
  return std::nullopt;
}

}  // namespace icn
