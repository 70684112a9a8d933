#pragma once
// A node's TLM-2.0 ports (docs/tlm.md). Local initiators (processor models, DMA engines) bind to
// `target_socket`; local targets (memories, devices) bind to `initiator_socket`, numbered in the
// order they are bound. A transaction entering `target_socket` is looked up in the platform's
// address map and becomes a request packet to the node that serves its range; there the port calls
// the local target with the address as an offset into the range, and the answer returns as a
// response packet. The target is handed the initiator's own payload object (data pointer, byte
// enables, extensions), with the address as an offset into its range, when the request arrives; the
// status it sets is shown to the initiator when the response arrives. The bytes that cross the
// network are the packets' flits (tlm.flit_bytes per data flit, plus a header flit).
//
// Loosely timed: b_transport first waits out the annotated delay (the request is created then),
// and returns when the response's tail has arrived, so the time it takes is exactly the modelled
// round trip: source queueing, both packets' network latency and the target's own delay.
//
// Approximately timed (the base protocol's four phases): BEGIN_REQ is answered TLM_ACCEPTED; END_REQ
// follows on the backward path in the cycle the request packet is created, which waits while the
// node's source queue holds tlm.queue_depth packets or its congestion controller throttles — so an
// initiator sees source throttling as ordinary TLM backpressure. BEGIN_RESP goes back in the cycle
// the response's tail arrives, one response at a time per initiator (until its END_RESP).
//
// The delivery side always sinks packets (the NI consumes one flit per cycle per channel, never
// refused), so requests and responses cannot deadlock each other in the network; a node's
// requests wait in its port's queue until one of its tlm.outstanding serving threads takes them, in
// arrival order (their responses leave as each target answers, so out of order when outstanding > 1);
// with tlm.outstanding 0, the default, as on a bus, a thread is added whenever all are busy.
// A target is called with b_transport, or with tlm.target_protocol: approximately_timed through
// nb_transport_fw as the base protocol's initiator: BEGIN_REQ, the target's END_REQ (a target that
// holds it back holds the node's next request to it: the request exclusion rule), its BEGIN_RESP,
// answered TLM_COMPLETED; a TLM_UPDATED or TLM_COMPLETED return short-cuts the phases as the base
// protocol allows.
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <systemc>
#include <vector>

#include "common/slot_table.h"
#include "common/types.h"
#include "ni/endpoint.h"
#include "tlm/address_map.h"
#include "tlm/tlm_config.h"
#include "tlm/transaction_trace.h"

namespace icn {

class CycleClock;
class TlmPort;

// One transaction between its request and its response, and the ports that carry it.
struct TlmTransaction {
  tlm::tlm_generic_payload* origin = nullptr;  // the initiator's payload
  NodeId source = 0;
  const AddressRange* range = nullptr;
  tlm::tlm_command command = tlm::TLM_IGNORE_COMMAND;
  std::uint64_t offset = 0;  // into the range
  unsigned length = 0;       // bytes of data (a write's travel with the request, a read's with the response)
  tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
  int initiator = -1;       // approximately timed: the binding of target_socket it came from
  bool responding = false;  // the packet in flight is the response
  bool done = false;        // the response has arrived at the source
  Cycle arrival = 0;        // when the packet in flight arrived (its tail, through the NI)
  Cycle issued = 0;         // when its request packet was created (tlm.trace)
  unsigned hops = 0;        // of its request and response packets so far (tlm.trace)
};

// Approximate timing (tlm.timing: approximate, docs/tlm.md): a packet's latency estimated from its
// route and the links' recent utilisation instead of simulated; the fabric provides it.
class LatencyEstimate {
 public:
  virtual ~LatencyEstimate() = default;
  // Cycles from creating a packet of `flits` at node `from`, at cycle `at`, to its tail's arrival at
  // node `to`; counts the packet into the utilisation later estimates see.
  virtual Cycle packet_latency(NodeId from, NodeId to, int flits, Cycle at) = 0;
  // The same estimate without counting the packet: what such a packet would take now (the latency
  // annotated on a DMI grant, whose accesses never reach the network).
  virtual Cycle expected_latency(NodeId from, NodeId to, int flits, Cycle at) = 0;
};

class TlmNetwork {
 public:
  // tlm.timing: approximate, switchable at run time (Interconnect::set_timing).
  bool approximate = false;
  LatencyEstimate* estimate = nullptr;
  // Each packet approximate timing estimated instead of simulating it: created at `created`, its tail
  // arriving `latency` cycles later, of `flits` flits (the fabric counts it in its statistics, marked
  // as estimated).
  std::function<void(Cycle created, Cycle latency, int flits)> estimated;
  TransactionTrace* trace = nullptr;  // tlm.trace, if given
  std::uint32_t open(TlmTransaction transaction) { return transactions_.open(std::move(transaction)); }
  TlmTransaction& operator[](std::uint32_t tag) { return transactions_[tag]; }
  void close(std::uint32_t tag) { transactions_.close(tag); }
  std::vector<TlmPort*> ports;  // by node

