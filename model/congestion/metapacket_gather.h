#pragma once
// Gathering the congestion counters with metapackets instead of a sideband (self-tuned paper
// sec. 5.3, Fig. 10): 2-flit packets on an extra, highest-priority VC of the data links. In each
// row of dimension d the master (coordinate 0) sends ppac, carrying its value, round the row one
// way and npac, carrying zero, the other; both pass through the routers of the row and return to
// the master. Each router shows the passing header to the gatherer (MetapacketTap), which adds the
// node's value and lets it go on after a one-cycle adder delay. Once both have passed, a node holds
// its row's sum; when ppac is back, so does the master. Rows of dimension d + 1 then carry these
// row sums (a router holds a metapacket until its node has its own). A node hands the global sums
// to its controller when it has them, so nodes receive them at different times, and the
// information is as stale as the gather is long. Gathers run back to back; their durations (start
// to the last node) are recorded for Fig. 11. The values are the nodes' counters when the gather
// starts. Tori only.
#include <cstdint>
#include <systemc>
#include <vector>

#include "common/end_of_cycle.h"
#include "common/result_sink.h"
#include "ni/endpoint.h"
#include "router/metapacket_vc.h"
#include "sideband/global_gather.h"

namespace icn {

class CycleClock;
class Router;
class SidebandClient;
class KaryNCube;

class MetapacketGather : public sc_core::sc_module,
                         public GlobalGather,
                         public EndpointClient,
                         public MetapacketTap,
                         public ResultSource {
 public:
  MetapacketGather(sc_core::sc_module_name name, const KaryNCube& topology, CycleClock& clock);

  void attach(NodeId node, SidebandClient* client, const std::vector<int>& counter_bits) override;
  void connect(std::vector<Endpoint*> endpoints, std::vector<Router*> routers);
  void received(const Packet& metapacket, Cycle arrival) override;  // back at its master
  Cycle metapacket_passing(NodeId node, int port, std::uint32_t tag, Cycle ready) override;
  int metapacket_port(std::uint32_t tag) const override;

  const std::vector<Cycle>& durations() const { return durations_; }  // of completed gathers
  // The gathers that completed and their durations (self-tuned sec. 5.3, Fig. 11), if any did.
  void report(ResultSink& sink) const override;

 private:
  struct Metapacket {
    int phase = 0;
    bool positive = true;
    std::vector<std::uint64_t> value;
  };
  struct NodeState {
    std::vector<std::vector<std::uint64_t>> own;  // per phase: this node's value in that phase
    std::vector<bool> own_known;
    std::vector<std::vector<std::uint64_t>> carried_plus, carried_minus;  // what passed, per phase
    std::vector<std::uint8_t> seen;                                       // bit 0: +, bit 1: -
    std::vector<std::vector<std::uint32_t>> held;  // per phase: metapackets its router holds for `own`
  };

  void step();
  void start_gather(Cycle now);
  void learn(NodeId node, int phase, const std::vector<std::uint64_t>& value, Cycle now);
  void add_own(NodeId node, std::uint32_t tag);
  void send_masters(NodeId node, int phase, Cycle ready);
  void complete_row(NodeId node, int phase, Cycle now);
  bool is_master(NodeId node, int phase) const;
  std::uint32_t new_tag(int phase, bool positive, std::vector<std::uint64_t> value);

  const KaryNCube& topology_;
  CycleClock& clock_;
  std::vector<SidebandClient*> clients_;
  std::vector<Endpoint*> endpoints_;
  std::vector<Router*> routers_;
  std::size_t counters_ = 0;
  std::vector<NodeState> nodes_;
  std::vector<Metapacket> metapackets_;
  std::vector<std::uint32_t> free_tags_;
  std::vector<Cycle> durations_;
  Cycle gather_start_ = 0;
  NodeId done_ = 0;
  bool in_progress_ = false;
  EndOfCycle end_of_cycle_;
  sc_core::sc_event completed_;
};

}  // namespace icn
