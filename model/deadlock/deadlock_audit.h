#pragma once
// deadlock.audit: every packet a deadlock recovery takes off its path is judged, at that moment, by
// the watchdog's wait-for analysis (deadlock/watchdog.h): was its header in a knot (or waiting on
// one), a true deadlock, or was the detection false — a header behind traffic that still moves?
// The false-detection rate is what separates detectors (Trans-t sec. 4's ref. [10] against a plain
// time-out). Costly (a search per recovery), so off by default.
#include <cstdint>

#include "common/result_sink.h"
#include "deadlock/wait_for.h"

namespace icn {

class DeadlockAudit : public ResultSource {
 public:
  explicit DeadlockAudit(const WaitForQuery& query) : query_(query) {}
  bool in_knot(const VcRef& header, Cycle now) const;  // deadlock/watchdog.cpp
  void count(bool in_knot) { ++(in_knot ? in_knot_ : not_in_knot_); }
  std::uint64_t recoveries_in_knot() const { return in_knot_; }
  std::uint64_t recoveries_not_in_knot() const { return not_in_knot_; }
  // The recoveries by the analysis' verdict, beside the routers' count of them.
  void report(ResultSink& sink) const override {
    sink.put("packets.deadlock_recoveries_by_kind.audited_in_a_knot", in_knot_);
    sink.put("packets.deadlock_recoveries_by_kind.audited_not_in_a_knot", not_in_knot_);
  }

 private:
  const WaitForQuery& query_;
  std::uint64_t in_knot_ = 0, not_in_knot_ = 0;
};

}  // namespace icn
