// A burst: every node sends `packets` packets as fast as the network accepts them, then stops.
// A phase of it ending on drain is a collective communication (entropy paper sec. 5.1.1: ten
// packets per node, duration from the start to the last delivery); repeated, it is the
// burst-synchronized traffic of the realistic-loads paper (sec. V-A: bursts of b packets, the
// next burst only once every packet of the previous one is consumed). injection.rate is not used.
#include "traffic/injection_process.h"

namespace icn {
namespace {

class BurstProcess final : public InjectionProcess {
 public:
  explicit BurstProcess(std::uint64_t packets) : packets_(packets) {}
  Cycle first(RandomStream&) override { return kNever; }
  Cycle next(Cycle, RandomStream&) override { return kNever; }
  bool saturating() const override { return true; }
  std::uint64_t budget() const override { return packets_; }

 private:
  std::uint64_t packets_;
};

const Registration<ProcessRegistry> registration{{
    "burst", "each node sends `packets` packets as fast as accepted, then stops (rate not used)",
    {ParameterSpec::integer("packets", 10, 1, 100000000, "packets per node in the burst")},
    [](const ProcessContext& c) { return std::make_unique<BurstProcess>(std::uint64_t(c.parameters.integer("packets"))); },
    ProcessTraits{/*ramps=*/false, /*uses_rate=*/false}}};

}  // namespace
}  // namespace icn
