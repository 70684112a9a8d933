#pragma once
// The TLM-2.0 ports' parameters (tlm.*), owned here; platform/ fills them.
#include <vector>

#include "common/parameters.h"
#include "tlm/transaction_trace.h"
#include "tlm/address_map.h"

namespace icn {

// TLM-2.0 IP on the nodes (docs/tlm.md).
struct TlmConfig {
  int flit_bytes = 16;
  // END_REQ of an approximately timed request is withheld while the node's source queue holds this
  // many packets (or its congestion controller throttles).
  int queue_depth = 4;
  // How a node calls its local targets: b_transport, or the base protocol's four phases
  // (nb_transport_fw), and how many arrived requests it serves at once.
  bool nonblocking_targets = false;
  int outstanding = 0;  // 0: a serving thread for every request that arrives
  bool approximate = false;  // tlm.timing: approximate (b_transport annotated, not simulated)
  TransactionTraceConfig trace;  // tlm.trace: every transaction in a trace-event JSON file
  AddressMap address_map;  // empty: the nodes have no TLM-2.0 ports
  std::vector<ParameterSet> resolved_ranges;  // each address_map entry as resolved, for --print-config

  // Every tlm.* key, relative to the section (the address map is a list of its own, platform/).
  static std::vector<ParameterSpec> parameters();
  static TlmConfig from(const ParameterSet& tlm);
};

}  // namespace icn
