#pragma once
// How the router's files stop on a broken invariant: one line naming the router and the cycle
// (common/model_error.h). Internal to model/router/.
#include <sstream>
#include <string>

#include "common/flit.h"
#include "common/model_error.h"
#include "common/types.h"

namespace icn::router_internal {

// Kept out of line and cold so the per-cycle functions stay small.
[[noreturn]] __attribute__((noinline, cold)) inline void fail(NodeId router, Cycle now, const std::string& what) {
  std::ostringstream os;
  os << "router " << router << " cycle " << now << ": " << what;
  model_error(os.str());
}
[[noreturn]] __attribute__((noinline, cold)) inline void fail(NodeId router, Cycle now, const std::string& what,
                                                       const Flit& f) {
  std::ostringstream os;
  os << what << " " << f;
  fail(router, now, os.str());
}

}  // namespace icn::router_internal
