#include "tlm/tlm_config.h"

#include "common/config_error.h"

namespace icn {

std::vector<ParameterSpec> TlmConfig::parameters() {
  using P = ParameterSpec;
  return {
      P::integer("flit_bytes", 16, 1, 4096,
                 "bytes of a TLM-2.0 transaction's data per flit: its packet is a header flit and its data flits"),
      P::integer("queue_depth", 4, 1, 1000000,
                 "packets a node's source queue holds before an approximately timed request waits for END_REQ"),
      P::choice("target_protocol", "blocking", {"blocking", "approximately_timed"},
                "how a node calls its local targets: b_transport, or nb_transport_fw with the base protocol's four "
                "phases (END_REQ held back holds the node's next request to that target)"),
      P::choice("timing", "cycle", {"cycle", "approximate"},
                "b_transport: cycle (each packet simulated) or approximate (the target called at once, the round "
                "trip annotated from the route and the links' recent utilisation; docs/tlm.md); switchable at run time"),
      P::integer("outstanding", 0, 0, 256,
                 "requests a node serves at once: arrived requests wait in its port until one of these is free (0: "
                 "as many as arrive, as a bus passes every request on)"),
      P::text("trace", "",
              "write every transaction (initiator, target, address, size, command, issue and completion, hops, "
              "mode) to this file as trace-event JSON, which ui.perfetto.dev opens (empty: none; docs/tlm.md)"),
      P::integer("trace_from", 0, 0, 9007199254740991LL, "trace transactions issued from this cycle on")
          .acts_unless("a transaction trace (tlm.trace)", "tlm.trace", {""}),
      P::integer("trace_until", 0, 0, 9007199254740991LL,
                 "… and issued before this cycle (0: no end)")
          .acts_unless("a transaction trace (tlm.trace)", "tlm.trace", {""}),
      P::boolean("trace_packets", false, "also trace every request and response packet, on its node's network track")
          .acts_unless("a transaction trace (tlm.trace)", "tlm.trace", {""}),
  };
}

TlmConfig TlmConfig::from(const ParameterSet& tlm) {
  TlmConfig c;
  c.flit_bytes = int(tlm.integer("flit_bytes"));
  c.queue_depth = int(tlm.integer("queue_depth"));
  c.nonblocking_targets = tlm.text("target_protocol") == "approximately_timed";
  c.outstanding = int(tlm.integer("outstanding"));
  c.approximate = tlm.text("timing") == "approximate";
  c.trace.path = tlm.text("trace");
  c.trace.from = Cycle(tlm.integer("trace_from"));
  c.trace.until = tlm.integer("trace_until") > 0 ? Cycle(tlm.integer("trace_until")) : kNoEnd;
  c.trace.packets = tlm.boolean("trace_packets");
  if (!c.trace.path.empty() && c.trace.until <= c.trace.from)
    throw ConfigError(tlm.problem("trace_until", std::to_string(c.trace.until) + " is not after trace_from = " +
                                                     std::to_string(c.trace.from) + " (allowed: 0 for no end, or a "
                                                     "later cycle)"));
  return c;
}

}  // namespace icn
