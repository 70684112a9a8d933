#pragma once
// Unicorn 2, loaded when the first core starts (dlopen) rather than linked: a run without cores —
// every network study, every virtual platform — neither maps its 20 MB nor needs it installed, and
// stays within the address space and memory it had (tests/scripts/test_study_tools.py runs icnsim
// under limits of 9-20 MB). The functions the cores call, resolved once. ICNSIM_UNICORN names another
// build of Unicorn 2 to load instead of the system's (docs/cores.md, "Which Unicorn": Debian's 2.0.1
// sends every guest store through a slow path that 2.1 removed).
#include <unicorn/unicorn.h>

#include <string>

namespace icn {

struct UnicornLibrary {
  decltype(&::uc_open) open;
  decltype(&::uc_close) close;
  decltype(&::uc_mem_map_ptr) mem_map_ptr;
  decltype(&::uc_mmio_map) mmio_map;
  decltype(&::uc_hook_add) hook_add;
  decltype(&::uc_emu_start) emu_start;
  decltype(&::uc_emu_stop) emu_stop;
  decltype(&::uc_reg_read) reg_read;
  decltype(&::uc_reg_write) reg_write;
  decltype(&::uc_ctl) ctl;
  decltype(&::uc_strerror) strerror;
  std::string file;     // the library loaded, as the dynamic loader found it
  std::string version;  // its uc_version(), "2.0", "2.1", …

  // The library, loaded on the first call; throws ConfigError with one line if it cannot be.
  static const UnicornLibrary& get();
};

}  // namespace icn
