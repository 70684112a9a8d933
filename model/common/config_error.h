#pragma once
#include <stdexcept>
#include <string>

#include "common/text.h"

namespace icn {

// Bad user input: the message is one line naming where (file:line or --set), the key, the problem
// and what is allowed. The command line prints it and exits with status 2, before simulating. Any
// control character or invalid byte quoted from the input is escaped, so it stays one line.
class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(const std::string& message) : std::runtime_error(printable(message)) {}
};

}  // namespace icn
