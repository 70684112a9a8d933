#include "cores/elf_image.h"

#include <elf.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "common/config_error.h"
#include "common/text.h"
#include "cores/atomics.h"
#include "cores/device_map.h"

namespace icn {

namespace {

std::string hex(std::uint64_t value) {
  std::ostringstream s;
  s << "0x" << std::hex << value;
  return s.str();
}

template <typename T>
T read_at(const std::vector<std::uint8_t>& file, std::uint64_t offset, const std::string& path, const char* what) {
  if (offset > file.size() || file.size() - offset < sizeof(T))
    throw ConfigError(path + ": cut short (its " + what + " lies past the end of the file)");
  T value;
  std::memcpy(&value, file.data() + offset, sizeof(T));
  return value;
}

}  // namespace

ElfImage ElfImage::load(const std::string& path, std::uint32_t memory_bytes) {
  // A regular file only: a FIFO would block the run before it starts, a directory reads as nothing.
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0)
    throw ConfigError(path + ": software.program cannot be read (" + std::strerror(errno) + ")");
  if (!S_ISREG(status.st_mode))
    throw ConfigError(path + ": software.program is " + (S_ISDIR(status.st_mode) ? "a directory" : "not a regular file") +
                      " (allowed: a RISC-V rv32 executable, docs/cores.md)");
  // A node's memory is at most 1 MiB; with its symbols and debug information a program is a few MiB.
  if (status.st_size > (64 << 20))
    throw ConfigError(path + ": software.program is " + std::to_string(status.st_size >> 20) + " MiB (allowed: a "
                      "RISC-V rv32 executable of at most 64 MiB, docs/cores.md)");
  std::string bytes;
  if (const std::string problem = read_file_bytes(path, 64u << 20, bytes); !problem.empty())
    throw ConfigError(path + ": software.program cannot be read (" + problem + ")");
  const std::vector<std::uint8_t> file(bytes.begin(), bytes.end());
  if (file.size() < SELFMAG || std::memcmp(file.data(), ELFMAG, SELFMAG) != 0)
    throw ConfigError(path + ": not an ELF file (allowed: a RISC-V rv32 executable, docs/cores.md)");
  const auto header = read_at<Elf32_Ehdr>(file, 0, path, "ELF header");
  if (header.e_ident[EI_CLASS] != ELFCLASS32 || header.e_ident[EI_DATA] != ELFDATA2LSB ||
      header.e_machine != EM_RISCV || header.e_type != ET_EXEC)
    throw ConfigError(path + ": not a 32-bit little-endian RISC-V executable (allowed: one built for rv32imac, "
                             "-march=rv32imac -mabi=ilp32)");
  const std::uint64_t end = std::uint64_t(ICN_RAM_BASE) + memory_bytes;
  ElfImage image;
  image.memory.assign(memory_bytes, 0);
  image.entry = header.e_entry;
  for (unsigned i = 0; i < header.e_phnum; ++i) {
    const auto segment =
        read_at<Elf32_Phdr>(file, std::uint64_t(header.e_phoff) + std::uint64_t(i) * header.e_phentsize, path,
                            "program header");
    if (segment.p_type != PT_LOAD || segment.p_memsz == 0) continue;
    // Where it runs (.data and .bss at their virtual address) must lie in the memory: the start-up
    // code would otherwise clear or copy past its end.
    if (segment.p_vaddr < ICN_RAM_BASE || std::uint64_t(segment.p_vaddr) + segment.p_memsz > end)
      throw ConfigError(path + ": a segment of " + std::to_string(segment.p_memsz) + " bytes at " + hex(segment.p_vaddr) +
                        " lies outside the node's memory " + hex(ICN_RAM_BASE) + ".." + hex(end - 1) +
                        " (allowed: a program linked for processor.memory_bytes = " + std::to_string(memory_bytes) +
                        " or less, docs/cores.md)");
    // At its load address: initialised data sits in the image where the start-up code copies it from.
    const std::uint64_t at = segment.p_paddr, bytes = segment.p_filesz;
    if (bytes == 0) continue;  // .bss: the start-up code clears it
    if (at < ICN_RAM_BASE || at + bytes > end)
      throw ConfigError(path + ": a segment at " + hex(at) + ".." + hex(at + bytes - 1) +
                        " lies outside the node's memory " +
                        hex(ICN_RAM_BASE) + ".." + hex(end - 1) + " (allowed: a program linked for " +
                        "processor.memory_bytes = " + std::to_string(memory_bytes) + " or less, docs/cores.md)");
    if (segment.p_filesz > segment.p_memsz || segment.p_offset > file.size() ||
        file.size() - segment.p_offset < segment.p_filesz)
      throw ConfigError(path + ": cut short (a segment's bytes lie past the end of the file)");
    std::memcpy(image.memory.data() + (at - ICN_RAM_BASE), file.data() + segment.p_offset, bytes);
    if (segment.p_flags & PF_X)
      for (std::uint64_t pc = at; pc + 2 <= at + bytes;) {
        const std::uint8_t* code = image.memory.data() + (pc - ICN_RAM_BASE);
        if ((code[0] & 3) != 3) {  // a compressed instruction: no atomics among them
          pc += 2;
          continue;
        }
        if (pc + 4 > at + bytes) break;
        if (atomic_at(code)) image.atomic_instructions.push_back(std::uint32_t(pc));
        pc += 4;
      }
  }
  if (image.entry < ICN_RAM_BASE || image.entry >= end)
    throw ConfigError(path + ": its entry point " + hex(image.entry) + " is not in the node's memory");
  // The stack the program was linked for (picolibc's __stack) must lie in the memory it gets.
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    const auto section = read_at<Elf32_Shdr>(
        file, std::uint64_t(header.e_shoff) + std::uint64_t(i) * header.e_shentsize, path, "section header");
    if (section.sh_type != SHT_SYMTAB || section.sh_entsize != sizeof(Elf32_Sym)) continue;
    const auto names = read_at<Elf32_Shdr>(
        file, std::uint64_t(header.e_shoff) + std::uint64_t(section.sh_link) * header.e_shentsize, path,
        "section header");
    for (std::uint64_t at = section.sh_offset; at + sizeof(Elf32_Sym) <= std::uint64_t(section.sh_offset) + section.sh_size;
         at += sizeof(Elf32_Sym)) {
      const auto symbol = read_at<Elf32_Sym>(file, at, path, "symbol table");
      const std::uint64_t name = std::uint64_t(names.sh_offset) + symbol.st_name;
      if (name + 8 > file.size() || std::memcmp(file.data() + name, "__stack", 8) != 0) continue;
      if (symbol.st_value > end)
        throw ConfigError(path + ": linked for a stack at " + hex(symbol.st_value) + ", above the node's memory (" +
                          hex(ICN_RAM_BASE) + ".." + hex(end - 1) + "; allowed: processor.memory_bytes of at least " +
                          std::to_string(symbol.st_value - ICN_RAM_BASE) + ")");
    }
  }
  return image;
}

}  // namespace icn
