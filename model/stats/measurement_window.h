#pragma once
// The measurement window [from, end) (docs/design.md, "Measurement definitions"): the cycles whose
// packets and flits the result's window measures count. One per fabric, shared by the components
// that count (each network interface, stats/endpoint_statistics.h) and the network-wide measures.
#include "common/types.h"

namespace icn {

class MeasurementWindow {
 public:
  MeasurementWindow(Cycle from, Cycle end) : from_(from), end_(end) {}
  bool contains(Cycle c) const { return c >= from_ && c < end_; }
  Cycle from() const { return from_; }
  Cycle end() const { return end_; }
  void move(Cycle from, Cycle end) {
    from_ = from;
    end_ = end;
  }

 private:
  Cycle from_, end_;
};

}  // namespace icn
