// libFuzzer target: the platform and stimulus loader with --set overrides. The input is split at
// the first two lines that read "---8<---" into platform YAML, stimulus YAML and override lines
// ("key.path=value"). Whatever the bytes, loading either succeeds or throws ConfigError (the
// one-line refusal); any other exception, a crash or a sanitizer report is a defect.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "common/config_error.h"
#include "platform/configuration.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::string cut = "\n---8<---\n";
  std::string parts[3];
  std::size_t start = 0;
  for (int i = 0; i < 3; ++i) {
    const std::size_t end = i < 2 ? input.find(cut, start) : std::string::npos;
    parts[i] = input.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (end == std::string::npos) break;
    start = end + cut.size();
  }
  std::vector<std::string> overrides;
  std::istringstream lines(parts[2]);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) overrides.push_back(line);
  try {
    icn::load_configuration_text(parts[0], parts[1], overrides, "platform", "stimulus");
  } catch (const icn::ConfigError& e) {
    const std::string message = e.what();
    if (message.empty() || message.find('\n') != std::string::npos) {
      std::fprintf(stderr, "a refusal must be one non-empty line: [%s]\n", message.c_str());
      std::abort();
    }
  }
  return 0;
}

// libsystemc.so refers to sc_main; libFuzzer brings its own main and never enters SystemC's.
extern "C" int sc_main(int, char*[]) { return 0; }
