#include "stats/json_writer.h"

#include <cmath>
#include <cstdio>

namespace icn {

void JsonWriter::newline() { os_ << '\n' << std::string(2 * first_.size(), ' '); }

void JsonWriter::prefix() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (first_.empty()) return;
  if (!first_.back()) os_ << (compact_.back() ? ", " : ",");
  first_.back() = false;
  if (!compact_.back()) newline();
}

JsonWriter& JsonWriter::begin_object() {
  prefix();
  os_ << '{';
  first_.push_back(true);
  compact_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  const bool empty = first_.back();
  first_.pop_back();
  compact_.pop_back();
  if (!empty) newline();
  os_ << '}';
  if (first_.empty()) os_ << '\n';
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  prefix();
  os_ << '[';
  first_.push_back(true);
  compact_.push_back(true);  // arrays of numbers read best on one line
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  first_.pop_back();
  compact_.pop_back();
  os_ << ']';
  return *this;
}

JsonWriter& JsonWriter::key(const std::string& name) {
  prefix();
  write_string(name);
  os_ << ": ";
  after_key_ = true;
  return *this;
}

void JsonWriter::write_string(const std::string& v) {
  os_ << '"';
  for (unsigned char c : v) {
    if (c == '"') os_ << "\\\"";
    else if (c == '\\') os_ << "\\\\";
    else if (c == '\n') os_ << "\\n";
    else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      os_ << buf;
    } else os_ << c;
  }
  os_ << '"';
}

JsonWriter& JsonWriter::value(const std::string& v) {
  prefix();
  write_string(v);
  return *this;
}

JsonWriter& JsonWriter::value(double v) {
  prefix();
  if (!std::isfinite(v)) {
    os_ << "null";
    return *this;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  os_ << buf;
  return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t v) {
  prefix();
  os_ << v;
  return *this;
}

JsonWriter& JsonWriter::value(std::int64_t v) {
  prefix();
  os_ << v;
  return *this;
}

JsonWriter& JsonWriter::null() {
  prefix();
  os_ << "null";
  return *this;
}

JsonWriter& JsonWriter::value(bool v) {
  prefix();
  os_ << (v ? "true" : "false");
  return *this;
}

}  // namespace icn
