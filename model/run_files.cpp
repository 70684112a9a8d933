#include "run_files.h"

#include <sys/stat.h>

#include <filesystem>
#include <system_error>
#include <vector>

namespace icn {

namespace {

struct RunFile {
  std::string role;  // "the platform", "tlm.trace", …
  std::string path;
};

// Two names of one file: the same device and inode when both exist (links, hard links), else the
// same path once "..", "." and the links of its folders are resolved (two outputs not yet written).
bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  const bool a_exists = ::stat(a.c_str(), &sa) == 0, b_exists = ::stat(b.c_str(), &sb) == 0;
  if (a_exists && b_exists) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (a_exists != b_exists) return false;
  std::error_code ea, eb;
  const auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a), ea);
  const auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b), eb);
  return !ea && !eb && ca == cb;
}

// A device or a FIFO (/dev/null, a named pipe) is written in place and holds nothing to lose.
bool holds_nothing(const std::string& path) {
  struct stat s {};
  return ::stat(path.c_str(), &s) == 0 && (S_ISCHR(s.st_mode) || S_ISFIFO(s.st_mode));
}

}  // namespace

std::string output_collision(const Configuration& c, const std::string& result) {
  std::vector<RunFile> inputs{{"the platform", c.platform.source}};
  if (!c.stimulus.source.empty() && c.stimulus.source != c.platform.source && c.stimulus.source != c.platform.processor.program)
    inputs.push_back({"the stimulus", c.stimulus.source});
  if (!c.platform.processor.program.empty()) inputs.push_back({"software.program", c.platform.processor.program});
  if (c.platform.resolved.has("network.file") && !c.platform.resolved.text("network.file").empty())
    inputs.push_back({"network.file", c.platform.resolved.text("network.file")});
  if (c.stimulus.resolved.has("trace") && !c.stimulus.resolved.text("trace").empty())
    inputs.push_back({"the stimulus' trace", c.stimulus.resolved.text("trace")});

  std::vector<RunFile> outputs;
  if (!result.empty() && result != "-") outputs.push_back({"--out", result});
  if (!c.platform.tlm.trace.path.empty()) outputs.push_back({"tlm.trace", c.platform.tlm.trace.path});
  if (!c.platform.simulation.vcd.empty()) outputs.push_back({"simulation.vcd", c.platform.simulation.vcd});

  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const RunFile& out = outputs[i];
    if (holds_nothing(out.path)) continue;
    for (const RunFile& in : inputs)
      if (same_file(out.path, in.path))
        return out.path + ": " + out.role + " names " + in.role + " of this run (" + in.path +
               "), which writing it would destroy (allowed: a file that is no input of the run)";
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(out.path, outputs[j].path))
        return out.path + ": " + out.role + " names the file " + outputs[j].role + " writes (" + outputs[j].path +
               "), and one would overwrite the other (allowed: a file of its own for each output)";
  }
  return "";
}

}  // namespace icn
