#include "core/flit.h"

#include <ostream>
#include <string>

namespace icn {

std::ostream& operator<<(std::ostream& os, const Flit& f) {
  return os << "flit{packet " << f.packet << " #" << f.index << " vc " << int(f.vc) << " to "
            << f.destination << " sent " << f.sent << (f.is_head() ? " head" : "")
            << (f.is_tail() ? " tail" : "") << "}";
}

std::ostream& operator<<(std::ostream& os, const Credit& c) {
  os << "credit{vc " << int(c.vc);
  for (std::uint32_t more = c.more; more; more &= more - 1) os << " " << __builtin_ctz(more);
  return os << " sent " << c.sent << "}";
}

void sc_trace(sc_core::sc_trace_file*, const Flit&, const std::string&) {}
void sc_trace(sc_core::sc_trace_file*, const Credit&, const std::string&) {}

}  // namespace icn
