#pragma once
// Controllers that throttle on a global congestion estimate (self-tuned paper sec. 3): every
// node's full VC buffers and the flits it was delivered are summed over the sideband; a packet
// may enter while the estimated number of full buffers network-wide is at most the threshold.
// The estimate extrapolates linearly from the last two snapshots (sec. 3.2), or, as an option,
// is the last snapshot. Subclasses choose the threshold.
#include <cmath>

#include "congestion/congestion_controller.h"
#include "sideband/sideband.h"

namespace icn {

class GlobalEstimateController : public CongestionController, public SidebandClient {
 public:
  GlobalEstimateController(sc_core::sc_module_name name, const ControllerContext& context, bool extrapolate);
  // The parameters every global-estimate controller has: how the counters travel, the estimator,
  // and whether to throttle at all (self-tuned Fig. 12's "No tune": gather, never throttle).
  static std::vector<ParameterSpec> common_parameters();
  // With `distribution: metapackets` the counters travel on a router VC of their own (sec. 5.3).
  static ControllerNeeds needs();
  static std::vector<ParameterSpec> with_common(std::vector<ParameterSpec> own) {
    for (auto& p : common_parameters()) own.push_back(std::move(p));
    return own;
  }

  bool may_inject(const Packet& packet, Cycle now) override;
  bool throttling(Cycle now) const override { return throttle_ && has_estimate() && estimate(now) > threshold(); }
  void telemetry(std::vector<std::pair<const char*, double>>& out) const override;

  void sideband_values(std::uint64_t* values) override;
  void sideband_snapshot(Cycle taken, Cycle now, const std::uint64_t* sums) override;
  bool sideband_settled(const std::uint64_t* sums) const override;
  void sideband_skip(std::uint64_t snapshots, Cycle spacing) override;

  double estimate(Cycle now) const;
  bool has_estimate() const { return snapshots_ > 0; }
  virtual double threshold() const = 0;

 protected:
  // Called after each snapshot, arriving at the end of cycle `now`, with the flits delivered
  // network-wide in its g cycles.
  virtual void on_snapshot(double full_buffers, double delivered_flits, Cycle now) {
    (void)full_buffers, (void)delivered_flits, (void)now;
  }
  // Whether more snapshots of these counts would change nothing of the subclass; then it skips them.
  virtual bool settled_on(double full_buffers, double delivered_flits) const {
    return (void)full_buffers, (void)delivered_flits, true;
  }
  virtual void skip_snapshots(std::uint64_t snapshots) { (void)snapshots; }
  double total_buffers() const { return total_buffers_; }
  Cycle gather_cycles() const { return sideband_.gather_cycles(); }  // the sideband's g

 private:
  const RouterView& router_;
  const Sideband& sideband_;
  CycleClock& clock_;
  const bool extrapolate_;
  const bool throttle_;
  double total_buffers_;
  const bool counts_router_;  // this node reports its router's counters (its first terminal)
  std::uint64_t delivered_at_last_gather_ = 0;
  int snapshots_ = 0;
  double previous_ = 0, latest_ = 0;  // full buffers in the last two snapshots
  Cycle previous_taken_ = 0, latest_taken_ = 0;
};

}  // namespace icn
