#pragma once
// What stands behind icnsim::Interconnect (model/include/icnsim/interconnect.h), for code built
// against the source tree — the benchmarks, the model's own tests — never installed:
//   icn::Fabric& fabric = icnsim::InterconnectModel::fabric(noc);
#include <memory>

#include "experiment.h"
#include "fabric.h"
#include "icnsim/interconnect.h"

namespace icnsim {

struct Interconnect::Model {
  explicit Model(std::unique_ptr<icn::Fabric> built) : fabric(std::move(built)) {}
  std::unique_ptr<icn::Fabric> fabric;
  std::unique_ptr<icn::Experiment> traffic;  // add_traffic's, in the background
  void add_traffic(const icn::StimulusConfig& stimulus, const std::vector<unsigned>& nodes);
};

struct InterconnectModel {
  static icn::Fabric& fabric(Interconnect& interconnect) { return *interconnect.model_->fabric; }
};

}  // namespace icnsim
