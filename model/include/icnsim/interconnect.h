#pragma once
// icnsim's installed interface (docs/tlm.md): an interconnection network as one SystemC block for
// a virtual platform. It is elaborated from an icnsim platform file — topology, routers, routing,
// deadlock handling, congestion control, and an address_map that says which node serves which
// addresses — and gives every node TLM-2.0 sockets: local initiators bind to target_socket(n),
// local targets to initiator_socket(n). It never calls sc_start; several may live in one platform.
//
//   icnsim::Interconnect noc("noc", "soc.yaml", {"congestion_control.type=alo"});
//   cpu.socket.bind(noc.target_socket(0));
//   noc.initiator_socket(5).bind(memory.socket);
//   sc_core::sc_start();
#include <tlm>

#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <type_traits>
#include <utility>
#include <vector>

#include "icnsim/platform.h"
#include "icnsim/version.h"

namespace icnsim {

// Both accept any number of bindings (none included): several local initiators may share a node,
// and a node's local targets are numbered in the order they are bound (the address map's `target`).
using TargetSocket = tlm::tlm_target_socket<32, tlm::tlm_base_protocol_types, 0, sc_core::SC_ZERO_OR_MORE_BOUND>;
using InitiatorSocket =
    tlm::tlm_initiator_socket<32, tlm::tlm_base_protocol_types, 0, sc_core::SC_ZERO_OR_MORE_BOUND>;

namespace detail {

// Joins sockets of two bus widths, or of two protocol types that carry the generic payload and its
// phases (an IP's own types class, as SCC's sockets are parameterised on bus width). TLM-2.0's
// transport interfaces do not depend on the width, which only decides which sockets may bind, and
// icnsim's timing is in flits (tlm.flit_bytes), so every call passes through unchanged: forward
// from `in` to `out`, backward from `out` to `in`. One bridge per binding.
template <unsigned IN_WIDTH, unsigned OUT_WIDTH, typename IN_TYPES = tlm::tlm_base_protocol_types,
          typename OUT_TYPES = tlm::tlm_base_protocol_types>
class PassThrough : public sc_core::sc_module,
                    public tlm::tlm_fw_transport_if<IN_TYPES>,
                    public tlm::tlm_bw_transport_if<OUT_TYPES> {
  static_assert(std::is_same<typename IN_TYPES::tlm_payload_type, tlm::tlm_generic_payload>::value &&
                    std::is_same<typename OUT_TYPES::tlm_payload_type, tlm::tlm_generic_payload>::value &&
                    std::is_same<typename IN_TYPES::tlm_phase_type, tlm::tlm_phase>::value &&
                    std::is_same<typename OUT_TYPES::tlm_phase_type, tlm::tlm_phase>::value,
                "icnsim's nodes carry the generic payload and the base protocol's phases");

 public:
  tlm::tlm_target_socket<IN_WIDTH, IN_TYPES> in;       // the initiator's side
  tlm::tlm_initiator_socket<OUT_WIDTH, OUT_TYPES> out;  // the target's side

  explicit PassThrough(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in"), out("out") {
    in.bind(*this);
    out.bind(*this);
  }
  void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& t) override { out->b_transport(p, t); }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& p, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
    return out->nb_transport_fw(p, ph, t);
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload& p, tlm::tlm_dmi& d) override { return out->get_direct_mem_ptr(p, d); }
  unsigned int transport_dbg(tlm::tlm_generic_payload& p) override { return out->transport_dbg(p); }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
    return in->nb_transport_bw(p, ph, t);
  }
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) override {
    in->invalidate_direct_mem_ptr(start, end);
  }
};

}  // namespace detail

class ICNSIM_API Interconnect {
 public:
  // From a platform file; `overrides` are "key.path=value" strings as icnsim's --set takes them.
  // Throws std::runtime_error with a one-line message naming the file and key for bad input.
  Interconnect(const char* name, const std::string& platform_file, const std::vector<std::string>& overrides = {});
  // The same from the platform's YAML text; `source_name` is used in messages.
  static std::unique_ptr<Interconnect> from_yaml(const char* name, const std::string& yaml,
                                                 const std::vector<std::string>& overrides = {},
                                                 const std::string& source_name = "platform");
  // From a platform built in code (<icnsim/platform.h>).
  Interconnect(const char* name, const Platform& platform);
  ~Interconnect();
  Interconnect(const Interconnect&) = delete;
  Interconnect& operator=(const Interconnect&) = delete;

