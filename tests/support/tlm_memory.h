#pragma once
// A memory of 256 bytes behind a simple target socket, answering b_transport at once: the local
// target the TLM-2.0 tests bind to a node.
#include <tlm_utils/simple_target_socket.h>

#include <cstring>

namespace icn::testing {

struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> socket{"socket"};
  unsigned char bytes[256] = {};
  explicit Memory(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_b_transport(this, &Memory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time&) {
    unsigned char* cell = bytes + p.get_address();
    if (p.is_write()) std::memcpy(cell, p.get_data_ptr(), p.get_data_length());
    else std::memcpy(p.get_data_ptr(), cell, p.get_data_length());
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

}  // namespace icn::testing
