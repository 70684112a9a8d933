#include "platform/yaml_source.h"

#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>
#include <vector>

#include "common/config_error.h"
#include "common/text.h"
#include "common/yaml_documents.h"

namespace icn {

namespace {

std::string where(const std::string& origin_name, const YAML::Mark& mark) {
  return origin_name + ":" + std::to_string(mark.line + 1);
}

// YAML aliases share nodes, so a document of a few lines can stand for a graph that expands to
// billions of entries ("billion laughs") or to no end (an alias inside its own anchor). Flattening
// expands them, within these bounds, far beyond any platform or stimulus: a configuration is a
// few levels deep and at most thousands of keys (an address map, a list of phases).
constexpr int kDeepest = 32;
constexpr std::size_t kMostNodes = 100000;

void flatten(const YAML::Node& node, const std::string& prefix, const std::string& origin_name,
             FlatEntries& out, int depth, std::size_t& nodes, bool aliases) {
  if (depth > kDeepest)
    throw ConfigError(where(origin_name, node.Mark()) + ": " + prefix.substr(0, 80) + "…: nested more than " +
                      std::to_string(kDeepest) + " levels deep, which an alias inside its own anchor does (allowed: " +
                      "at most " + std::to_string(kDeepest) + " levels)");
  if (++nodes > kMostNodes)
    throw ConfigError(where(origin_name, node.Mark()) + ": " + prefix.substr(0, 80) + ": the document " +
                      (aliases ? "expands to more than " + std::to_string(kMostNodes) + " values, as aliases of aliases do"
                               : "holds more than " + std::to_string(kMostNodes) + " values") +
                      " (allowed: at most " + std::to_string(kMostNodes) + ")");
  if (node.IsMap()) {
    std::set<std::string> seen;  // YAML would let the last of two equal keys win, silently
    for (const auto& item : node) {
      if (!item.first.IsScalar())
        throw ConfigError(where(origin_name, item.first.Mark()) + ": keys must be plain names");
      const std::string key = prefix.empty() ? item.first.Scalar() : prefix + "." + item.first.Scalar();
      if (!seen.insert(item.first.Scalar()).second)
        throw ConfigError(where(origin_name, item.first.Mark()) + ": " + key +
                          ": appears twice in the same mapping (allowed: each key once)");
      if (item.second.IsNull())
        throw ConfigError(where(origin_name, item.first.Mark()) + ": " + key + ": has no value");
      flatten(item.second, key, origin_name, out, depth + 1, nodes, aliases);
    }
    return;
  }
  // A list of mappings (the phases of a stimulus) flattens to "key.0.…", "key.1.…".
  if (node.IsSequence() && node.size() > 0 && node[0].IsMap()) {
    std::size_t index = 0;
    for (const auto& element : node) {
      if (!element.IsMap())
        throw ConfigError(where(origin_name, element.Mark()) + ": " + prefix +
                          ": every element of this list must be a mapping");
      flatten(element, prefix + "." + std::to_string(index++), origin_name, out, depth + 1, nodes, aliases);
    }
    return;
  }
  ParameterValue value;
  value.origin = where(origin_name, node.Mark());
  if (node.IsSequence()) {
    value.sequence = true;
    for (const auto& element : node) {
      if (++nodes > kMostNodes)
        throw ConfigError(where(origin_name, element.Mark()) + ": " + prefix.substr(0, 80) + ": the document " +
                          (aliases ? "expands to" : "holds") + " more than " + std::to_string(kMostNodes) +
                          " values (allowed: at most " + std::to_string(kMostNodes) + ")");
      if (!element.IsScalar())
        throw ConfigError(where(origin_name, element.Mark()) + ": " + prefix +
                          ": list elements must be plain values");
      value.items.push_back(element.Scalar());
    }
  } else {
    value.items.push_back(node.Scalar());
  }
  out.emplace_back(prefix, std::move(value));
}

FlatEntries parse(const std::string& text, const std::string& origin_name) {
  YAML::Node root;
  bool aliases = false;
  try {
    root = YAML::Load(text);
    // Every document, so that a second one ("---") is refused rather than silently ignored.
    aliases = refuse_further_documents(text, origin_name);
  } catch (const YAML::Exception& e) {
    throw ConfigError(where(origin_name, e.mark) + ": YAML syntax error: " + e.msg);
  }
  FlatEntries out;
  if (root.IsNull()) return out;
  if (!root.IsMap()) throw ConfigError(origin_name + ":1: the document must be a mapping of keys");
  std::size_t nodes = 0;
  flatten(root, "", origin_name, out, 0, nodes, aliases);
  return out;
}

}  // namespace

FlatEntries read_yaml_file(const std::string& path) {
  // Only a regular file of sensible size: a directory, a device or /proc/self/mem would be read as
  // an empty document (all defaults) or never end.
  constexpr std::uintmax_t kLargest = 16u << 20;
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) throw ConfigError(path + ": cannot open file");
  if (!std::filesystem::is_regular_file(status))
    throw ConfigError(path + ": is not a regular file (allowed: a YAML file)");
  if (std::filesystem::file_size(path, error) > kLargest || error)
    throw ConfigError(path + ": is larger than 16 MiB (allowed: a YAML file of at most 16 MiB)");
  std::string text;
  const std::string problem = read_file_bytes(path, kLargest, text);
  if (!problem.empty() && text.size() > kLargest)
    throw ConfigError(path + ": is larger than 16 MiB (allowed: a YAML file of at most 16 MiB)");
  if (!problem.empty()) throw ConfigError(path + ": cannot be read: " + problem + " (allowed: a readable YAML file)");
  return parse(text, path);
}

FlatEntries read_yaml_text(const std::string& text, const std::string& origin_name) {
  return parse(text, origin_name);
}

}  // namespace icn
