#pragma once
// A RISC-V program as the cores load it: the bytes of its loadable segments placed in a node's
// memory, its entry point and the top of the stack it was linked for. Read once per run and copied
// into every core's memory. Anything but a 32-bit little-endian RISC-V executable that fits the
// memory is refused with one line naming the file (ConfigError).
#include <cstdint>
#include <string>
#include <vector>

namespace icn {

struct ElfImage {
  std::vector<std::uint8_t> memory;  // the node's memory as the program starts: ICN_RAM_BASE onward
  std::uint32_t entry = 0;
  // Where the executable segments hold an A-extension instruction (a linear sweep: RISC-V code holds
  // no data), so that a core can see each one before it runs (docs/cores.md, "Atomics").
  std::vector<std::uint32_t> atomic_instructions;
  static ElfImage load(const std::string& path, std::uint32_t memory_bytes);
};

}  // namespace icn
