#pragma once
// The examples' loosely timed SimpleBus, as icnsim (../icnsim_bus.h).
#include "icnsim_bus.h"

template <int NR_OF_INITIATORS, int NR_OF_TARGETS>
using SimpleBusLT = icnsim_examples::Bus<NR_OF_INITIATORS, NR_OF_TARGETS, false>;
