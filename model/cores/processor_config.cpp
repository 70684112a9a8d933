#include "cores/processor_config.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>

#include "common/config_error.h"
#include "cores/device_map.h"
#include "cores/elf_image.h"

namespace icn {

namespace {
// A core's keys: generators have none of what they describe.
std::vector<ParameterSpec> for_cores(std::vector<ParameterSpec> keys) {
  for (ParameterSpec& key : keys)
    if (key.key != "type") key.acts_when("cores (processor.type: core)", "processor.type", {"core"});
  return keys;
}
}  // namespace

std::vector<ParameterSpec> ProcessorConfig::processor_parameters() {
  using P = ParameterSpec;
  return for_cores({
      P::choice("type", "generator", {"generator", "core"},
                "what drives each node: generator (the stimulus' traffic generators or trace) or core (a RISC-V "
                "rv32imac core running software.program; docs/cores.md)"),
      P::integer("cycles_per_instruction", 1, 1, 1000, "core: cycles each instruction takes"),
      P::integer("memory_latency", 0, 0, 1000, "core: extra cycles each load or store to the node's own memory takes"),
      P::integer("quantum", 1000, 1, 100000000,
                 "core: cycles a core may run ahead of the network before it synchronises (tlm_quantumkeeper); it "
                 "also synchronises on every access that leaves the node"),
      P::integer("memory_bytes", 0x80000, 4096, ICN_RAM_MAX,
                 "core: bytes of each node's own memory at 0x80000000 (program, data, stack)"),
  });
}

std::vector<ParameterSpec> ProcessorConfig::software_parameters() {
  using P = ParameterSpec;
  return for_cores({
      P::text("program", "", "core: the RISC-V ELF every core runs (icnsim PLATFORM PROGRAM.elf sets it)"),
      P::text("arguments", "", "core: integers the program reads (icn_argument(i)), separated by spaces"),
      P::integer("message_buffer_bytes", 1 << 20, 64, std::int64_t(1) << 32,
                 "core: bytes of messages a node holds that its program has not yet received; more ends the run "
                 "naming the node (a program that sends faster than its receivers take)"),
  });
}

ProcessorConfig ProcessorConfig::from(const ParameterSet& processor, const ParameterSet& software) {
  ProcessorConfig c;
  c.cores = processor.text("type") == "core";
  c.cycles_per_instruction = int(processor.integer("cycles_per_instruction"));
  c.memory_latency = int(processor.integer("memory_latency"));
  c.quantum = Cycle(processor.integer("quantum"));
  c.memory_bytes = std::uint32_t(processor.integer("memory_bytes"));
  // Relative to the platform file that names it, as every other path; printed absolute (configuration.cpp).
  if (!software.text("program").empty())
    c.program = std::filesystem::absolute(path_beside_origin(software.text("program"), software.origin("program")))
                    .lexically_normal()
                    .string();
  c.message_buffer_bytes = std::uint64_t(software.integer("message_buffer_bytes"));
  const std::string& arguments = software.text("arguments");
  for (std::size_t at = arguments.find_first_not_of(' '); at != std::string::npos;
       at = arguments.find_first_not_of(' ', at)) {
    const std::size_t end = std::min(arguments.find(' ', at), arguments.size());
    const std::string word = arguments.substr(at, end - at);
    char* rest = nullptr;
    errno = 0;
    const long long value = std::strtoll(word.c_str(), &rest, 0);
    if (*rest != '\0' || errno != 0 || value < INT32_MIN || value > 0xffffffffLL)
      throw ConfigError(software.problem("arguments", "'" + word + "' is not a 32-bit integer (allowed: integers "
                                                      "separated by spaces)"));
    c.arguments.push_back(std::int32_t(std::uint32_t(value)));
    at = end;
  }
  if (!c.cores) {  // set away from its default, a core's key would change nothing (a printed default reads back)
    for (const ParameterSpec& spec : processor_parameters())
      if (spec.key != "type" && processor.text(spec.key) != spec.default_value)
        throw ConfigError(processor.problem(spec.key, "applies to cores, and processor.type is generator (allowed: "
                                                      "with processor.type: core)"));
    if (software.text("message_buffer_bytes") != std::to_string(1 << 20))
      throw ConfigError(software.problem("message_buffer_bytes", "applies to cores, and processor.type is generator "
                                                                 "(allowed: with processor.type: core)"));
    if (!software.text("arguments").empty())
      throw ConfigError(software.problem("arguments", "are a program's, and processor.type is generator (allowed: "
                                                      "with processor.type: core)"));
  }
  if (c.cores && c.program.empty())
    throw ConfigError(processor.problem("type", "core runs a program, and software.program names none (allowed: "
                                                "icnsim PLATFORM PROGRAM.elf, or software.program)"));
  if (!c.cores && !c.program.empty())
    throw ConfigError(software.problem("program", "runs on cores, and processor.type is generator (allowed: with "
                                                  "processor.type: core)"));
  // Checked whole now, so that --print-config (a sweep's check before it runs) refuses what the run would.
  if (c.cores) (void)ElfImage::load(c.program, c.memory_bytes);
  return c;
}

}  // namespace icn
