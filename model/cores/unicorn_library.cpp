#include "cores/unicorn_library.h"

#include <dlfcn.h>

#include <cstdlib>

#include "common/config_error.h"

namespace icn {

namespace {

const char* chosen_library() {
  const char* chosen = std::getenv("ICNSIM_UNICORN");
  return chosen && *chosen ? chosen : "libunicorn.so.2";
}

template <typename Function>
void resolve(void* library, const char* name, Function& function) {
  function = reinterpret_cast<Function>(dlsym(library, name));
  if (!function)
    throw ConfigError(std::string("processor.type: core: ") + chosen_library() + " has no " + name +
                      " (allowed: Unicorn 2, Debian's libunicorn2 or another build named by ICNSIM_UNICORN)");
}

UnicornLibrary load() {
  const char* chosen = std::getenv("ICNSIM_UNICORN");
  const bool own = chosen && *chosen;
  void* library = dlopen(own ? chosen : "libunicorn.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!library)
    throw ConfigError(std::string("processor.type: core needs Unicorn 2 (") + dlerror() +
                      (own ? "; allowed: ICNSIM_UNICORN naming a libunicorn.so.2, or unset for the system's)"
                           : "; allowed: with Debian's libunicorn2 installed, as scripts/setup does)"));
  UnicornLibrary u{};
  resolve(library, "uc_open", u.open);
  resolve(library, "uc_close", u.close);
  resolve(library, "uc_mem_map_ptr", u.mem_map_ptr);
  resolve(library, "uc_mmio_map", u.mmio_map);
  resolve(library, "uc_hook_add", u.hook_add);
  resolve(library, "uc_emu_start", u.emu_start);
  resolve(library, "uc_emu_stop", u.emu_stop);
  resolve(library, "uc_reg_read", u.reg_read);
  resolve(library, "uc_reg_write", u.reg_write);
  resolve(library, "uc_ctl", u.ctl);
  resolve(library, "uc_strerror", u.strerror);
  decltype(&::uc_version) version = nullptr;
  resolve(library, "uc_version", version);
  unsigned major = 0, minor = 0;
  version(&major, &minor);
  if (major != 2)
    throw ConfigError("processor.type: core: " + std::string(own ? chosen : "libunicorn.so.2") + " is Unicorn " +
                      std::to_string(major) + "." + std::to_string(minor) + " (allowed: Unicorn 2)");
  u.version = std::to_string(major) + "." + std::to_string(minor);
  Dl_info where{};
  u.file = dladdr(reinterpret_cast<void*>(u.open), &where) && where.dli_fname ? where.dli_fname : "libunicorn.so.2";
  return u;  // never closed: the cores use it to the end of the process
}

}  // namespace

const UnicornLibrary& UnicornLibrary::get() {
  static const UnicornLibrary library = load();
  return library;
}

}  // namespace icn
