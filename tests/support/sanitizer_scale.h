#pragma once
// The sanitizer pass (scripts/test --sanitize) looks for memory and undefined-behaviour errors in
// the code the suite drives, and runs it about ten times slower than Release. A test whose claim is
// a long run's ("nothing deadlocks over 200,000 cycles of full overload") runs a fifth as long
// there: the same code under the same checks, while the Release pass holds the claim at its full
// length (docs/testing.md, "The sanitizer pass").
#include "common/types.h"

namespace icn::testing {

#ifdef ICNSIM_SANITIZE_BUILD
inline constexpr Cycle kSanitizerShortening = 5;
#else
inline constexpr Cycle kSanitizerShortening = 1;
#endif

// The cycles to run of a long run's `release_cycles`: all of them, or a fifth under the sanitizers.
constexpr Cycle long_run_cycles(Cycle release_cycles) { return release_cycles / kSanitizerShortening; }

}  // namespace icn::testing