 private:
  SlotTable<TlmTransaction> transactions_;
};

// What every node's port shares: the platform's tlm.* settings, the longest packet it may send (in
// flits), the clock, and the network of ports and transactions.
struct TlmPortContext {
  const TlmConfig& config;
  int longest_packet;
  CycleClock& clock;
  TlmNetwork& network;
};

class TlmPort : public sc_core::sc_module, public EndpointClient {
 public:
  tlm_utils::multi_passthrough_target_socket<TlmPort, 32, tlm::tlm_base_protocol_types, 0,
                                             sc_core::SC_ZERO_OR_MORE_BOUND>
      target_socket;
  tlm_utils::multi_passthrough_initiator_socket<TlmPort, 32, tlm::tlm_base_protocol_types, 0,
                                                sc_core::SC_ZERO_OR_MORE_BOUND>
      initiator_socket;

  TlmPort(sc_core::sc_module_name name, NodeId node, Endpoint& endpoint, const TlmPortContext& context);

  // Flits of the packet that carries `bytes` of data: a header flit and the data flits.
  int packet_flits(std::uint64_t bytes) const { return 1 + int((bytes + flit_bytes_ - 1) / flit_bytes_); }
  // Leaving approximate timing: every DMI pointer this node's initiators were granted is invalidated,
  // since their accesses would bypass the network now simulated.
  void revoke_direct_memory();