  unsigned nodes() const;
  TargetSocket& target_socket(unsigned node);
  InitiatorSocket& initiator_socket(unsigned node);
  // The same for IP of another bus width (8 to 1024 bits) or with its own protocol types class
  // (carrying the generic payload and the base protocol's phases): each call gives a socket for one
  // binding, joined to the node's by a pass-through bridge, so e.g. a 64-bit processor binds with
  //   cpu.socket.bind(noc.target_socket<64>(0));
  // and an initiator whose socket is simple_initiator_socket<I, 32, my_types> with
  //   cpu.socket.bind(noc.target_socket<32, my_types>(0));
  // The bridge is the node's, named by its side and width: noc.node_0.target_64 (then target_64_1, …),
  // noc.node_5.initiator_256. Call them during elaboration, before sc_start.
  template <unsigned BUSWIDTH, typename TYPES = tlm::tlm_base_protocol_types>
  tlm::tlm_target_socket<BUSWIDTH, TYPES>& target_socket(unsigned node) {
    TargetSocket& own = target_socket(node);
    auto bridge = in_node(node, "target", BUSWIDTH, [](const char* name) {
      return std::make_unique<detail::PassThrough<BUSWIDTH, 32, TYPES>>(name);
    });
    bridge->out.bind(own);
    tlm::tlm_target_socket<BUSWIDTH, TYPES>& socket = bridge->in;
    bridges_.push_back(std::move(bridge));
    return socket;
  }
  template <unsigned BUSWIDTH, typename TYPES = tlm::tlm_base_protocol_types>
  tlm::tlm_initiator_socket<BUSWIDTH, TYPES>& initiator_socket(unsigned node) {
    InitiatorSocket& own = initiator_socket(node);
    auto bridge = in_node(node, "initiator", BUSWIDTH, [](const char* name) {
      return std::make_unique<detail::PassThrough<32, BUSWIDTH, tlm::tlm_base_protocol_types, TYPES>>(name);
    });
    own.bind(bridge->in);
    tlm::tlm_initiator_socket<BUSWIDTH, TYPES>& socket = bridge->out;
    bridges_.push_back(std::move(bridge));
    return socket;
  }
  // How b_transport is timed (tlm.timing, docs/tlm.md): each packet simulated to the cycle, or the
  // target called at once and the round trip annotated from the route and the links' recent load
  // (a fast mode to get through boot; transactions in flight finish as they started). Any time.
  enum class Timing { cycle, approximate };
  void set_timing(Timing timing);
  Timing timing() const;

  sc_core::sc_time clock_period() const;
  std::uint64_t cycle() const;  // the network's current cycle (cycle c runs at (c + 1) periods)

  // What the network carried, over the measurement window: from simulation.warmup on, for as long as
  // the platform runs (a network in a platform has no end of its own; simulation.cycles ends
  // command-line runs only), or as start_measurement() and stop_measurement() set it: every request
  // and response packet, and anything else the nodes sent.
  std::uint64_t packets_delivered() const;
  std::uint64_t flits_delivered() const;
  double mean_packet_latency() const;  // cycles from creation to the tail's arrival; NaN with no packet
  // Of packets_delivered(), those approximate timing (set_timing(Timing::approximate)) estimated
  // instead of simulating them: their latencies are the estimates, and they count above as well.
  std::uint64_t packets_estimated() const;

