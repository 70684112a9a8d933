#pragma once
// The stimulus document read against its platform: its top-level keys, its phases (each from the
// top-level traffic keys, then its own) or its trace, with every key acting in the run.
#include <string>

#include "platform/configuration.h"
#include "platform/yaml_source.h"

namespace icn {

// Reads `entries` (a file's) with `overrides` on top (without the "stimulus." prefix); `source`
// names the file in messages and places a trace it names. Throws ConfigError.
StimulusConfig build_stimulus(const FlatEntries& entries, const FlatEntries& overrides, const std::string& source,
                              const PlatformConfig& platform);

}  // namespace icn