 private:
  // To tlm.trace, if given: a simulated transaction as it completes, or any transaction as timed.
  void traced(const TlmTransaction& t, const tlm::tlm_generic_payload& payload);
  void traced(const AddressRange& range, const tlm::tlm_generic_payload& payload, Cycle issued, Cycle completed,
              unsigned hops, bool approximate);
  std::size_t local_initiators();  // initiators bound to target_socket
  void end_of_elaboration() override;
  void b_transport(int id, tlm::tlm_generic_payload& payload, sc_core::sc_time& delay);
  unsigned int transport_dbg(int id, tlm::tlm_generic_payload& payload);
  bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& payload, tlm::tlm_dmi& dmi);
  // A local target withdraws DMI over [start, end] of its own offsets: every node that was granted a
  // pointer into a range it serves hears it, in the map's addresses.
  void invalidate_direct_mem_ptr(int target, sc_dt::uint64 start, sc_dt::uint64 end);
  void invalidate_granted(sc_dt::uint64 start, sc_dt::uint64 end);  // to this node's initiators, if granted
  tlm::tlm_sync_enum nb_transport_fw(int id, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);
  void received(const Packet& packet, Cycle arrival) override;
  // Fills in the transaction's record from the payload and opens it.
  std::uint32_t open(tlm::tlm_generic_payload& payload, const AddressRange& range, int initiator);
  void accept_requests();  // approximately timed: the thread that sends END_REQ
  void send_responses();   // approximately timed: the thread that sends BEGIN_RESP
  void answer(tlm::tlm_generic_payload& payload, std::uint32_t tag);  // the response's data and status
  void finish_response(int id);  // END_RESP (or its equivalent) for initiator `id`
  void serve();  // a thread that calls local targets for arrived requests (tlm.outstanding of them)
  // b_transport in approximate timing: the target called at once, the round trip annotated.
  void transport_approximately(const AddressRange& range, tlm::tlm_generic_payload& payload, sc_core::sc_time& delay);
  // Local target `target` serves `payload`: b_transport, or the four phases of nb_transport_fw.
  // Inline: an approximate access is a few hundred instructions, and a call of its own was 30.
  void call_target(int target, tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
    if (nonblocking_[std::size_t(target)]) call_target_nonblocking(target, payload);
    else initiator_socket[target]->b_transport(payload, delay);
  }
  void call_target_nonblocking(int target, tlm::tlm_generic_payload& payload);  // the four phases
  // Approximate timing at the serving node: a request arriving at cycle `arrival` whose target takes
  // `service` cycles takes the serving thread free first (tlm.outstanding of them, as simulated)
  // from when both it and the request are there; returns the cycles it waited for it.
  Cycle queue_for_service(Cycle arrival, Cycle service);
  tlm::tlm_sync_enum nb_transport_bw(int target, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);
  // Checks the payload and finds its range; sets the error response and returns null if it cannot go.
  const AddressRange* admit(tlm::tlm_generic_payload& payload);
  void wait_until(Cycle cycle);  // until cycle `cycle` runs (now, if it already does)

  const NodeId node_;
  const AddressMap& map_;
  const AddressRange* last_range_ = nullptr;  // the range of the last access admitted, tried first
  const std::uint64_t flit_bytes_;
  // The bytes a packet may carry on this platform: its longest packet less the header flit. Compared
  // with a payload's length, so that admitting one divides nothing.
  const std::uint64_t longest_data_;
  const std::size_t queue_depth_;
  const bool nonblocking_targets_;  // tlm.target_protocol: the platform's way to call a local target
  std::vector<bool> nonblocking_;    // each bound local target's (its ranges may say otherwise)
  const int outstanding_;
  Endpoint& endpoint_;
  CycleClock& clock_;
  TlmNetwork& network_;
  bool granted_dmi_ = false;  // some local initiator holds a DMI pointer (approximate timing)
  std::deque<std::uint32_t> requests_;  // arrived, not yet served
  std::size_t idle_servers_ = 0;        // serving threads waiting for a request
  int servers_ = 0;                     // serving threads so far
  void spawn_server();
  std::vector<Cycle> serving_free_;     // approximate timing: the cycle each serving thread is free from
  sc_core::sc_event request_arrived_, response_arrived_;
  // Approximately timed, per binding of target_socket: the request waiting for END_REQ, and the
  // responses that have arrived for it, the first of them sent (BEGIN_RESP) while `responding`.
  struct Initiator {
    tlm::tlm_generic_payload* request = nullptr;
    Cycle ready = 0;  // BEGIN_REQ's annotated delay, in cycles from its call
    std::deque<std::uint32_t> responses;
    bool responding = false;
  };
  std::vector<Initiator> initiators_;
  sc_core::sc_event begin_request_, at_response_arrived_, response_ended_;
  // Four-phase calls of local targets: per target, whether a request is between BEGIN_REQ and
  // END_REQ; per payload in a target's hands, whether it was accepted (END_REQ) and answered.
  struct AtCall {
    bool accepted = false, answered = false;
  };
  std::vector<bool> requesting_;
  std::vector<std::pair<const tlm::tlm_generic_payload*, AtCall>> at_calls_;
  AtCall& at_call(const tlm::tlm_generic_payload& payload);
  sc_core::sc_event target_progress_;  // a target's END_REQ or BEGIN_RESP, or a request phase freed
};

}  // namespace icn
