#include "result_document.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace icn {

namespace {

// The result's sections in the order the result file holds them (docs/result.schema.json).
const std::vector<std::string>& layout() {
  static const std::vector<std::string> sections = {
      "model",         "model_version",  "status",         "platform",      "stimulus",  "seed",
      "program",       "cores",
      "network",       "window",         "load",           "throughput",    "metapackets", "ramp",
      "latency",       "latency_by_injection", "estimated",      "network_latency", "mean_hops",    "latency_histogram",
      "high_priority", "allocation",     "packets",        "per_node",      "layout",    "activity",
      "energy",        "spatial",        "time_series",    "schedule"};
  return sections;
}

ResultDocument::Json to_json(ResultValue value) {
  return std::visit([](auto&& v) -> ResultDocument::Json { return ResultDocument::Json(std::move(v)); }, std::move(value));
}

std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t dot = path.find('.', start);
    parts.push_back(path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) return parts;
    start = dot + 1;
  }
}

}  // namespace

ResultDocument::Json& ResultDocument::section(const std::string& name) {
  if (std::find(layout().begin(), layout().end(), name) == layout().end())
    throw std::logic_error("the result has no section " + name + " (result_document.cpp, layout)");
  return sections_[name];
}

ResultDocument::Json& ResultDocument::field(std::string_view path) {
  const std::vector<std::string_view> parts = split(path);
  Json* at = &section(std::string(parts.front()));
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (at->is_null()) *at = Json::object();
    at = &(*at)[std::string(parts[i])];
  }
  return *at;
}

const ResultDocument::Json* ResultDocument::find(std::string_view path) const {
  const Json* at = &sections_;
  for (std::string_view part : split(path)) {
    if (!at->is_object()) return nullptr;
    const auto it = at->find(std::string(part));
    if (it == at->end()) return nullptr;
    at = &*it;
  }
  return at;
}

void ResultDocument::put(std::string_view path, ResultValue value) { field(path) = to_json(std::move(value)); }

void ResultDocument::add(std::string_view path, std::uint64_t amount) {
  Json& f = field(path);
  f = (f.is_null() ? 0 : f.get<std::uint64_t>()) + amount;
}

void ResultDocument::raise(std::string_view path, std::uint64_t value) {
  Json& f = field(path);
  if (f.is_null() || f.get<std::uint64_t>() < value) f = value;
}

void ResultDocument::declare(std::string_view path) { field(path); }

void ResultDocument::append(std::string_view path, ResultValue element) {
  Json& f = field(path);
  if (f.is_null()) f = Json::array();
  f.push_back(to_json(std::move(element)));
}

void ResultDocument::row(std::string name, RowFormat format) {
  for (const auto& [given, ignored] : rows_)
    if (given == name) return;
  rows_.emplace_back(std::move(name), std::move(format));
}

bool ResultDocument::has(std::string_view path) const {
  const Json* f = find(path);
  return f && !f->is_null();
}

double ResultDocument::number(std::string_view path) const {
  const Json* f = find(path);
  return f && f->is_number() ? f->get<double>() : std::numeric_limits<double>::quiet_NaN();
}

std::uint64_t ResultDocument::count(std::string_view path) const {
  const Json* f = find(path);
  return f && f->is_number() ? f->get<std::uint64_t>() : 0;
}

std::string ResultDocument::text(std::string_view path) const {
  const Json* f = find(path);
  return f && f->is_string() ? f->get<std::string>() : std::string();
}

std::vector<double> ResultDocument::numbers(std::string_view path) const {
  std::vector<double> out;
  if (const Json* f = find(path); f && f->is_array())
    for (const Json& element : *f) out.push_back(element.is_number() ? element.get<double>() : std::nan(""));
  return out;
}

ResultDocument::Json ResultDocument::json() const {
  Json j = Json::object();
  for (const std::string& name : layout())
    if (const auto it = sections_.find(name); it != sections_.end()) j[name] = *it;
  return j;
}

std::vector<std::pair<std::string, std::string>> ResultDocument::rows() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, format] : rows_)
    if (std::optional<std::string> value = format(*this)) out.emplace_back(name, std::move(*value));
  return out;
}

}  // namespace icn
