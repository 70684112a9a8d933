// deadlock.recovery: software (Trans-t paper sec. 4): a presumed-deadlocked packet is ejected into
// the current node's interface, which injects it again after deadlock.reinjection_delay cycles.
#include "deadlock/recovery_registry.h"

namespace icn {
namespace {

const Registration<RecoveryRegistry> registration{
    {"software", "software: the packet is absorbed by the current node and injected again later", {}, nullptr,
     RecoveryTraits{true, false, false, true}}};

}  // namespace
}  // namespace icn
