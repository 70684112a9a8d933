#include "cores/unicorn_library.h"

#include <dlfcn.h>

#include <cstdlib>

#include "common/config_error.h"

namespace icn {

namespace {

// The library ICNSIM_UNICORN names, or nullptr for the system's libunicorn.so.2.
const char* chosen_library() {
  const char* chosen = std::getenv("ICNSIM_UNICORN");
  return chosen && *chosen ? chosen : nullptr;
}

std::string library_name() {
  const char* chosen = chosen_library();
  return chosen ? chosen : "libunicorn.so.2";
}

template <typename Function>
void resolve(void* library, const char* name, Function& function) {
  function = reinterpret_cast<Function>(dlsym(library, name));
  if (!function)
    throw ConfigError("processor.type: core: " + library_name() + " has no " + name +
                      " (allowed: Unicorn 2, Debian's libunicorn2 or another build named by ICNSIM_UNICORN)");
}

UnicornLibrary load() {
  const bool own = chosen_library() != nullptr;
  void* library = dlopen(library_name().c_str(), RTLD_NOW | RTLD_LOCAL);
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
  u.version = std::to_string(major) + "." + std::to_string(minor);
  if (major != 2)
    throw ConfigError("processor.type: core: " + library_name() + " is Unicorn " + u.version + " (allowed: Unicorn 2)");
  Dl_info where{};
  u.file = dladdr(reinterpret_cast<void*>(u.open), &where) && where.dli_fname ? where.dli_fname : library_name();
  return u;  // never closed: the cores use it to the end of the process
}

}  // namespace

const UnicornLibrary& UnicornLibrary::get() {
  static const UnicornLibrary library = load();
  return library;
}

}  // namespace icn
