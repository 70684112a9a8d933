// icnsim PLATFORM.yaml [STIMULUS.yaml] [--set key.path=value]… [--seed N] [--out result.json]
//        [--print-config] [--quiet]
// Exit status (README "Exit status"): 0 completed; 2 bad input (nothing simulated); 3 the model
// stopped the run (a violated invariant, a deadlock); 4 the result file could not be written;
// 5 simulation.wall_limit reached; 6 a core's program went wrong; 130 / 143 / 129 interrupted by SIGINT /
// SIGTERM / SIGHUP; 1 anything else.
// Every run that starts writes its result, also one that stops early.
#include <boost/program_options.hpp>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>
#include <systemc>
#include <vector>

#include "common/config_error.h"
#include "common/model_error.h"
#include "common/text.h"
#include "common/stop_request.h"
#include "experiment.h"
#include "cores/software_run.h"
#include "fabric.h"
#include "platform/describe.h"
#include "platform/schema_json.h"
#include "platform/configuration.h"
#include "run_report.h"
#include "result_file.h"
#include "run_files.h"
#include "cores/iss_core.h"

namespace po = boost::program_options;

using icn::fatal_signal;
using icn::ResultFile;
using icn::temporary_result;
using icn::remove_temporary_result_on_fatal_signals;

namespace {

// Standard output written and flushed (a summary, --print-config): false, with one line on stderr,
// when it could not be (a full disk, a file-size limit, a closed pipe).
bool standard_output_written(const char* what) {
  std::cout.flush();
  if (std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
  const int error = errno;
  std::fprintf(stderr, "icnsim: %s could not be written to standard output (%s)\n", what,
               std::strerror(error ? error : EIO));
  return false;
}

volatile std::sig_atomic_t received_signal = 0;
void on_signal(int signal_number) {
  received_signal = signal_number;
  icn::Experiment::interrupt(signal_number);  // stops at the end of the cycle, results kept
  std::signal(signal_number, fatal_signal);  // a second signal ends the process at once
}

int exit_code(icn::Experiment::RunStatus::State state, int signal_number) {
  using State = icn::Experiment::RunStatus::State;
  switch (state) {
    case State::Completed: return 0;
    case State::Deadlock:
    case State::Frozen:
    case State::ModelError: return 3;
    case State::WallLimit: return 5;
    case State::ProgramError: return 6;
    case State::Interrupted: return 128 + signal_number;
  }
  return 1;
}

// A field of /proc/self/status ("VmRSS:", "VmSize:") in bytes, or 0.
std::uint64_t own_status(const char* field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind(field, 0) == 0) return std::strtoull(line.c_str() + std::strlen(field), nullptr, 10) * 1024;
  return 0;
}

// The process's peak resident memory (VmHWM), or 0 where /proc does not tell it. Not getrusage's
// ru_maxrss: that keeps the peak of whatever ran in the process before exec (a Python benchmark's
// fork, or icnsim before its huge-page restart).
std::uint64_t peak_resident_bytes() { return own_status("VmHWM:"); }

// The memory this process may still take, and what bounds it: the memory the kernel says is
// available without swapping, the cgroup's limit (a container), and the address-space limit
// (ulimit -v).
std::pair<std::uint64_t, std::string> available_memory() {
  std::uint64_t most = UINT64_MAX;
  std::string bound = "available memory";
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);)
    if (line.rfind("MemAvailable:", 0) == 0) most = std::strtoull(line.c_str() + 13, nullptr, 10) * 1024;
  std::ifstream limit("/sys/fs/cgroup/memory.max"), current("/sys/fs/cgroup/memory.current");
  std::string cap;
  std::uint64_t used = 0;
  if (limit >> cap && cap != "max" && current >> used) {
    const std::uint64_t cgroup = std::strtoull(cap.c_str(), nullptr, 10);
    if (cgroup > used && cgroup - used < most) {
      most = cgroup - used;
      bound = "the container's memory limit";
    }
  }
  struct rlimit address_space;
  if (getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t size = own_status("VmSize:");
    const std::uint64_t room = address_space.rlim_cur > size ? address_space.rlim_cur - size : 0;
    if (room < most) {
      most = room;
      bound = "the address-space limit (ulimit -v)";
    }
  }
  return {most, bound};
}

std::string megabytes(std::uint64_t bytes) {
  return bytes >= (10ull << 30) ? std::to_string(bytes >> 30) + " GB" : std::to_string(bytes >> 20) + " MB";
}

