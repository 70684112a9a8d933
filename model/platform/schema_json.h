#pragma once
// Every key of the platform, stimulus and phase documents as JSON (icnsim --print-schema): what the
// tools and tests read instead of repeating the keys, their defaults and what each needs to act.
#include <ostream>

namespace icn {

void print_schema_json(std::ostream& os);

}  // namespace icn
