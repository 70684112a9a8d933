#pragma once
// Disha's recovery VC (self-tuned paper sec. 2, 5.1): a packet recovered with the token leaves its
// path onto this VC and follows the topology's deterministic route on it to its destination.
#include "router/special_vc.h"
#include "topology/topology.h"

namespace icn {

class DishaRecoveryVc final : public SpecialVc {
 public:
  explicit DishaRecoveryVc(const Topology& topology) : topology_(topology) {}
  int route(const Header& h) const override {
    const int port = topology_.deterministic_port(h.router, h.destination);
    return port >= 0 ? port : h.delivery_port;
  }
  bool delivers_traffic() const override { return true; }  // recovered packets are the network's own
  bool wins_links() const override { return true; }  // the token's holder must get through

 private:
  const Topology& topology_;
};

}  // namespace icn