  // Everything measured so far, at any moment after elaboration (std::logic_error before): the
  // common quantities typed, and the whole result the icnsim command writes as JSON text
  // (docs/result.schema.json; docs/tlm.md says what a platform's result holds).
  struct Latency {
    std::uint64_t packets = 0;
    double mean = 0, p50 = 0, p99 = 0, max = 0;  // cycles; NaN with no packet
  };
  struct Link {
    unsigned from = 0, to = 0;  // routers
    std::string port;           // the port it leaves `from` by (+x, -y, …)
    std::uint64_t flits = 0;
  };
  struct Sample {  // one point of the time series, over the cycles since the previous one
    std::uint64_t cycle = 0;
    double offered = 0, accepted = 0;  // flits/node/cycle
    std::uint64_t packets_in_network = 0;
    double mean_latency = 0;  // of the packets delivered in the interval; NaN with none
  };
  struct Statistics {
    std::uint64_t window_from = 0, window_cycles = 0;  // the measurement window so far
    std::uint64_t packets_delivered = 0, flits_delivered = 0;  // simulated and estimated
    Latency latency;            // creation to tail arrival, of the packets simulated
    Latency network_latency;    // injection to tail arrival, the same packets
    Latency estimated_latency;  // of the packets approximate timing estimated instead
    std::vector<std::uint64_t> injected_flits, delivered_flits;  // per node, in the window
    std::vector<Link> links;     // every network link, the flits it carried in the window
    std::vector<Sample> series;  // every simulation.sample_interval cycles while traffic flows
  };
  Statistics statistics() const;
  std::string result_json() const;

  // Moves that window: from now until stop_measurement() (or for ever), everything above counts
  // again from zero — packets created from this cycle on and delivered before the stop. Call from
  // a process (or before sc_start: from cycle 0), e.g. after booting.
  void start_measurement();
  void stop_measurement();

  // Where a node sits on a k-ary n-cube: its router's coordinates, dimension 0 first (node = Σ c_d k^d
  // with one terminal per router; node = slot·k^n + Σ c_d k^d with several), and the node at given
  // coordinates (terminal slot 0 there). std::logic_error on another topology or coordinates outside it.
  std::vector<unsigned> coordinates(unsigned node) const;
  unsigned node_at(const std::vector<unsigned>& coordinates) const;

  // A node's congestion controller now: whether it throttles new packets, and its telemetry by name
  // (e.g. the self-tuned controller's "threshold" and "estimate"; docs/congestion-control.md).
  struct NodeState {
    bool throttling = false;
    std::vector<std::pair<std::string, double>> telemetry;
  };
  NodeState node_state(unsigned node) const;

  // icnsim's own traffic beside the platform's IP, on `nodes` (all if empty): a stimulus as the icnsim
  // command takes it — a file (a trace it names is found beside it) or YAML text — with overrides of
  // its keys ("injection.rate=0.02"): a pattern and an injection process, phases, or a trace. Its
  // packets share the network, and its statistics, with the transactions; it runs as long as the
  // platform does, and its completion (phases that end) ends its traffic, not the simulation. Once
  // per interconnect, during elaboration. Bad input throws
  // std::runtime_error (one line naming the file and key).
  void add_traffic(const std::string& stimulus_file, const std::vector<unsigned>& nodes = {},
                   const std::vector<std::string>& overrides = {});
  void add_traffic_yaml(const std::string& stimulus_yaml, const std::vector<unsigned>& nodes = {},
                        const std::vector<std::string>& overrides = {});

  // Writes out the VCD file of simulation.vcd (also done when the interconnect is destroyed).
  void close_trace();

 private:
  // Runs make(name) inside node `node`'s module, so that what it creates is that node's, with a name
  // of SIDE_WIDTH not yet taken there.
  template <typename Make>
  auto in_node(unsigned node, const char* side, unsigned width, Make make) {
    const std::string name = enter_node(node, side, width);
    struct Leave {
      Interconnect& noc;
      ~Leave() { noc.leave_node(); }
    } leave{*this};
    return make(name.c_str());
  }
  std::string enter_node(unsigned node, const char* side, unsigned width);
  void leave_node();
  struct Model;  // the model behind it (model/interconnect_model.h, not installed)
  friend struct InterconnectModel;
  std::unique_ptr<Model> model_;
  std::vector<std::unique_ptr<sc_core::sc_module>> bridges_;  // of other bus widths
  struct FromText {};
  Interconnect(FromText, const char* name, const std::string& yaml, const std::vector<std::string>& overrides,
               const std::string& source_name);
};

// The installed library's version, "major.minor.patch".
ICNSIM_API const char* version();

}  // namespace icnsim
