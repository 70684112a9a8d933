#pragma once
// How a controller's counters are summed over the network: by the sideband (sideband.h) or by
// metapackets on the data network (congestion/metapacket_gather.h). Each node's client supplies
// its values when a gather starts and receives the sums when that node has them.
#include <vector>

#include "common/types.h"

namespace icn {

class SidebandClient;

class GlobalGather {
 public:
  virtual ~GlobalGather() = default;
  virtual void attach(NodeId node, SidebandClient* client, const std::vector<int>& counter_bits) = 0;
};

}  // namespace icn
