#pragma once
// A platform described in code (docs/tlm.md): what an icnsim platform file says — every key at its
// default, a file's or YAML text's keys, --set-style overrides — and an address map built range by
// range. An icnsim::Interconnect is elaborated from it.
//
//   icnsim::Platform soc = icnsim::Platform::defaults("soc");
//   soc.set("network.radix", "4").set("congestion_control.type", "alo");
//   soc.map(0x0000, 0x1000, 5);            // node 5's first local target serves 0x0000-0x0fff
//   icnsim::Interconnect noc("noc", soc);
#include <cstdint>
#include <string>
#include <vector>

#include "icnsim/version.h"

#ifndef ICNSIM_API
// What libicn exports: the icnsim:: API and nothing of the model behind it (hidden visibility).
#define ICNSIM_API __attribute__((visibility("default")))
#endif

namespace icnsim {

class ICNSIM_API Platform {
 public:
  // Every key at its default (the self-tuned paper's 16-ary 2-cube; --print-config lists them).
  static Platform defaults(const std::string& name = "platform");
  static Platform from_file(const std::string& path);
  static Platform from_yaml(const std::string& yaml, const std::string& name = "platform");

  // A key by its dotted path and a YAML value, as icnsim's --set takes it: set("router.virtual_channels", "4").
  // Checked when the interconnect is elaborated (a std::runtime_error naming the key and what is allowed).
  Platform& set(const std::string& key, const std::string& value);
  // Addresses [base, base + size) are served by local target `target` (in binding order) of `node`.
  // The ranges built here are the platform's address map; a file that has one of its own is refused.
  Platform& map(std::uint64_t base, std::uint64_t size, unsigned node, unsigned target = 0);
  // The same for a target called otherwise than tlm.target_protocol says ("blocking" or
  // "approximately_timed"): an LT memory beside AT devices, or the other way round.
  Platform& map(std::uint64_t base, std::uint64_t size, unsigned node, unsigned target, const std::string& protocol);

  // What the interconnect is elaborated from: a file (or none), the YAML text (without a file; empty:
  // the defaults), the name used in messages, and the overrides with the address map last.
  const std::string& file() const { return file_; }
  const std::string& yaml() const { return yaml_; }
  const std::string& name() const { return name_; }
  std::vector<std::string> overrides() const;
  bool maps_addresses() const { return !ranges_.empty(); }

 private:
  std::string file_, yaml_, name_;
  std::vector<std::string> overrides_;
  struct Range {
    std::uint64_t base, size;
    unsigned node, target;
    std::string protocol;  // empty: the platform's
  };
  std::vector<Range> ranges_;
};

}  // namespace icnsim
