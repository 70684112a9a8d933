#pragma once
// One YAML document per file, read to its end: a second document ("---" and keys after it) would be
// silently ignored by a loader that reads the first, so every file icnsim reads as YAML (platforms,
// stimuli, topology files) is walked whole first. Throws ConfigError with one line naming the file
// and line; returns whether the stream uses aliases (what a document too large to read is then told).
#include <string>

namespace icn {

bool refuse_further_documents(const std::string& text, const std::string& origin_name);

}  // namespace icn
