// Included by router_vc_allocation.cpp and router_wait_for.cpp, which both ask it.
// Whether an output VC may take a header now (router/admission.h), and the controller's injection rule.
#pragma once
#include "router/admission.h"
#include "router/router.h"

namespace icn {

inline bool Router::admits(int input, const RouteCandidate& candidate, int ov, int room_needed) const {
  if (ov >= vcs_ || !output_vc_free(candidate.port, ov)) return false;
  if (candidate.port >= network_ports_) return true;  // delivery: the interface always drains
  const bool continuing = input / vcs_ == candidate.port && ((candidate.vc_mask >> (input % vcs_)) & 1u);
  const int credits = outputs_[std::size_t(candidate.port)].credits(ov);
  if (!admitted(AdmissionRequest{credits, depth_, room_needed, candidate.needs_empty_buffer, candidate.bubble, continuing}))
    return false;
  if (injection_rule_ == nullptr || input < vc_index(network_ports_, 0)) return true;
  const int length = packets_[front(input).flit.packet].length;
  if (injection_rule_->admits_injection(*this, InjectionRequest{candidate.port, ov, credits, length, candidate.bubble}))
    return true;
  injection_refused_ = true;
  return false;
}

}  // namespace icn