// Out of memory anywhere (a network larger than the estimate allows for, statistics of a very long
// run): one line, no temporary result left, exit 1 — rather than an exception that may escape
// through SystemC and abort with two lines and the temporary file behind.
[[noreturn]] void out_of_memory() {
  static const char message[] = "icnsim: out of memory (see README, \"Memory\": a smaller network or more memory)\n";
  if (::write(STDERR_FILENO, message, sizeof message - 1) < 0) {
  }
  if (temporary_result) ::unlink(temporary_result);
  std::_Exit(1);
}

// A large network's state spreads over far more 4 KiB pages than the TLB covers; backed by huge
// pages, a 4,096-node torus runs about 3 % faster (docs/design.md, "Large networks").
// glibc backs its heap with transparent huge pages only when told so at start-up
// (GLIBC_TUNABLES=glibc.malloc.hugetlb=1), so icnsim restarts itself once with that setting before
// it builds such a network. Results are identical; ICNSIM_HUGE_PAGES=0 turns it off.
constexpr std::size_t kHugePagesFromNodes = 1024;

void restart_with_huge_pages(int argc, char* argv[], std::size_t nodes) {
  if (nodes < kHugePagesFromNodes) return;
  const char* choice = std::getenv("ICNSIM_HUGE_PAGES");
  if (choice && std::strcmp(choice, "0") == 0) return;
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  if (tunables && std::strstr(tunables, "glibc.malloc.hugetlb")) return;  // set by the user, or restarted
  const char* preload = std::getenv("LD_PRELOAD");
  if (preload && std::strstr(preload, "vgpreload")) return;  // under valgrind: stay its client
  std::ifstream policy("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(policy, modes);
  if (modes.find("[never]") != std::string::npos || modes.empty()) return;
  const std::string value = (tunables && *tunables ? std::string(tunables) + ":" : std::string()) +
                            "glibc.malloc.hugetlb=1";
  if (setenv("GLIBC_TUNABLES", value.c_str(), 1) != 0) return;
  std::vector<char*> arguments(argv, argv + argc);  // null-terminated, whatever SystemC passed
  arguments.push_back(nullptr);
  std::cout.flush();
  execv("/proc/self/exe", arguments.data());  // returns only if it failed: then run as we are
}

// --print-config --points FILE: the configuration of each point (a line of tab-separated --set
// overrides, after those of the command line) as --print-config prints it, after a line
// "#% point N BYTES": a sweep checks and keys all its points in one call rather than one process
// each. The first point refused ends it (exit 2, its message after "point N: ").
template <typename Load>
int print_points(const std::string& path, const std::vector<std::string>& overrides, const Load& load) {
  std::ifstream file;
  if (path != "-") {
    struct stat status;
    if (stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode) || (file.open(path), !file)) {
      std::cerr << icn::excerpt(path, 200) << ": --points: cannot be read (allowed: a file of points, or - for "
                                              "standard input)\n";
      return 2;
    }
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::size_t index = 0;
  for (std::string line; std::getline(in, line); ++index) {
    std::vector<std::string> settings = overrides;
    for (std::size_t from = 0; from < line.size();) {
      const std::size_t tab = std::min(line.find('\t', from), line.size());
      if (tab > from) settings.push_back(line.substr(from, tab - from));
      from = tab + 1;
    }
    std::ostringstream text;
    try {
      icn::print_configuration(text, load(settings));
    } catch (const icn::ConfigError& e) {
      std::cout.flush();
      std::cerr << "point " << index << ": " << e.what() << "\n";
      return 2;
    }
    std::cout << "#% point " << index << " " << text.str().size() << "\n" << text.str();
    if (!std::cout.good()) break;
  }
  if (in.bad()) {
    std::cerr << icn::excerpt(path, 200) << ": --points: a read error after " << index << " points\n";
    return 2;
  }
  if (index == 0) {  // no points: the files and the command line's settings are still checked
    try {
      load(overrides);
    } catch (const icn::ConfigError& e) {
      std::cerr << e.what() << "\n";
      return 2;
    }
  }
  return standard_output_written("the configurations") ? 0 : 4;
}

// The command line, parsed; or the exit status when it asks for nothing to run (--help, --version)
// or is refused (one line on stderr).
struct CommandLine {
  po::variables_map vm;
  std::optional<int> exit_now;
};

CommandLine parse_command_line(int argc, char* argv[]) {
  po::options_description options("options");
  options.add_options()
      ("help,h", "show this help")
      ("version", "print the model version")
      ("set", po::value<std::vector<std::string>>()->composing(),
       "override a key: --set router.virtual_channels=4, --set stimulus.injection.rate=0.02")
      ("seed", po::value<std::string>(), "seed of every random stream (overrides simulation.seed)")
      ("out,o", po::value<std::string>(), "write the JSON result to this file (- for standard output)")
      ("print-config", "print the resolved configuration with defaults and descriptions, then exit")
      ("print-schema", "print every key the platform, stimulus and phase documents accept, with its type, default, "
                       "range and what it needs to act, as JSON, then exit")
      ("describe", "print what the registries know, as JSON, then exit: each topology with small shapes and, per "
                   "shape, the routing functions (with the fewest VCs each needs), patterns and congestion "
                   "controllers a configuration accepts on it; each routing, controller and pattern")
      ("points", po::value<std::string>(),
       "with --print-config: print the configuration of every line of this file (- for standard input), each "
       "line the --set overrides of one point separated by tabs, after a line '#% point N BYTES' (scripts/sweep)")
      ("quiet,q", "no summary on stdout");
  po::options_description hidden;
  hidden.add_options()("platform", po::value<std::string>())("stimulus", po::value<std::string>());
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("platform", 1).add("stimulus", 1);

  CommandLine line;
  po::variables_map& vm = line.vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "icnsim: " << e.what() << " (see icnsim --help)\n";
    line.exit_now = 2;
    return line;
  }
  if (vm.count("version")) {
    std::cout << "icnsim " << ICNSIM_VERSION << "\n";
    line.exit_now = 0;
  } else if (vm.count("print-schema")) {
    icn::print_schema_json(std::cout);
    line.exit_now = standard_output_written("the schema") ? 0 : 4;
  } else if (vm.count("describe")) {
    try {
      icn::print_description_json(std::cout, vm.count("platform") ? vm["platform"].as<std::string>() : "");
    } catch (const icn::ConfigError& e) {
      std::cerr << e.what() << "\n";
      line.exit_now = 2;
      return line;
    }
    line.exit_now = standard_output_written("the description") ? 0 : 4;
  } else if (vm.count("help")) {
    std::cout << "usage: icnsim PLATFORM.yaml STIMULUS.yaml [options]\n"
                 "       icnsim PLATFORM.yaml PROGRAM.elf [options]   (a RISC-V program on a core per node, docs/cores.md)\n"
                 "       icnsim CONFIGURATION.yaml [options]   (one file with a stimulus: section, as --print-config "
                 "prints)\n"
              << options;
    line.exit_now = 0;
  } else if (!vm.count("platform")) {  // one line, as for every other refusal
    std::cerr << "icnsim: no platform file given (usage: icnsim PLATFORM.yaml STIMULUS.yaml [options]; see icnsim "
                 "--help)\n";
    line.exit_now = 2;
  } else if (vm.count("points") && !vm.count("print-config")) {
    std::cerr << "icnsim: --points: resolves configurations for --print-config (allowed: with --print-config)\n";
    line.exit_now = 2;
  }
  return line;
}

