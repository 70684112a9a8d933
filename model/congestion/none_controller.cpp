// The uncontrolled base case of every paper: packets enter whenever an injection VC is free.
#include "congestion/congestion_controller.h"

namespace icn {
namespace {

class NoCongestionControl final : public CongestionController {
 public:
  using CongestionController::CongestionController;
  bool may_inject(const Packet&, Cycle) override { return true; }
};

const Registration<ControllerRegistry> registration{{
    "none", "no congestion control: inject whenever an injection VC is free", {},
    [](sc_core::sc_module_name name, const ControllerContext&) {
      return std::make_unique<NoCongestionControl>(name);
    }}};

}  // namespace
}  // namespace icn
