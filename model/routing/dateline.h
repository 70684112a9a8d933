#pragma once
// Dateline virtual-channel classes for the rings of a torus (Dally & Seitz): each ring is cut at
// one or two links, its VCs split into class 0 (VCs 0 .. ceil(V/2) − 1) and class 1 (the rest),
// and a scheme says which class each hop of a minimal route uses so that neither class has a
// cyclic channel dependency. docs/routing.md gives the argument for each scheme.
//
//   wrap           one dateline, the wrap-around link; class 0 until the hop that crosses it,
//                  class 1 from that hop on (the classic scheme: class 1 carries only packets
//                  that wrapped).
//   entry          one dateline, the wrap-around link; the class is chosen where the packet enters
//                  the dimension: class 1 for the whole traversal if its path there crosses the
//                  dateline, class 0 otherwise.
//   two_datelines  datelines at the wrap link and half-way round (the entropy paper's network,
//                  sec. 5.1); class 0 until the hop that crosses either, class 1 from there. A
//                  minimal path crosses at most one of them.
//   counted        the entropy paper's own (sec. 5.1): the same two datelines, but no classes —
//                  a packet starts on VC 0 and each dateline hop takes the next VC, across
//                  dimensions too, so an n-dimensional torus needs n + 1 VCs and uses one per hop.
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/config_error.h"
#include "common/parameters.h"
#include "topology/kary_ncube.h"

namespace icn {

enum class DatelineScheme { Wrap, Entry, TwoDatelines, Counted };

inline std::vector<std::string> dateline_scheme_names() { return {"two_datelines", "entry", "wrap", "counted"}; }

inline DatelineScheme dateline_scheme(const std::string& name) {
  if (name == "wrap") return DatelineScheme::Wrap;
  if (name == "entry") return DatelineScheme::Entry;
  if (name == "two_datelines") return DatelineScheme::TwoDatelines;
  if (name == "counted") return DatelineScheme::Counted;
  throw std::invalid_argument("unknown dateline scheme " + name);
}

// A dateline scheme cuts the rings of a torus: on a network none of whose dimensions wraps around it
// would change nothing, and the configuration refuses it (ParameterSpec::needs).
inline KeyNeed torus_dimension() {
  return {"a torus dimension (network.wrap: torus)", {{"network.wrap", {"torus"}, false}}};
}

class Datelines {
 public:
  Datelines(const KaryNCube& topology, DatelineScheme scheme) : topology_(topology), scheme_(scheme) {}

  DatelineScheme scheme() const { return scheme_; }

  // Whether the link leaving `node` through `port` is a dateline of its (torus) dimension. In the
  // + direction the link from coordinate L to L + 1 is numbered L, in the − direction the link
  // from L to L − 1; the wrap link is L = k − 1 (+) or 0 (−), the half-way link ⌊k/2⌋ − 1 (+) or
  // ⌊k/2⌋ (−).
  bool on_link(NodeId node, int port) const {
    const int d = KaryNCube::dimension_of(port);
    if (!topology_.wraps(d)) return false;
    const int c = topology_.coordinate(node, d), k = topology_.radix();
    const bool positive = KaryNCube::is_positive(port);
    if (c == (positive ? k - 1 : 0)) return true;
    return two_per_ring() && c == (positive ? k / 2 - 1 : k / 2);
  }

  // Whether the rest of the minimal path from `node` towards `destination` in `port`'s dimension
  // and direction, this hop included, crosses a dateline.
  bool path_crosses(NodeId node, int port, NodeId destination) const {
    const int d = KaryNCube::dimension_of(port);
    if (!topology_.wraps(d)) return false;
    const int k = topology_.radix(), c = topology_.coordinate(node, d);
    const bool positive = KaryNCube::is_positive(port);
    const int target = topology_.coordinate(destination, d);
    const int hops = positive ? (target - c + k) % k : (c - target + k) % k;
    auto crossed = [&](int link) { return (positive ? (link - c + k) % k : (c - link + k) % k) < hops; };
    if (crossed(positive ? k - 1 : 0)) return true;
    return two_per_ring() && crossed(positive ? k / 2 - 1 : k / 2);
  }

  // The class of the hop from `node` through `port` for a packet that arrived on `input_port` in
  // class `input_class` (an input port of another dimension, or injection, means it enters the
  // dimension here). Used by routing functions whose packets stay in one class per dimension
  // segment (dimension order).
  int hop_class(NodeId node, int port, NodeId destination, int input_port, int input_class) const {
    const bool continuing = input_port == port;
    if (scheme_ == DatelineScheme::Entry) return continuing ? input_class : path_crosses(node, port, destination);
    return (continuing && input_class == 1) || on_link(node, port) ? 1 : 0;
  }

  // A class that depends on position alone, for escape networks that packets may enter anywhere
  // in a dimension (Duato): class 1 iff the rest of the path after this hop crosses no dateline.
  // The hop that crosses, and every later one, is class 1; class 0 never uses a dateline link.
  int position_class(NodeId node, int port, NodeId destination) const {
    return path_crosses(node, port, destination) && !on_link(node, port) ? 0 : 1;
  }

 private:
  bool two_per_ring() const { return scheme_ == DatelineScheme::TwoDatelines || scheme_ == DatelineScheme::Counted; }

  const KaryNCube& topology_;
  DatelineScheme scheme_;
};

}  // namespace icn
