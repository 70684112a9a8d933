// Saturation source (Dally sec. V-A): a node injects a new packet whenever its injection channel
// can take one, so the accepted throughput is the network's maximum for the pattern.
// injection.rate is not used.
#include "traffic/injection_process.h"

namespace icn {
namespace {

class SaturationProcess final : public InjectionProcess {
 public:
  Cycle first(RandomStream&) override { return kNever; }
  Cycle next(Cycle, RandomStream&) override { return kNever; }
  bool saturating() const override { return true; }
};

const Registration<ProcessRegistry> registration{{
    "saturation", "a new packet whenever the injection channel can take one (rate not used)", {},
    [](const ProcessContext&) { return std::make_unique<SaturationProcess>(); },
    ProcessTraits{/*ramps=*/false, /*uses_rate=*/false}}};

}  // namespace
}  // namespace icn
