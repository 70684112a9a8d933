// Static threshold (self-tuned paper Fig. 6): the global estimate against a fixed threshold,
// e.g. 50 or 250 full buffers on the 16-ary 2-cube.
#include "congestion/global_estimate_controller.h"

namespace icn {
namespace {

class StaticThresholdController final : public GlobalEstimateController {
 public:
  StaticThresholdController(sc_core::sc_module_name name, const ControllerContext& c)
      : GlobalEstimateController(name, c, c.parameters.text("estimator") == "linear"),
        threshold_(c.parameters.real("threshold")) {}
  double threshold() const override { return threshold_; }

 private:
  double threshold_;
};

const Registration<ControllerRegistry> registration{{
    "static_threshold", "throttle while the global full-buffer estimate exceeds a fixed threshold (Fig. 6)",
    GlobalEstimateController::with_common({ParameterSpec::real("threshold", 250, 0, 1e9, "full VC buffers network-wide above which new packets wait")}),
    [](sc_core::sc_module_name name, const ControllerContext& c) {
      return std::make_unique<StaticThresholdController>(name, c);
    },
    GlobalEstimateController::needs()}};

}  // namespace
}  // namespace icn
