#pragma once
#include <stdexcept>
#include <string>

namespace icn {

// A violated invariant of the model itself (a flit to the wrong node, a full buffer receiving a
// flit, a deadlocked run): the run stops with the diagnostic instead of producing a wrong result.
class ModelError : public std::runtime_error {
 public:
  explicit ModelError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace icn
