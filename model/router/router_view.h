#pragma once
// What congestion controllers and the entropy circuit read of a router: a narrow, read-only view
// (ControllerContext::router), so that a controller needs no router to be built or tested
// (tests/unit/controller_view_test.cpp scripts one). The Router implements it; the quantities are
// described where it does (router/router.h).
#include <cstdint>

#include "common/types.h"

namespace icn {

class RouterView {
 public:
  virtual ~RouterView() = default;

  // Its shape: network ports, of which those a link leaves by; VCs per channel; how many VCs routing
  // may use, and the routing function's adaptive ones as a mask (all of them without escape VCs).
  virtual int network_ports() const = 0;
  virtual bool has_output(int port) const = 0;
  virtual int virtual_channels() const = 0;
  virtual int routing_vcs() const = 0;
  virtual std::uint32_t adaptive_vcs() const = 0;

  // The outputs a new packet may use and their state (ALO, Trans-t).
  virtual int useful_channels(NodeId destination, int* out) const = 0;
  virtual int free_vcs(int port, std::uint32_t vcs) const = 0;
  virtual int vcs_with_room(int port, std::uint32_t vcs) const = 0;
  virtual bool transmission(int port, int vc, Cycle& header_arrived, int& flits_sent) const = 0;
  virtual int buffered_flits() const = 0;

  // What a global estimate sums (self-tuned sec. 3): full edge buffers and flits delivered here.
  virtual int full_buffers() const = 0;
  virtual std::uint64_t delivered_flits() const = 0;

  // In-transit packets competing for an output (IPR).
  virtual bool in_transit_wants(int port) const = 0;
  virtual bool in_transit_requests(int port, int vc) const = 0;

  // Entropy throttling (entropy paper sec. 3.1): valid buffers, buffers emptied and flits switched
  // so far, and whether an output sent a flit in a cycle.
  virtual int valid_buffers() const = 0;
  virtual std::uint64_t buffers_emptied() const = 0;
  virtual std::uint64_t switched_flits() const = 0;
  virtual bool sent_in(int port, Cycle cycle) const = 0;
};

}  // namespace icn
