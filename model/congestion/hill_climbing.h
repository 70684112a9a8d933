#pragma once
// Self-tuning of the throttling threshold (self-tuned paper sec. 4). A decision every tuning
// period, from the throughput delivered in it and whether the network was throttling:
//
//   Table 1           | throttling      | not throttling
//   drop in throughput| decrease        | decrease
//   no drop           | increase        | keep
//
// "Drop" means below drop_fraction (75 %) of the previous period's throughput. Increments and
// decrements are additive (1 % and 4 % of all buffers). To escape local maxima (sec. 4.2) it
// remembers the maximum throughput with the full-buffer count Nmax and threshold Tmax of that
// period; a period without a drop whose throughput is below reset_fraction of the maximum — the
// network crept into saturation too gradually for Table 1 — sets the threshold to
// min(Tmax, Nmax), and after `forget_after` such resets in a row the maximum is forgotten and the
// search for it restarts — from the initial threshold, or (restart_from_initial false) from the
// reset value that has just failed `forget_after` times.
namespace icn {

class HillClimbing {
 public:
  struct Parameters {
    double initial = 0;
    double increment = 0;
    double decrement = 0;
    double drop_fraction = 0.75;
    double reset_fraction = 0.75;
    int forget_after = 5;
    bool restart_from_initial = true;
  };
  enum class Decision { Increase, Decrease, Keep, ResetToMaximum };

  explicit HillClimbing(Parameters p) : p_(p), threshold_(p.initial) {}

  // One tuning period: `throughput` delivered in it, `full_buffers` at its end, `throttling`
  // whether the estimate exceeded the threshold in it.
  Decision decide(double throughput, double full_buffers, bool throttling) {
    if (throughput > max_) {
      max_ = throughput;
      n_max_ = full_buffers;
      t_max_ = threshold_;
    }
    Decision decision;
    const bool drop = has_previous_ && throughput < p_.drop_fraction * previous_;
    if (drop) {  // Table 1, upper row
      threshold_ -= p_.decrement;
      decision = Decision::Decrease;
      resets_ = 0;
    } else if (max_ > 0 && throughput < p_.reset_fraction * max_) {
      // Sec. 4.2: a decline too gradual for Table 1 has crept into saturation.
      threshold_ = n_max_ < t_max_ ? n_max_ : t_max_;
      decision = Decision::ResetToMaximum;
      if (++resets_ >= p_.forget_after) {  // even min(Tmax, Nmax) is too high: find a new maximum
        max_ = 0;
        resets_ = 0;
        // Sec. 4.2 "restart the maximum-locating process", which sec. 4.1 begins at the initial
        // value: kept at min(Tmax, Nmax), a collapsed network's period becomes the new maximum and
        // its full-buffer count the next reset value.
        if (p_.restart_from_initial) threshold_ = p_.initial;
      }
    } else {
      decision = throttling ? Decision::Increase : Decision::Keep;
      if (throttling) threshold_ += p_.increment;
      resets_ = 0;
    }
    if (threshold_ < 0) threshold_ = 0;
    previous_ = throughput;
    has_previous_ = true;
    return decision;
  }

  double threshold() const { return threshold_; }
  double maximum() const { return max_; }
  // decide(0, full, false) changes nothing: no drop from zero, no maximum to fall short of.
  bool settled_without_throughput() const { return has_previous_ && previous_ == 0 && max_ == 0 && resets_ == 0; }
  int consecutive_resets() const { return resets_; }

 private:
  Parameters p_;
  double threshold_;
  double max_ = 0, n_max_ = 0, t_max_ = 0;
  double previous_ = 0;
  bool has_previous_ = false;
  int resets_ = 0;
};

}  // namespace icn
