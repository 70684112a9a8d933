#pragma once
// The metapackets' VC (self-tuned paper sec. 5.3): congestion-control messages go round the rows
// of a torus on a VC of their own; each router they pass shows the header to the gatherer
// (MetapacketTap), which adds its node's value and says when it may go on.
#include "router/special_vc.h"

namespace icn {

class MetapacketTap {
 public:
  static constexpr Cycle kHeld = SpecialVc::kHeld;  // until Router::release_metapacket
  virtual ~MetapacketTap() = default;
  // The header of metapacket `tag` is ready at `node`'s input `port` in cycle `ready`: the cycle
  // from which it may be routed on, or kHeld while the node does not know its own value yet.
  virtual Cycle metapacket_passing(NodeId node, int port, std::uint32_t tag, Cycle ready) = 0;
  // The output port that carries metapacket `tag` round its row.
  virtual int metapacket_port(std::uint32_t tag) const = 0;
};

class MetapacketVc final : public SpecialVc {
 public:
  // Self-tuned sec. 5.3 leaves open whether the metapackets' priority extends to the links.
  MetapacketVc(int network_ports, bool link_priority) : network_ports_(network_ports), link_priority_(link_priority) {}
  void attach(MetapacketTap* tap) { tap_ = tap; }
  bool attached() const { return tap_ != nullptr; }

  // Round its row on the same VC, delivered when it is back at its master.
  int route(const Header& h) const override {
    const bool home = h.destination == h.router && h.in_port < network_ports_;
    return home ? h.delivery_port : tap_->metapacket_port(h.tag);
  }
  // One passing through (not one its master injects or takes back) waits for the adder.
  Cycle header_arrived(const Header& h, Cycle ready) override {
    if (h.in_port >= network_ports_ || h.destination == h.router) return ready;
    return tap_->metapacket_passing(h.router, h.in_port, h.tag, ready);
  }
  bool delivers_traffic() const override { return false; }  // control messages, not throughput
  bool wins_links() const override { return link_priority_; }

 private:
  const int network_ports_;
  const bool link_priority_;
  MetapacketTap* tap_ = nullptr;
};

}  // namespace icn
