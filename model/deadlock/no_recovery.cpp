// deadlock.recovery: none — for routing functions that cannot deadlock (dimension order with
// dateline classes, Duato's escape network, the bubble router).
#include "deadlock/recovery_registry.h"

namespace icn {
namespace {

const Registration<RecoveryRegistry> registration{
    {"none", "no recovery: the routing function must be deadlock-free", {}, nullptr, RecoveryTraits{false, false, false, false}}};

}  // namespace
}  // namespace icn