// --seed, checked: an integer a double holds exactly (JSON readers), or a ConfigError.
std::optional<std::uint64_t> seed_option(const po::variables_map& vm) {
  if (!vm.count("seed")) return std::nullopt;
  const std::string text = vm["seed"].as<std::string>();
  if (text.empty() || text.size() > 16 || text.find_first_not_of("0123456789") != std::string::npos ||
      std::stoull(text) > 9007199254740991ULL)
    throw icn::ConfigError("--seed " + text + ": not a seed (allowed: integer 0..9007199254740991)");
  return std::stoull(text);
}

// A network that cannot fit in the memory left is refused before it is built (one line, true).
bool refused_for_memory(const icn::PlatformConfig& platform) {
  const icn::NodeId nodes = platform.network.topology().node_count();
  const std::uint64_t needed = icn::Fabric::estimated_bytes(platform) + icn::SoftwareRun::estimated_bytes(nodes, platform.processor);
  const std::uint64_t in_use = own_status("VmRSS:");
  const auto [available, bound] = available_memory();
  struct rlimit address_space;
  const std::uint64_t reserved = icn::SoftwareRun::reserved_address_space(nodes, platform.processor);
  if (reserved > 0 && getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY &&
      reserved + own_status("VmSize:") > address_space.rlim_cur) {
    std::cerr << platform.source << ": processor.type: core: " << nodes
              << " cores reserve about " << megabytes(reserved) << " of address space for their emulators, more than "
              << "the address-space limit (ulimit -v) of " << megabytes(address_space.rlim_cur)
              << " allows (allowed: fewer cores, or no limit)\n";
    return true;
  }
  if (needed <= in_use || needed - in_use <= available) return false;
  std::cerr << platform.source << ": network: " << platform.network.topology().node_count() << " nodes with "
            << platform.router.virtual_channels << " VCs of " << platform.router.buffer_depth
            << " flits need about " << megabytes(needed) << ", more than the " << megabytes(available + in_use)
            << " " << bound << " allows (allowed: a smaller network, fewer or shallower VCs, or more memory)\n";
  return true;
}

