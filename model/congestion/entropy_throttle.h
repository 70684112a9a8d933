#pragma once
// The entropy-throttling paper's decision rules (secs. 3.3, 4.1, 4.2, 5.1.3), apart from the
// circuit that feeds them, so that they can be driven by scripted sequences. Ratios are in percent
// as the paper writes them: base(90, 30) is Rth = 90 %, Rn = 30 %.
//
//   base(Rth, Rn)             Fig. 2: ON while Ra < Rth
//   hyst(RON, ROFF, Rn)       Fig. 3: OFF → ON when Ra < RON, ON → OFF when Ra > ROFF, evaluated
//                             independently every cycle (sec. 6.2: with ROFF < RON a node that
//                             just turned ON turns OFF again the next cycle if Ra > ROFF)
//   gt.a(tG, RON, ROFF, Rn)   hyst, and after each packet's injection no new one for a guard time
//                             drawn uniformly from [0, 2 tG]
//   gt.x(tG, RON, ROFF, Rn)   the same with the guard time fixed at tG
//
// In every model the mode is forced OFF while Nv < Rn · Nr (eq. 5). Fig. 3 as printed keeps the
// mode in both branches (ON stays ON if Ra < RON, OFF stays OFF if Ra > ROFF); the text around it
// (sec. 4.1: "two threshold values for OFF-to-ON and ON-to-OFF"; sec. 6.2: "the throttling
// condition Ra < RON … the release condition Ra > ROFF") gives the transitions used here.
#include <cstdint>
#include <string>
#include <vector>

#include "common/random_stream.h"
#include "common/types.h"

namespace icn {

enum class EntropyModel { Base, Hysteresis, GuardRandom, GuardFixed };

inline std::vector<std::string> entropy_model_names() { return {"base", "hyst", "gt.a", "gt.x"}; }

inline EntropyModel entropy_model(const std::string& name) {
  if (name == "hyst") return EntropyModel::Hysteresis;
  if (name == "gt.a") return EntropyModel::GuardRandom;
  if (name == "gt.x") return EntropyModel::GuardFixed;
  return EntropyModel::Base;
}

// The defaults (the paper's average-best base(90, 30) and hyst(70, 90, 30), tG = 16) live with the
// controller's parameters, in entropy_controller.cpp.
struct EntropyThrottleConfig {
  EntropyModel model = EntropyModel::Base;
  double threshold = 0;      // Rth, %
  double on_below = 0;       // RON, %
  double off_above = 0;      // ROFF, %
  double release_below = 0;  // Rn, % of the number of routers
  int guard_time = 0;        // tG, cycles
};

class EntropyThrottle {
 public:
  EntropyThrottle(const EntropyThrottleConfig& config, std::uint64_t routers)
      : config_(config), routers_(double(routers)) {}

  // One cycle's reading of the circuit: valid and active buffers over the network.
  void update(std::uint64_t valid, std::uint64_t active) {
    mobility_ = valid == 0 ? 100.0 : 100.0 * double(active) / double(valid);  // no packet: nothing blocked
    if (double(valid) < config_.release_below / 100.0 * routers_) {
      on_ = false;  // forced release (eq. 5)
    } else if (config_.model == EntropyModel::Base) {
      on_ = mobility_ < config_.threshold;
    } else if (on_) {
      if (mobility_ > config_.off_above) on_ = false;
    } else {
      if (mobility_ < config_.on_below) on_ = true;
    }
  }

  bool on() const { return on_; }
  double mobility_percent() const { return mobility_; }  // Ra · 100 as last read
  bool has_guard_time() const {
    return config_.model == EntropyModel::GuardRandom || config_.model == EntropyModel::GuardFixed;
  }
  // The guard time after a packet's injection (sec. 5.1.3): tG, or uniform on [0, 2 tG].
  Cycle draw_guard_time(RandomStream& random) const {
    if (config_.model == EntropyModel::GuardFixed) return Cycle(config_.guard_time);
    if (config_.model == EntropyModel::GuardRandom) return Cycle(random.below(std::uint64_t(2 * config_.guard_time) + 1));
    return 0;
  }

 private:
  const EntropyThrottleConfig config_;
  const double routers_;
  bool on_ = false;
  double mobility_ = 100.0;
};

}  // namespace icn
