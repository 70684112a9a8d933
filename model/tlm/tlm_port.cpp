#include "tlm/tlm_port.h"

#include "tlm/atomic_extension.h"

#include <sysc/kernel/sc_dynamic_processes.h>  // sc_spawn

#include <algorithm>
#include <string>

#include "common/config_error.h"
#include "common/cycle_clock.h"
#include "common/model_error.h"

namespace icn {

TlmPort::TlmPort(sc_core::sc_module_name name, NodeId node, Endpoint& endpoint, const TlmPortContext& c)
    : sc_core::sc_module(name),
      target_socket("target_socket"),
      initiator_socket("initiator_socket"),
      node_(node),
      map_(c.config.address_map),
      flit_bytes_(std::uint64_t(c.config.flit_bytes)),
      longest_data_(std::uint64_t(std::max(0, c.longest_packet - 1)) * flit_bytes_),
      queue_depth_(std::size_t(c.config.queue_depth)),
      nonblocking_targets_(c.config.nonblocking_targets),
      outstanding_(c.config.outstanding),
      endpoint_(endpoint),
      clock_(c.clock),
      network_(c.network) {
  target_socket.register_b_transport(this, &TlmPort::b_transport);
  target_socket.register_nb_transport_fw(this, &TlmPort::nb_transport_fw);
  target_socket.register_transport_dbg(this, &TlmPort::transport_dbg);
  target_socket.register_get_direct_mem_ptr(this, &TlmPort::get_direct_mem_ptr);
  initiator_socket.register_nb_transport_bw(this, &TlmPort::nb_transport_bw);
  initiator_socket.register_invalidate_direct_mem_ptr(this, &TlmPort::invalidate_direct_mem_ptr);
  endpoint_.attach(MessageKind::Transaction, this);
  // Its threads are made at the end of elaboration, for what is bound (a node with nothing bound has
  // none: each costs a thread stack of the kernel's).
}

void TlmPort::end_of_elaboration() {
  initiators_.resize(target_socket.size());
  requesting_.assign(initiator_socket.size(), false);
  nonblocking_.assign(initiator_socket.size(), nonblocking_targets_);
  // Every range this node serves needs its target bound here.
  const auto& ranges = map_.ranges();
  for (std::size_t i = 0; i < ranges.size(); ++i)
    if (ranges[i].node == node_ && ranges[i].target >= int(initiator_socket.size()))
      throw ConfigError("address_map." + std::to_string(i) + ".target: " + std::to_string(ranges[i].target) +
                        ", but node " + std::to_string(node_) + " has " + std::to_string(initiator_socket.size()) +
                        " local targets bound to " + initiator_socket.name() + " (allowed: 0.." +
                        std::to_string(int(initiator_socket.size()) - 1) + ")");
  for (const AddressRange& range : ranges)
    if (range.node == node_ && range.protocol != TargetProtocol::platform)
      nonblocking_[std::size_t(range.target)] = range.protocol == TargetProtocol::approximately_timed;
  // tlm.outstanding threads serve arrived requests where local targets are bound; accepting
  // approximately timed requests and returning their responses is for local initiators.
  if (initiator_socket.size() > 0)
    for (int i = 0; i < std::max(1, outstanding_); ++i) spawn_server();
  if (local_initiators() > 0) {
    sc_core::sc_spawn([this] { accept_requests(); }, "accept_requests");
    sc_core::sc_spawn([this] { send_responses(); }, "send_responses");
  }
}

void TlmPort::spawn_server() {
  sc_core::sc_spawn([this] { serve(); }, servers_ == 0 ? "serve" : ("serve_" + std::to_string(servers_)).c_str());
  ++servers_;
}

std::size_t TlmPort::local_initiators() {
  // The multi-socket counts the binder it makes when its callbacks are registered, bound or not: an
  // unbound socket has that one binder with no initiator's port on its other side.
  // (A port's socket is never bound hierarchically: its binders are its own.)
  auto& binders = static_cast<tlm_utils::multi_target_base_if<tlm::tlm_base_protocol_types>&>(target_socket).get_binders();
  return binders.size() == 1 && binders.front()->get_other_side() == nullptr ? 0 : binders.size();
}

const AddressRange* TlmPort::admit(tlm::tlm_generic_payload& payload) {
  const AddressRange* range = map_.find(payload.get_address(), payload.get_data_length(), last_range_);
  if (!range) {
    payload.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return nullptr;
  }
  const bool write = payload.is_write(), read = payload.is_read();
  if (!write && !read) {  // TLM_IGNORE_COMMAND: nothing to carry
    payload.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return nullptr;
  }
  // One packet per transaction: a burst longer than the platform's packets is refused before it
  // enters the network (under virtual cut-through a packet must fit one VC buffer).
  if (payload.get_data_length() > longest_data_) {  // packet_flits(length) > longest packet
    payload.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return nullptr;
  }
  last_range_ = range;
  return range;
}

void TlmPort::wait_until(Cycle cycle) {
  const sc_core::sc_time at = clock_.time_of(cycle);
  if (at > sc_core::sc_time_stamp()) sc_core::wait(at - sc_core::sc_time_stamp());
}

void TlmPort::transport_approximately(const AddressRange& range, tlm::tlm_generic_payload& payload,
                                      sc_core::sc_time& delay) {
  // The initiator's local time (temporal decoupling) is when the request leaves; nothing waits.
  const Cycle at = clock_.cycle_at(clock_.now() + delay);
  const bool write = payload.is_write();
  // The data's packet and a packet without data (1 flit): one division per access.
  const int data_flits = packet_flits(payload.get_data_length());
  const Cycle request = network_.estimate->packet_latency(node_, range.node, write ? data_flits : 1, at);
  TlmPort& server = *network_.ports[range.node];
  const sc_dt::uint64 address = payload.get_address();
  payload.set_address(address - range.base);
  payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time served = sc_core::SC_ZERO_TIME;
  const sc_core::sc_time called = clock_.now();
  server.call_target(range.target, payload, served);
  // The target's time holds a serving thread: what it annotated, and what it waited inside the call
  // (its own queue, an approximately timed target's phases; that time has passed already).
  const sc_core::sc_time inside = clock_.now() - called;
  payload.set_address(address);  // the target's DMI hint stands: approximate timing grants DMI
  const bool data_back = AtomicExtension::data_back(payload) && payload.is_response_ok();
  const Cycle queued = server.queue_for_service(at + request, clock_.whole_cycles(served + inside));
  const Cycle answered = at + request + queued + (served == sc_core::SC_ZERO_TIME ? 0 : clock_.whole_cycles(served));
  const Cycle response = network_.estimate->packet_latency(range.node, node_, data_back ? data_flits : 1, answered);
  if (network_.estimated) {
    network_.estimated(at, request, write ? data_flits : 1);
    network_.estimated(answered, response, data_back ? data_flits : 1);
  }
  if (network_.trace) traced(range, payload, at, answered + response, 0, true);
  delay += clock_.cycles(request + queued + response) + served;
}

Cycle TlmPort::queue_for_service(Cycle arrival, Cycle service) {
  // A serving thread holds a request for its target's time, as serve() does: a second request to a
  // busy node waits for it (two initiators on one target were 31 % early without it, docs/tlm.md).
  if (service == 0 || outstanding_ == 0) return 0;  // answered at once, or a thread for every request
  if (serving_free_.empty()) serving_free_.assign(std::size_t(outstanding_), 0);
  auto first_free = std::min_element(serving_free_.begin(), serving_free_.end());
  const Cycle start = std::max(arrival, *first_free);
  *first_free = start + service;
  return start - arrival;
}

void TlmPort::b_transport(int, tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
  // The annotated delay says when the initiator issues the request: wait it out, so the request
  // packet is created at that time and queues behind what the node sent before.
  const AddressRange* range = admit(payload);
  if (!range) return;
  if (network_.approximate && network_.estimate) {
    transport_approximately(*range, payload, delay);
    return;
  }
  sc_core::wait(delay);
  delay = sc_core::SC_ZERO_TIME;
  wait_until(0);  // the network's first cycle runs one period after time zero
  while (!endpoint_.can_send()) sc_core::wait(endpoint_.can_send_event());  // source_queue_full: block
  const std::uint32_t tag = open(payload, *range, -1);
  while (!network_[tag].done) sc_core::wait(response_arrived_);
  wait_until(network_[tag].arrival);
  answer(payload, tag);
  traced(network_[tag], payload);
  network_.close(tag);
}

void TlmPort::traced(const TlmTransaction& t, const tlm::tlm_generic_payload& payload) {
  if (network_.trace) traced(*t.range, payload, t.issued, t.arrival, t.hops, false);
}

void TlmPort::traced(const AddressRange& range, const tlm::tlm_generic_payload& payload, Cycle issued,
                     Cycle completed, unsigned hops, bool approximate) {
  TransactionTrace::Transaction record;
  record.initiator = node_;
  record.target = range.node;
  record.target_index = range.target;
  record.address = payload.get_address();
  record.size = payload.get_data_length();
  record.write = payload.is_write();
  record.ok = payload.is_response_ok();
  record.issued = issued;
  record.completed = completed;
  record.hops = hops;
  record.approximate = approximate;
  network_.trace->transaction(record);
}

std::uint32_t TlmPort::open(tlm::tlm_generic_payload& payload, const AddressRange& range, int initiator) {
  TlmTransaction t;
  t.origin = &payload;
  t.source = node_;
  t.range = &range;
  t.initiator = initiator;
  t.command = payload.get_command();
  t.offset = payload.get_address() - range.base;
  t.length = payload.get_data_length();
  t.issued = clock_.cycle();
  const int flits = packet_flits(payload.is_write() ? payload.get_data_length() : 0);
  const std::uint32_t tag = network_.open(std::move(t));
  endpoint_.send(Message{MessageKind::Transaction, range.node, flits, 0, tag});
  return tag;
}

void TlmPort::answer(tlm::tlm_generic_payload& payload, std::uint32_t tag) {
  // The target wrote a read's bytes into the initiator's own buffer when it served the request
  // (serve()); the status it gave shows now, when the response has arrived.
  payload.set_dmi_allowed(false);
  payload.set_response_status(network_[tag].status);
}

tlm::tlm_sync_enum TlmPort::nb_transport_fw(int id, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                            sc_core::sc_time& delay) {
  Initiator& initiator = initiators_.at(std::size_t(id));
  if (phase == tlm::BEGIN_REQ) {
    if (initiator.request)
      model_error(std::string(target_socket.name()) + ": BEGIN_REQ before END_REQ of the previous request "
                                                           "(the base protocol's request exclusion rule)");
    if (!admit(payload)) return tlm::TLM_COMPLETED;  // an error response, at once, outside the network
    if (payload.has_mm()) payload.acquire();
    initiator.request = &payload;
    // The request counts from the cycle its annotated delay ends in (never before the first cycle).
    const Cycle now = sc_core::sc_time_stamp() < clock_.time_of(0) ? 0 : clock_.cycle();
    initiator.ready = now + Cycle(delay / clock_.period());
    begin_request_.notify(sc_core::SC_ZERO_TIME);
    return tlm::TLM_ACCEPTED;
  }
  if (phase == tlm::END_RESP) {
    if (!initiator.responding)
      model_error(std::string(target_socket.name()) + ": END_RESP without a response in progress");
    finish_response(id);
    return tlm::TLM_COMPLETED;
  }
  model_error(std::string(target_socket.name()) + ": nb_transport_fw with phase " +
                   std::string(phase.get_name()) + " (allowed from an initiator: BEGIN_REQ, END_RESP)");
}

void TlmPort::accept_requests() {
  for (;;) {
    bool waiting = false;
    for (std::size_t id = 0; id < initiators_.size(); ++id) {
      Initiator& initiator = initiators_[id];
      if (!initiator.request) continue;
      const Cycle now = clock_.cycle();
      // Backpressure: a full source queue, or a congestion controller that holds the node back.
      if (sc_core::sc_time_stamp() < clock_.time_of(0) || now < initiator.ready ||
          endpoint_.queued(now) >= queue_depth_ || endpoint_.throttled(now)) {
        waiting = true;
        continue;
      }
      tlm::tlm_generic_payload& payload = *initiator.request;
      initiator.request = nullptr;
      open(payload, *map_.find(payload.get_address(), payload.get_data_length()), int(id));
      tlm::tlm_phase phase = tlm::END_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      target_socket[int(id)]->nb_transport_bw(payload, phase, delay);
    }
    if (!waiting) {
      sc_core::wait(begin_request_);
      continue;
    }
    // Judged again every cycle while a request waits, and at once for a new one.
    const sc_core::sc_time next =
        clock_.time_of(sc_core::sc_time_stamp() < clock_.time_of(0) ? 0 : clock_.cycle() + 1);
    sc_core::wait(next - sc_core::sc_time_stamp(), begin_request_);
  }
}

void TlmPort::send_responses() {
  for (;;) {
    // The earliest response that may go now: arrived, and its initiator not busy with another.
    bool pending = false;
    for (std::size_t id = 0; id < initiators_.size(); ++id) {
      Initiator& initiator = initiators_[id];
      if (initiator.responding || initiator.responses.empty()) continue;
      pending = true;
      const std::uint32_t tag = initiator.responses.front();
      if (clock_.time_of(network_[tag].arrival) > sc_core::sc_time_stamp()) continue;
      tlm::tlm_generic_payload& payload = *network_[tag].origin;
      answer(payload, tag);
      initiator.responding = true;
      tlm::tlm_phase phase = tlm::BEGIN_RESP;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      const tlm::tlm_sync_enum reply = target_socket[int(id)]->nb_transport_bw(payload, phase, delay);
      if (reply == tlm::TLM_COMPLETED || (reply == tlm::TLM_UPDATED && phase == tlm::END_RESP)) finish_response(int(id));
    }
    if (!pending) {
      sc_core::wait(at_response_arrived_ | response_ended_);
      continue;
    }
    // Wake at the next arrival due, or when an initiator ends its response.
    sc_core::sc_time next = sc_core::SC_ZERO_TIME;
    for (const Initiator& initiator : initiators_)
      if (!initiator.responding && !initiator.responses.empty()) {
        const sc_core::sc_time due = clock_.time_of(network_[initiator.responses.front()].arrival);
        if (due > sc_core::sc_time_stamp() && (next == sc_core::SC_ZERO_TIME || due - sc_core::sc_time_stamp() < next))
          next = due - sc_core::sc_time_stamp();
      }
    if (next == sc_core::SC_ZERO_TIME)
      sc_core::wait(at_response_arrived_ | response_ended_);
    else
      sc_core::wait(next, at_response_arrived_ | response_ended_);
  }
}

void TlmPort::finish_response(int id) {
  Initiator& initiator = initiators_[std::size_t(id)];
  const std::uint32_t tag = initiator.responses.front();
  initiator.responses.pop_front();
  initiator.responding = false;
  tlm::tlm_generic_payload* payload = network_[tag].origin;
  traced(network_[tag], *payload);
  network_.close(tag);
  if (payload->has_mm()) payload->release();
  response_ended_.notify(sc_core::SC_ZERO_TIME);
}

void TlmPort::received(const Packet& packet, Cycle arrival) {
  TlmTransaction& t = network_[packet.tag];
  t.arrival = arrival;
  t.hops += packet.hops;
  if (network_.trace && network_.trace->wants_packets())
    network_.trace->packet(t.responding, packet.source, packet.destination, packet.created, arrival, packet.length,
                           packet.hops);
  if (t.responding && t.initiator >= 0) {
    initiators_[std::size_t(t.initiator)].responses.push_back(packet.tag);
    at_response_arrived_.notify(sc_core::SC_ZERO_TIME);
  } else if (t.responding) {
    t.done = true;
    response_arrived_.notify(sc_core::SC_ZERO_TIME);
  } else {
    requests_.push_back(packet.tag);
    request_arrived_.notify(sc_core::SC_ZERO_TIME);
    // tlm.outstanding 0, as a bus: every request is served as it arrives, by a thread of its own if
    // every one there is holds another.
    if (outstanding_ == 0 && requests_.size() > idle_servers_) spawn_server();
  }
}

void TlmPort::serve() {
  for (;;) {
    ++idle_servers_;
    while (requests_.empty()) sc_core::wait(request_arrived_);
    --idle_servers_;
    const std::uint32_t tag = requests_.front();
    requests_.pop_front();
    wait_until(network_[tag].arrival);
    // The target sees the initiator's own payload — its data pointer, byte enables and extensions —
    // with the address as an offset into its range: icnsim adds the timing, not a copy. The status
    // the target sets is held back until the response arrives (answer()).
    tlm::tlm_generic_payload& payload = *network_[tag].origin;
    const sc_dt::uint64 address = payload.get_address();
    const int target = network_[tag].range->target;
    payload.set_address(network_[tag].offset);
    payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    call_target(target, payload, delay);
    payload.set_address(address);
    network_[tag].status = payload.get_response_status();  // the table may have grown meanwhile
    payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::wait(delay);  // the target's own time, before the response leaves
    TlmTransaction& answered = network_[tag];
    answered.responding = true;
    const bool data_back = AtomicExtension::data_back(payload) && answered.status == tlm::TLM_OK_RESPONSE;
    endpoint_.send(Message{MessageKind::Transaction, answered.source, packet_flits(data_back ? answered.length : 0), 0, tag});
  }
}

TlmPort::AtCall& TlmPort::at_call(const tlm::tlm_generic_payload& payload) {
  for (auto& [p, call] : at_calls_)
    if (p == &payload) return call;
  model_error(std::string(initiator_socket.name()) + ": a local target answered a transaction it was not given");
}

void TlmPort::call_target_nonblocking(int target, tlm::tlm_generic_payload& payload) {
  // The base protocol, as the target's initiator. One request at a time between BEGIN_REQ and END_REQ.
  while (requesting_[std::size_t(target)]) sc_core::wait(target_progress_);
  requesting_[std::size_t(target)] = true;
  at_calls_.emplace_back(&payload, AtCall{});
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_core::sc_time annotated = sc_core::SC_ZERO_TIME;
  const tlm::tlm_sync_enum reply = initiator_socket[target]->nb_transport_fw(payload, phase, annotated);
  if (reply == tlm::TLM_COMPLETED || (reply == tlm::TLM_UPDATED && phase == tlm::BEGIN_RESP)) {
    at_call(payload) = AtCall{true, true};
    if (reply == tlm::TLM_UPDATED) {  // the response came back at once: end it
      tlm::tlm_phase end = tlm::END_RESP;
      sc_core::sc_time none = sc_core::SC_ZERO_TIME;
      initiator_socket[target]->nb_transport_fw(payload, end, none);
    }
  } else if (reply == tlm::TLM_UPDATED) {
    if (phase != tlm::END_REQ)
      model_error(std::string(initiator_socket.name()) + ": a local target returned TLM_UPDATED with phase " +
                  phase.get_name() + " to BEGIN_REQ (allowed: END_REQ, BEGIN_RESP)");
    at_call(payload).accepted = true;
  }
  sc_core::wait(annotated);
  while (!at_call(payload).accepted) sc_core::wait(target_progress_);
  requesting_[std::size_t(target)] = false;
  target_progress_.notify(sc_core::SC_ZERO_TIME);
  while (!at_call(payload).answered) sc_core::wait(target_progress_);
  at_calls_.erase(std::find_if(at_calls_.begin(), at_calls_.end(), [&](const auto& c) { return c.first == &payload; }));
}

tlm::tlm_sync_enum TlmPort::nb_transport_bw(int, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                            sc_core::sc_time& delay) {
  AtCall& call = at_call(payload);
  if (phase == tlm::END_REQ) {
    call.accepted = true;
  } else if (phase == tlm::BEGIN_RESP) {
    call.accepted = call.answered = true;  // BEGIN_RESP implies END_REQ
  } else {
    model_error(std::string(initiator_socket.name()) + ": nb_transport_bw with phase " + phase.get_name() +
                " (allowed from a target: END_REQ, BEGIN_RESP)");
  }
  target_progress_.notify(delay);
  return phase == tlm::BEGIN_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
}

unsigned int TlmPort::transport_dbg(int, tlm::tlm_generic_payload& payload) {
  // Straight to the target, without time or traffic (a debugger's or loader's access).
  const AddressRange* range = map_.find(payload.get_address(), payload.get_data_length());
  if (!range) {
    payload.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  const sc_dt::uint64 address = payload.get_address();
  payload.set_address(address - range->base);
  const unsigned int bytes = network_.ports[range->node]->initiator_socket[range->target]->transport_dbg(payload);
  payload.set_address(address);
  return bytes;
}

bool TlmPort::get_direct_mem_ptr(int, tlm::tlm_generic_payload& payload, tlm::tlm_dmi& dmi) {
  // Cycle timing offers no DMI: every access must cross the network to be timed and counted. In
  // approximate timing, where an access is a call annotated with an estimate anyway, the target's
  // own grant passes through, in the map's addresses and within the range, with the estimated round
  // trip of a one-flit access added to its latencies.
  const sc_dt::uint64 address = payload.get_address();
  const AddressRange* range = network_.approximate && network_.estimate ? map_.find(address, 1) : nullptr;
  if (!range) {
    dmi.init();  // denied everywhere: start 0, end the highest address, no access
    payload.set_dmi_allowed(false);
    return false;
  }
  TlmPort& server = *network_.ports[range->node];
  payload.set_address(address - range->base);
  const bool granted = server.initiator_socket[range->target]->get_direct_mem_ptr(payload, dmi);
  payload.set_address(address);
  const sc_dt::uint64 last = range->size - 1;  // offsets of the range, shown as the map's addresses
  dmi.set_start_address(range->base + std::min<sc_dt::uint64>(dmi.get_start_address(), last));
  dmi.set_end_address(range->base + std::min<sc_dt::uint64>(dmi.get_end_address(), last));
  if (!granted) return false;
  const Cycle at = clock_.cycle_at(clock_.now());
  const int data = packet_flits(flit_bytes_);  // a request or response carrying one flit of data
  const Cycle read = network_.estimate->expected_latency(node_, range->node, 1, at) +
                     network_.estimate->expected_latency(range->node, node_, data, at);
  const Cycle write = network_.estimate->expected_latency(node_, range->node, data, at) +
                      network_.estimate->expected_latency(range->node, node_, 1, at);
  dmi.set_read_latency(dmi.get_read_latency() + clock_.cycles(read));
  dmi.set_write_latency(dmi.get_write_latency() + clock_.cycles(write));
  granted_dmi_ = true;
  return true;
}

void TlmPort::invalidate_granted(sc_dt::uint64 start, sc_dt::uint64 end) {
  if (!granted_dmi_) return;
  for (std::size_t i = 0; i < local_initiators(); ++i) target_socket[int(i)]->invalidate_direct_mem_ptr(start, end);
}

void TlmPort::revoke_direct_memory() {
  invalidate_granted(0, ~sc_dt::uint64(0));
  granted_dmi_ = false;
}

void TlmPort::invalidate_direct_mem_ptr(int target, sc_dt::uint64 start, sc_dt::uint64 end) {
  for (const AddressRange& range : map_.ranges()) {
    if (range.node != node_ || range.target != target || start > range.size - 1) continue;
    const sc_dt::uint64 first = range.base + start, last = range.base + std::min<sc_dt::uint64>(end, range.size - 1);
    for (TlmPort* port : network_.ports)
      if (port) port->invalidate_granted(first, last);
  }
}

}  // namespace icn
