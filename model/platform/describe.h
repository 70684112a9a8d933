#pragma once
// `icnsim --describe`: what the registries know, as JSON for the tools (scripts/stress draws from
// it; nothing there lists topologies or routings by name). Per topology its description, traits and
// small shapes (TopologyTraits::shapes) — or the network of a platform file —, and per network what the configuration accepts on it: the
// routing functions with the fewest VCs each needs (and the switching it needs), the traffic
// patterns and the congestion controllers. Found by reading a configuration of each, so the answer
// is the configuration's own checks, never a second list of rules.
#include <ostream>
#include <string>

namespace icn {

// With a platform file, the same for that platform's network alone ("platform").
void print_description_json(std::ostream& os, const std::string& platform_path = "");

}  // namespace icn
