#include "energy/dsent_table.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace icn {

extern const char* const kDsentCoefficientsCsv;  // dsent_coefficients_data.cpp, generated

namespace {

// The table's columns that are icnsim energy.* keys, as the table's README maps them.
const char* const kKeys[] = {"buffer_write_pj", "buffer_read_pj",     "crossbar_pj",       "switch_allocation_pj",
                             "router_clock_pj", "router_leakage_mw",  "buffer_leakage_nw_per_bit",
                             "link_pj",         "link_leakage_mw",    "credit_pj"};

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string field; std::getline(ss, field, ',');) out.push_back(field);
  return out;
}

std::vector<DsentRow> parse() {
  std::istringstream in(kDsentCoefficientsCsv);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = fields(line);
  auto column = [&header](const std::string& name) {
    const auto at = std::find(header.begin(), header.end(), name);
    if (at == header.end()) throw std::logic_error("the DSENT table has no column " + name);
    return std::size_t(at - header.begin());
  };
  const std::size_t technology = column("technology"), ports = column("ports"), vcs = column("vcs"),
                    depth = column("depth"), bits = column("flit_bits"), status = column("status");
  std::vector<std::size_t> keys;
  for (const char* key : kKeys) keys.push_back(column(key));
  std::vector<DsentRow> rows;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const std::vector<std::string> f = fields(line);
    if (f.size() < header.size() || f[status].rfind("error", 0) == 0) continue;  // DSENT gave no values
    DsentRow row;
    row.technology = f[technology];
    row.shape = DsentShape{std::stoi(f[ports]), std::stoi(f[vcs]), std::stoi(f[depth]), std::stoi(f[bits])};
    row.status = f[status];
    for (std::size_t k = 0; k < keys.size(); ++k) row.coefficients.emplace_back(kKeys[k], f[keys[k]]);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

std::string DsentShape::describe() const {
  return std::to_string(ports) + (ports == 1 ? " port, " : " ports, ") + std::to_string(vcs) +
         (vcs == 1 ? " VC" : " VCs") + ", depth " + std::to_string(depth) + ", " + std::to_string(flit_bits) +
         "-bit flits";
}

const std::vector<DsentRow>& dsent_rows() {
  static const std::vector<DsentRow> rows = parse();
  return rows;
}

const DsentRow* find_dsent_row(const std::string& technology, const DsentShape& shape) {
  for (const DsentRow& row : dsent_rows())
    if (row.technology == technology && row.shape == shape) return &row;
  return nullptr;
}

std::vector<const DsentRow*> nearest_dsent_rows(const std::string& technology, const DsentShape& shape, int count) {
  auto apart = [&shape](const DsentShape& s) {
    auto term = [](int a, int b) { return std::abs(std::log2(double(std::max(a, 1)) / double(std::max(b, 1)))); };
    return term(s.ports, shape.ports) + term(s.vcs, shape.vcs) + term(s.depth, shape.depth) +
           term(s.flit_bits, shape.flit_bits);
  };
  std::vector<const DsentRow*> rows;
  for (const DsentRow& row : dsent_rows())
    if (row.technology == technology) rows.push_back(&row);
  std::stable_sort(rows.begin(), rows.end(),
                   [&apart](const DsentRow* a, const DsentRow* b) { return apart(a->shape) < apart(b->shape); });
  if (int(rows.size()) > count) rows.resize(std::size_t(count));
  return rows;
}

}  // namespace icn
