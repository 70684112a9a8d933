#include "run_report.h"

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>

#include "common/text.h"
#include "experiment_report.h"
#include "result_document.h"

namespace icn {

using Json = ResultDocument::Json;

RunReport make_report(Experiment& experiment) { return RunReport(report_experiment(experiment)); }

RunReport::RunReport(std::shared_ptr<const ResultDocument> document) : document_(std::move(document)) {
  if (!document_) throw std::logic_error("a RunReport needs the result document make_report wrote");
}

RunReport RunReport::from_json(const std::string& text) {
  auto doc = std::make_shared<ResultDocument>();
  const Json parsed = Json::parse(text);
  for (const auto& [name, value] : parsed.items()) doc->section(name) = value;
  return RunReport(std::move(doc));
}

const ResultReader& RunReport::result() const { return *document_; }
double RunReport::number(std::string_view path) const { return document_->number(path); }
std::string RunReport::text(std::string_view path) const { return document_->text(path); }
std::uint64_t RunReport::count(std::string_view path) const { return document_->count(path); }
bool RunReport::flag(std::string_view path) const {
  const Json* f = document_->find(path);
  return f && f->is_boolean() && f->get<bool>();
}

std::vector<std::uint64_t> RunReport::counts(std::string_view path) const {
  std::vector<std::uint64_t> out;
  if (const Json* f = document_->find(path); f && f->is_array())
    for (const Json& element : *f) out.push_back(element.is_number() ? element.get<std::uint64_t>() : 0);
  return out;
}

LatencySummary RunReport::latency_at(const std::string& path) const {
  LatencySummary s;
  s.count = count(path + ".count");
  if (s.count == 0) return s;
  s.mean = number(path + ".mean");
  s.stddev = number(path + ".stddev");
  s.p50 = number(path + ".p50");
  s.p99 = number(path + ".p99");
  s.max = number(path + ".max");
  return s;
}

std::vector<TimeSample> RunReport::series() const {
  std::vector<TimeSample> out;
  const Json* columns = document_->find("time_series");
  if (!columns || !columns->is_object()) return out;
  const Json& cycle = (*columns)["cycle"];
  out.resize(cycle.size());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  TimeSample::for_each_column([&](const char* name, auto member) {
    const Json& c = (*columns)[name];
    for (std::size_t i = 0; i < out.size(); ++i) {
      using T = std::remove_reference_t<decltype(out[i].*member)>;
      if constexpr (std::is_floating_point_v<T>) out[i].*member = c[i].is_null() ? nan : c[i].get<T>();
      else out[i].*member = c[i].get<T>();
    }
  });
  const std::string prefix = "controller.";
  for (const auto& [key, column] : columns->items())
    if (key.compare(0, prefix.size(), prefix) == 0)
      for (std::size_t i = 0; i < out.size(); ++i) out[i].controller.emplace_back(key.substr(prefix.size()), column[i].get<double>());
  return out;
}

std::vector<RunReport::Phase> RunReport::phases() const {
  std::vector<Phase> out;
  if (const Json* list = document_->find("schedule.phases"); list && list->is_array())
    for (const Json& p : *list)
      out.push_back(Phase{p["name"], p["index"], p["round"], p["start"], p["end"].is_null() ? 0 : p["end"].get<std::uint64_t>(),
                          p["packets_created"], !p["end"].is_null()});
  return out;
}

std::vector<RunReport::PhaseDuration> RunReport::phase_durations() const {
  std::vector<PhaseDuration> out;
  if (const Json* list = document_->find("schedule.phase_durations"); list && list->is_array())
    for (const Json& d : *list)
      out.push_back(PhaseDuration{d["name"], d["index"], d["rounds"], d["mean_cycles"], d["min_cycles"], d["max_cycles"]});
  return out;
}

void write_json(std::ostream& os, const RunReport& r) {
  // Escaping is the library's; text that is not UTF-8 (never expected: inputs are checked) is
  // replaced rather than written as an invalid document. NaN and infinities are written as null.
  os << r.document().json().dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

void print_summary(std::ostream& os, const RunReport& r, double wall_seconds, std::uint64_t peak_memory_bytes) {
  // A name padded to 34 columns (bytes, as printf pads), then the value whole, however long.
  auto row = [&](const std::string& name, const std::string& value) {
    os << "  " << name << std::string(name.size() < 34 ? 34 - name.size() : 0, ' ') << " " << value << "\n";
  };
  os << "icnsim " << r.model_version() << ": " << r.platform_name() << " × " << r.stimulus_name() << " (seed " << r.seed() << ")\n";
  for (const auto& [name, value] : r.document().rows()) row(name, value);
  row("wall time", formatted(wall_seconds, "%.2f s") + "  (" +
                       formatted(double(r.nodes()) * double(r.cycles()) / wall_seconds / 1e6, "%.1f") + " M node-cycles/s)");
  if (peak_memory_bytes) row("peak memory", formatted(double(peak_memory_bytes) / 1e6, "%.2f MB"));
}

}  // namespace icn