// From here on a stop request ends the run at a cycle boundary with its results kept; one while the
// network is still being built ends the process there: nothing was simulated, so nothing is
// written, and finishing the build of a large network would take longer than any wait for a stop
// should.
void stop_on_signals() {
  icn::on_stop_while_building([](int signal_number, std::uint64_t built, std::uint64_t total) {
    char message[200];
    const int n = std::snprintf(message, sizeof message,
                                "icnsim: interrupted by %s while the network was being built (%llu of %llu nodes); "
                                "nothing was simulated and no result is written\n",
                                signal_number == SIGTERM ? "SIGTERM" : signal_number == SIGHUP ? "SIGHUP" : "SIGINT",
                                (unsigned long long)built, (unsigned long long)total);
    if (n > 0 && ::write(STDERR_FILENO, message, std::size_t(std::min(n, int(sizeof message) - 1))) < 0) {
    }
    if (temporary_result) ::unlink(temporary_result);  // the result's temporary file
    std::_Exit(128 + signal_number);
  });
  // SIGINT and SIGHUP ignored when the run started stay ignored: `nohup icnsim …` promises to outlive
  // the terminal and `icnsim … &` in a script to be out of Ctrl-C's reach (as a shell does for its jobs).
  for (int signal_number : {SIGINT, SIGHUP}) {
    struct sigaction current {};
    if (::sigaction(signal_number, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
    std::signal(signal_number, on_signal);  // SIGHUP, a closed terminal: stop as for SIGTERM, result kept
  }
  std::signal(SIGTERM, on_signal);
  // A result larger than the file-size limit fails its write (exit 4) instead of killing the run.
  std::signal(SIGXFSZ, SIG_IGN);
}

// Builds and runs the experiment, writes its result (to `out`, named `out_name`) and summary, and
// ends the process with the run's exit status; returns only a status for a run that never started.
int run_and_report(const icn::Configuration& configuration, ResultFile& out, const std::string& out_name,
                   bool quiet) {
  try {
    // Deliberately never destroyed: SystemC unregisters ports one by one with a linear search, which
    // takes longer than the simulation on large networks. The process exits right after.
    icn::Experiment* experiment = nullptr;
    try {
      experiment = new icn::Experiment("experiment", configuration);
    } catch (const icn::ConfigError& e) {  // a mechanism that refuses this platform, found as it is built
      out.abandon();
      std::cerr << e.what() << "\n";
      return 2;
    }
    const double wall = experiment->run();
    const icn::RunReport report = icn::make_report(*experiment);
    const auto& status = experiment->status();
    if (status.state != icn::Experiment::RunStatus::State::Completed)
      std::cerr << "icnsim: " << (status.state == icn::Experiment::RunStatus::State::ModelError ? "model error: " : "")
                << status.reason << "\n";
    if (out.is_open()) {
      std::ostringstream json;
      icn::write_json(json, report);
      std::string error;
      if (!out.commit(json.str(), error)) {
        std::cerr << out_name << ": the result could not be written (" << error << ")\n";
        return 4;
      }
    }
    if (!quiet) {
      icn::print_summary(std::cout, report, wall, peak_resident_bytes());
      if (!standard_output_written("the summary")) std::_Exit(4);
    }
    if (!experiment->fabric().trace_error().empty()) {  // the result is written; the VCD is not
      std::cerr << "icnsim: " << experiment->fabric().trace_error() << "\n";
      std::cout.flush();
      std::fflush(nullptr);
      std::_Exit(4);
    }
    // Everything is written: end here. Tearing down SystemC's objects (the kernel unregisters ports
    // one by one) would take longer than the run on a large network, and a stop request that
    // arrives now would wait for it.
    std::cout.flush();
    std::fflush(nullptr);
    std::_Exit(exit_code(status.state, received_signal ? int(received_signal) : SIGINT));
  } catch (const std::exception& e) {
    out.abandon();
    std::cerr << "icnsim: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  // From the start: a closed pipe or a file-size limit is a write error (exit 4) rather than a signal
  // that kills the process, and a fatal signal takes the temporary result with it.
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGXFSZ, SIG_IGN);
  remove_temporary_result_on_fatal_signals();
  const CommandLine line = parse_command_line(argc, argv);
  if (line.exit_now) return *line.exit_now;
  const po::variables_map& vm = line.vm;

  icn::Configuration configuration;
  std::optional<std::uint64_t> seed;
  const std::vector<std::string> overrides =
      vm.count("set") ? vm["set"].as<std::vector<std::string>>() : std::vector<std::string>{};
  // icnsim PLATFORM PROGRAM.elf: the second file is the program the cores run, not a stimulus.
  const std::string second = vm.count("stimulus") ? vm["stimulus"].as<std::string>() : std::string();
  const bool program = second.size() > 4 && second.compare(second.size() - 4, 4, ".elf") == 0;
  auto load = [&](std::vector<std::string> settings) {
    return icn::load_configuration(vm["platform"].as<std::string>(), program ? std::string() : second, settings, seed,
                                   program ? second : std::string());
  };
  try {
    seed = seed_option(vm);
    // With --points each point is checked whole: the files alone may be incomplete without a point's
    // settings (a core platform swept into a synthetic run by processor.type=generator).
    if (!vm.count("points")) configuration = load(overrides);
  } catch (const icn::ConfigError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  if (vm.count("points")) return print_points(vm["points"].as<std::string>(), overrides, load);
  if (vm.count("print-config")) {
    icn::print_configuration(std::cout, configuration);
    return standard_output_written("the configuration") ? 0 : 4;
  }
  if (refused_for_memory(configuration.platform)) return 2;
  restart_with_huge_pages(argc, argv, configuration.platform.network.topology().node_count());

  const std::string out_name = vm.count("out") ? vm["out"].as<std::string>() : std::string();
  if (const std::string collision = icn::output_collision(configuration, out_name); !collision.empty())
    return std::cerr << icn::excerpt(collision, 400) << "\n", 2;  // an output would destroy an input
  ResultFile out;
  if (vm.count("out"))
    if (const std::string refusal = out.open(out_name); !refusal.empty()) {
      std::cerr << icn::excerpt(refusal, 300) << "\n";
      return 2;
    }
  // With the result on standard output, the summary would be mixed into it.
  const bool quiet = vm.count("quiet") || out.to_standard_output();
  if (out.to_standard_output()) icn::IssCore::print_consoles_to(std::cerr);
  icn::use_command_line_reporting();
  stop_on_signals();
  return run_and_report(configuration, out, out_name, quiet);
}

// Out of memory from the very first allocation: libsystemc's own static initialisers allocate before
// main() (and before any constructor of this program) runs, and under a tight ulimit -v they failed
// with std::terminate's two lines and SIGABRT. The executable's pre-initialisation functions run
// before every shared library's initialisers; the handler needs nothing initialised.
namespace {
void handle_out_of_memory_from_the_start(int, char**, char**) { std::set_new_handler(out_of_memory); }
__attribute__((section(".preinit_array"), used)) void (*const early_out_of_memory_handler)(int, char**, char**) =
    handle_out_of_memory_from_the_start;
}  // namespace

// Our own main: SystemC prints its banner while the kernel starts, so the variable that silences it
// must be set before sc_elab_and_sim (which then calls sc_main above).
int main(int argc, char* argv[]) {
  // A standard stream started closed (`>&-`) would be the next file opened — the result's temporary
  // file would take the summary. Held by /dev/null opened read-only, standard output fails its writes
  // (exit 4), as a full disk does.
  for (int fd = 0; fd <= 2; ++fd)
    if (fcntl(fd, F_GETFD) == -1 && errno == EBADF && ::open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY) != fd) return 1;
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
