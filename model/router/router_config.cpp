#include "router/router_config.h"

#include "common/config_error.h"
#include "router/arbitration_policy.h"

namespace icn {

std::vector<ParameterSpec> RouterConfig::parameters() {
  using P = ParameterSpec;
  return {
      P::integer("virtual_channels", 3, 1, 32,
                 "V: virtual channels (VCs) per physical channel that routing uses (Disha's recovery VC and the "
                 "metapackets' VC come on top)"),
      P::integer("buffer_depth", 8, 1, 4096, "B: flits of buffer per virtual channel"),
      P::integer("routing_delay", 1, 0, 64, "cycles to route a header before VC allocation"),
      P::integer("crossbar_delay", 1, 0, 64, "cycles per flit through the crossbar"),
      P::integer("link_delay", 1, 1, 64, "cycles per flit on a router-to-router link"),
      P::choice("switching", "wormhole", {"wormhole", "virtual_cut_through"},
                "wormhole, or virtual cut-through (a VC takes a packet only with room for all of it)"),
      P::choice("vc_reallocation", "on_tail", {"on_tail", "when_empty"},
                "when an output VC may take a new packet: its tail has left, or also its buffer drained"),
      P::choice("vc_allocation", "oldest_first", {"oldest_first", "longest_waiting", "random", "priority", "separable"},
                "order in which routed headers take output VCs: the packet injected earliest first, the "
                "header that has waited longest at this router first, an order drawn at random each time, or "
                "the higher traffic class first and the oldest packet within a class; separable: BookSim 2's "
                "separable input-first VC allocator — each header asks for one output VC free at the start "
                "of the cycle, round-robin, each output VC grants one header round-robin, a loser asks again "
                "next cycle (for like-for-like comparisons; docs/routing.md)"),
      P::choice("header_arbiter", "parallel", {"parallel", "central"},
                "parallel: every routed header may take an output VC each cycle; central: one arbiter per "
                "router routes and allocates one header per cycle, round-robin among requesting input VCs, "
                "a refused header asks again (self-tuned paper sec. 5.1)"),
      P::choice("crossbar_inputs", "per_channel", {"per_channel", "per_vc"},
                "per_channel: one crossbar input per physical input channel, which offers one VC's flit per "
                "cycle (Dally Fig. 9b); per_vc: one per input VC, so a flit competes only for its output "
                "channel, whose arbitration sees every VC that wants it (Dally Fig. 9c)"),
      P::choice("link_allocation", "flit", {"flit", "packet"},
                "flit: a link's VCs share it flit by flit (Dally sec. III-C); packet: a link carries one "
                "packet at a time from head to tail, the other VCs wait (the realistic-loads paper's "
                "simulator, INSEE); packet needs switching: virtual_cut_through"),
      P::choice("switch_allocation", "maximal", {"maximal", "separable"},
                "maximal: after the separable input-first pass an input whose offer lost may still send another "
                "VC's flit to an output nobody uses, so the matching is maximal; separable: BookSim 2's "
                "separable_input_first allocator, one pass (alloc_iters 1), an input taking turns among the "
                "output ports its VCs want, every grant moving the arbiters' pointers, speculative for headers "
                "given their VC this cycle: for like-for-like comparisons (docs/routing.md)")
          .acts_when("one crossbar input per physical channel (router.crossbar_inputs: per_channel)",
                     "router.crossbar_inputs", {"per_channel"}),
      P::choice("arbitration", "round_robin", ArbitrationRegistry::names(),
                "per-flit arbitration of a physical channel among VCs"),
  };
}

RouterConfig RouterConfig::from(const ParameterSet& router) {
  RouterConfig c;
  c.virtual_channels = int(router.integer("virtual_channels"));
  c.buffer_depth = int(router.integer("buffer_depth"));
  c.routing_delay = int(router.integer("routing_delay"));
  c.crossbar_delay = int(router.integer("crossbar_delay"));
  c.link_delay = int(router.integer("link_delay"));
  c.reallocate_when_empty = router.text("vc_reallocation") == "when_empty";
  c.virtual_cut_through = router.text("switching") == "virtual_cut_through";
  c.arbitration = router.text("arbitration");
  const std::string order = router.text("vc_allocation");
  c.vc_allocation = order == "oldest_first"      ? VcAllocationOrder::OldestFirst
                    : order == "longest_waiting" ? VcAllocationOrder::LongestWaiting
                    : order == "random"          ? VcAllocationOrder::Random
                    : order == "priority"        ? VcAllocationOrder::Priority
                                                 : VcAllocationOrder::Separable;
  c.central_arbiter = router.text("header_arbiter") == "central";
  c.crossbar_input_per_vc = router.text("crossbar_inputs") == "per_vc";
  c.packet_link_allocation = router.text("link_allocation") == "packet";
  c.maximal_switch_matching = router.text("switch_allocation") == "maximal";
  return c;
}

void RouterConfig::validate(const ParameterSet& router, const DeadlockRecoveryConfig& recovery, int packets_per_buffer,
                            const std::string& routing_name) const {
  // A port keeps its VCs in 32-bit masks: Disha's recovery VC and the metapackets' VC come on
  // top of the V routing VCs.
  const int extra_vcs = vcs_per_port(*this, recovery) - virtual_channels;
  if (virtual_channels + extra_vcs > 32)
    throw ConfigError(router.problem("virtual_channels",
                                     "Disha's recovery VC and the metapacket VC come on top of V, and a port has "
                                     "at most 32 VCs (allowed: at most " + std::to_string(32 - extra_vcs) +
                                     " virtual channels here)"));
  // The central arbiter allocates one header a cycle by its own round robin: nothing to separate.
  if (vc_allocation == VcAllocationOrder::Separable && central_arbiter)
    throw ConfigError(router.problem("vc_allocation", "separable allocates every header's request in parallel, but "
                                                      "router.header_arbiter: central takes one header a cycle (allowed "
                                                      "with it: oldest_first, longest_waiting, random, priority)"));
  // A packet that holds a link must be able to finish crossing it: under wormhole switching it may
  // stall mid-packet for a credit, and the link it holds would block every other VC's packets,
  // escape VCs included, which deadlock freedom by VCs relies on.
  if (packet_link_allocation && !virtual_cut_through)
    throw ConfigError(router.problem("link_allocation", "packet needs switching: virtual_cut_through, where a packet "
                                                        "that starts across a link has room for all of it (allowed "
                                                        "with wormhole: flit)"));
  // Bubble flow control keeps room for several packets in one VC buffer, so a VC must take the next
  // packet behind the previous one; when_empty allows one packet per buffer, the entry rule then
  // never holds a bubble back, and rings deadlock (found by scripts/stress).
  if (packets_per_buffer > 1 && reallocate_when_empty)
    throw ConfigError(router.problem("vc_reallocation", "when_empty holds one packet per VC buffer, but " + routing_name +
                                                            " routing keeps room for " + std::to_string(packets_per_buffer) +
                                                            " there (allowed with it: on_tail)"));
}

}  // namespace icn
