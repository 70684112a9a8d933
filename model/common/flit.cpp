#include "common/flit.h"

#include <ostream>
#include <string>
#include <systemc>

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

void sc_trace(sc_core::sc_trace_file* file, const Flit& f, const std::string& name) {
  // A VCD shows a value change when a flit is sent: `sent` is its cycle, the rest says which flit.
  sc_core::sc_trace(file, f.sent, name + ".sent");
  sc_core::sc_trace(file, f.packet, name + ".packet");
  sc_core::sc_trace(file, f.index, name + ".index");
  sc_core::sc_trace(file, f.vc, name + ".vc");
  sc_core::sc_trace(file, f.flags, name + ".flags");
  sc_core::sc_trace(file, f.destination, name + ".destination");
}

void sc_trace(sc_core::sc_trace_file* file, const Credit& c, const std::string& name) {
  sc_core::sc_trace(file, c.sent, name + ".sent");
  sc_core::sc_trace(file, c.vc, name + ".vc");
  sc_core::sc_trace(file, c.more, name + ".more");
}

}  // namespace icn
