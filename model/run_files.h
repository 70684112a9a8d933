#pragma once
// The files a run reads and the files it writes (issue: nothing icnsim writes may destroy an input).
// An output that is an input of the run, or another output of it, is refused before anything is
// simulated: `--set tlm.trace=PLATFORM.yaml` would replace the platform with a trace, and a trace
// and a result in one file would lose one of them. Files are compared as files, not as spellings:
// symbolic links, "..", and hard links to one file are the same file.
#include <string>

#include "platform/configuration.h"

namespace icn {

// "" when every output of the run is a file of its own; else the one-line refusal. `result` is the
// --out target ("" or "-": none on the file system).
std::string output_collision(const Configuration& configuration, const std::string& result);

}  // namespace icn
