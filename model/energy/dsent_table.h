#pragma once
// The DSENT 0.91 coefficient table shipped in data/energy/ (Sun et al., NOCS 2012; how it was made
// and what it leaves out: data/energy/README.md): one row of icnsim energy.* coefficients per
// technology and router shape (ports, VCs per port, flits per VC, flit width), looked up exactly.
#include <string>
#include <vector>

namespace icn {

struct DsentShape {
  int ports = 0, vcs = 0, depth = 0, flit_bits = 0;
  std::string describe() const;  // "5 ports, 3 VCs, depth 8, 128-bit flits"
  bool operator==(const DsentShape& o) const {
    return ports == o.ports && vcs == o.vcs && depth == o.depth && flit_bits == o.flit_bits;
  }
};

struct DsentRow {
  std::string technology;  // Bulk45LVT, Bulk22LVT
  DsentShape shape;
  std::string status;      // ok, or DSENT's warning
  // energy.* key → value as DSENT printed it (7 significant digits), for the ten keys a row fills.
  std::vector<std::pair<std::string, std::string>> coefficients;
};

// Every row, read once from the table built into the model.
const std::vector<DsentRow>& dsent_rows();
// The row of `technology` and `shape`, or null.
const DsentRow* find_dsent_row(const std::string& technology, const DsentShape& shape);
// Up to `count` rows of `technology` nearest `shape` (by the sum of |log2| ratios of ports, VCs,
// depth and width), nearest first.
std::vector<const DsentRow*> nearest_dsent_rows(const std::string& technology, const DsentShape& shape, int count);

}  // namespace icn
