// icnsim PLATFORM.yaml STIMULUS.yaml [--set key.path=value]… [--seed N] [--out result.json]
//        [--print-config] [--quiet]
// Exit status: 0 success, 2 bad input (one line on stderr, nothing simulated), 3 the model
// detected a violated invariant (diagnostic on stderr), 1 anything else.
#include <boost/program_options.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <systemc>

#include "core/model_error.h"
#include "network.h"
#include "core/config_error.h"
#include "platform/configuration.h"
#include "stats/run_report.h"

namespace po = boost::program_options;

int sc_main(int argc, char* argv[]) {
  po::options_description options("options");
  options.add_options()
      ("help,h", "show this help")
      ("version", "print the model version")
      ("set", po::value<std::vector<std::string>>()->composing(),
       "override a key: --set router.virtual_channels=4, --set stimulus.injection.rate=0.02")
      ("seed", po::value<std::uint64_t>(), "seed of every random stream (overrides simulation.seed)")
      ("out,o", po::value<std::string>(), "write the JSON result to this file")
      ("print-config", "print the resolved configuration with defaults and descriptions, then exit")
      ("quiet,q", "no summary on stdout");
  po::options_description hidden;
  hidden.add_options()("platform", po::value<std::string>())("stimulus", po::value<std::string>());
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("platform", 1).add("stimulus", 1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "icnsim: " << e.what() << " (see icnsim --help)\n";
    return 2;
  }
  if (vm.count("version")) {
    std::cout << "icnsim " << ICNSIM_VERSION << "\n";
    return 0;
  }
  if (vm.count("help") || !vm.count("platform") || !vm.count("stimulus")) {
    std::cout << "usage: icnsim PLATFORM.yaml STIMULUS.yaml [options]\n" << options;
    return vm.count("help") ? 0 : 2;
  }

  icn::Configuration configuration;
  try {
    std::optional<std::uint64_t> seed;
    if (vm.count("seed")) seed = vm["seed"].as<std::uint64_t>();
    configuration = icn::load_configuration(vm["platform"].as<std::string>(), vm["stimulus"].as<std::string>(),
                                            vm.count("set") ? vm["set"].as<std::vector<std::string>>()
                                                            : std::vector<std::string>{},
                                            seed);
  } catch (const icn::ConfigError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  if (vm.count("print-config")) {
    icn::print_configuration(std::cout, configuration);
    return 0;
  }

  std::ofstream out;
  if (vm.count("out")) {
    out.open(vm["out"].as<std::string>());
    if (!out) {
      std::cerr << vm["out"].as<std::string>() << ": cannot write the result file\n";
      return 2;
    }
  }

  try {
    // Deliberately never destroyed: SystemC unregisters ports one by one with a linear search, which
    // takes longer than the simulation on large networks. The process exits right after.
    auto* network = new icn::Network("network", configuration);
    const double wall = network->run();
    const icn::RunReport report = icn::make_report(*network);
    if (out.is_open()) icn::write_json(out, report);
    if (!vm.count("quiet")) icn::print_summary(std::cout, report, wall);
  } catch (const icn::ModelError& e) {
    std::cerr << "icnsim: model error: " << e.what() << "\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << "icnsim: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

// Our own main: SystemC prints its banner while the kernel starts, so the variable that silences it
// must be set before sc_elab_and_sim (which then calls sc_main above).
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
