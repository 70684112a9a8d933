#pragma once
// Reads a YAML document into flat "dotted.key → value" entries that remember their file and line,
// so every later error can point at the line the user wrote.
#include <string>
#include <utility>
#include <vector>

#include "common/parameters.h"

namespace icn {

using FlatEntries = std::vector<std::pair<std::string, ParameterValue>>;

FlatEntries read_yaml_file(const std::string& path);
FlatEntries read_yaml_text(const std::string& text, const std::string& origin_name);

}  // namespace icn
