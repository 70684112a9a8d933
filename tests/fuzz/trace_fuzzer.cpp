// libFuzzer target: the message-passing trace parser (docs/stimuli.md, "Trace replay"). Whatever
// the bytes, parsing either succeeds or throws ConfigError naming the line; any other exception,
// a crash or a sanitizer report is a defect.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "common/config_error.h"
#include "traffic/trace.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    icn::read_trace(in, "fuzz.trace", 256);
  } catch (const icn::ConfigError&) {
  }
  return 0;
}

// libsystemc.so refers to sc_main; libFuzzer brings its own main and never enters SystemC's.
extern "C" int sc_main(int, char*[]) { return 0; }
