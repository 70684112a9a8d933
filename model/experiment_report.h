#pragma once
// The experiment reports into the result like every other part (common/result_sink.h): what ran and
// how it ended, the window's measures (stats/window_report.h), the activity (energy/activity.h), the
// time series and the schedule; then each part the fabric registers (Fabric::result_sources), the
// cores, the end of the sections they share, and the energy account — in the order the summary's
// rows keep.
#include <memory>

#include "result_document.h"

namespace icn {

class Experiment;

std::shared_ptr<ResultDocument> report_experiment(const Experiment& experiment);

}  // namespace icn
