// deadlock.recovery: disha (self-tuned paper sec. 2, 5.1): with the network-wide token, which
// circulates (recovery_token.h), a presumed-deadlocked packet moves onto the recovery VC, a hidden
// extra VC on every channel that follows the deterministic route and has priority on every link
// (router/disha_recovery_vc.h).
#include "deadlock/recovery_registry.h"

namespace icn {
namespace {

const Registration<RecoveryRegistry> registration{
    {"disha", "Disha: with the circulating token, the packet takes a hidden recovery VC", {}, nullptr,
     RecoveryTraits{true, true, true, false}}};

}  // namespace
}  // namespace icn
