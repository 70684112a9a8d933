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
  explicit Model(std::unique_ptr<icn::Fabric> built);
  std::unique_ptr<icn::Fabric> fabric;
  // What measures the network: add_traffic's experiment (noc.traffic, in the background), or, built
  // as elaboration ends if there is none, an observer (noc.monitor) of the IP's transactions.
  std::unique_ptr<icn::Experiment> experiment;
  bool traffic_added = false;
  void add_traffic(const icn::StimulusConfig& stimulus, const std::vector<unsigned>& nodes);
  icn::Experiment& measured(const char* asked_by);  // the experiment, once elaboration has ended
};

struct InterconnectModel {
  static icn::Fabric& fabric(Interconnect& interconnect) { return *interconnect.model_->fabric; }
};

}  // namespace icnsim
