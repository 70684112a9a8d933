#include "tlm/tlm_config.h"

namespace icn {

std::vector<ParameterSpec> TlmConfig::parameters() {
  using P = ParameterSpec;
  return {
      P::integer("flit_bytes", 16, 1, 4096,
                 "bytes of a TLM-2.0 transaction's data per flit: its packet is a header flit and its data flits"),
      P::integer("queue_depth", 4, 1, 1000000,
                 "packets a node's source queue holds before an approximately timed request waits for END_REQ"),
  };
}

TlmConfig TlmConfig::from(const ParameterSet& tlm) {
  TlmConfig c;
  c.flit_bytes = int(tlm.integer("flit_bytes"));
  c.queue_depth = int(tlm.integer("queue_depth"));
  return c;
}

}  // namespace icn
