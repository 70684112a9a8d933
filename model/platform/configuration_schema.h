#pragma once
// The keys of icnsim's YAML documents, each with its default, range and description
// (configuration_schema.cpp). configuration.cpp resolves documents against them into typed config.
#include <string>

#include "platform/schema.h"

namespace icn {

const Schema& platform_schema();   // a platform: network, router, routing, deadlock, NI, controller, simulation
const Schema& stimulus_schema();   // a stimulus' top level
const Schema& phase_schema();      // one phase of a stimulus
const Schema& address_range_schema();  // one entry of a platform's address_map list
// Whether `key` describes traffic (shared by a stimulus' top level and its phases).
bool is_traffic_key(const std::string& key);

// Not a key but a fact of the run that keys may need: "true" where a virtual platform's own IP
// drives the nodes (load_platform), "false" in a run of icnsim's own.
inline const char* const kVirtualPlatform = "virtual_platform";

}  // namespace icn
