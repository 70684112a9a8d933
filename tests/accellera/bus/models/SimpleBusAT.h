#pragma once
// The examples' approximately timed SimpleBus, as icnsim (../icnsim_bus.h).
#include "icnsim_bus.h"

template <int NR_OF_INITIATORS, int NR_OF_TARGETS>
using SimpleBusAT = icnsim_examples::Bus<NR_OF_INITIATORS, NR_OF_TARGETS, true>;
