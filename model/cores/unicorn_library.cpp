#include "cores/unicorn_library.h"

#include <dlfcn.h>

#include "common/config_error.h"

namespace icn {

namespace {

template <typename Function>
void resolve(void* library, const char* name, Function& function) {
  function = reinterpret_cast<Function>(dlsym(library, name));
  if (!function)
    throw ConfigError(std::string("processor.type: core: libunicorn.so.2 has no ") + name +
                      " (allowed: Unicorn 2, Debian's libunicorn2)");
}

UnicornLibrary load() {
  void* library = dlopen("libunicorn.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!library)
    throw ConfigError(std::string("processor.type: core needs Unicorn 2 (libunicorn.so.2: ") + dlerror() +
                      "; allowed: with Debian's libunicorn2 installed, as scripts/setup does)");
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
  return u;  // never closed: the cores use it to the end of the process
}

}  // namespace

const UnicornLibrary& UnicornLibrary::get() {
  static const UnicornLibrary library = load();
  return library;
}

}  // namespace icn
