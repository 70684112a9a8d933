#pragma once
// A configuration section whose `type` key picks a registered implementation (common/registry.h).
#include <string>

#include "common/parameters.h"

namespace icn {

// A section whose `type` picks a registered implementation, with that implementation's parameters.
struct SelectedImplementation {
  std::string type;
  std::string origin;  // where `type` was set, for errors found later
  ParameterSet parameters;

  // The section `prefix` of a resolved document, its implementation named by `prefix.selector`.
  static SelectedImplementation from(const ParameterSet& document, const std::string& prefix,
                                     const std::string& selector) {
    const std::string key = prefix + "." + selector;
    return SelectedImplementation{document.text(key), document.origin(key), document.section(prefix)};
  }
};

}  // namespace icn
