// The platform, stimulus and phase documents: every key with its default, range and description —
// the one place defaults live (icnsim --print-config prints them; scripts/make-config-doc writes
// docs/configuration.md from them).
#include "platform/configuration_schema.h"

#include "congestion/congestion_controller.h"
#include "router/arbitration_policy.h"
#include "routing/routing_function.h"
#include "topology/topology.h"
#include "traffic/destination_pattern.h"
#include "traffic/injection_process.h"

namespace icn {

namespace {

using P = ParameterSpec;

template <typename RegistryType>
PolymorphicSection section_of(const std::string& prefix, const std::string& selector_key,
                              const std::string& default_choice, const std::string& description) {
  PolymorphicSection s;
  s.prefix = prefix;
  s.selector = P::choice(selector_key, default_choice, RegistryType::names(), description);
  s.parameters_of = [](const std::string& choice) { return RegistryType::get(choice).parameters; };
  s.description_of = [](const std::string& choice) { return RegistryType::get(choice).description; };
  return s;
}

// The platform document: every key with its default (the self-tuned paper's network, sec. 5.1).
Schema make_platform_schema() {
  Schema s("platform");
  s.add(P::text("name", "default", "short name of the platform, used in results"));
  s.add(P::text("description", "", "free text"));
  s.add(section_of<TopologyRegistry>("network", "topology", "kary_ncube", "network topology"));
  s.add(P::integer("router.virtual_channels", 3, 1, 32, "V: virtual channels (lanes) per physical channel"));
  s.add(P::integer("router.buffer_depth", 8, 1, 4096, "B: flits of buffer per virtual channel"));
  s.add(P::integer("router.routing_delay", 1, 0, 64, "cycles to route a header before VC allocation"));
  s.add(P::integer("router.crossbar_delay", 1, 0, 64, "cycles per flit through the crossbar"));
  s.add(P::integer("router.link_delay", 1, 1, 64, "cycles per flit on a router-to-router link"));
  s.add(P::choice("router.switching", "wormhole", {"wormhole", "virtual_cut_through"},
                  "wormhole, or virtual cut-through (a VC takes a packet only with room for all of it)"));
  s.add(P::choice("router.vc_reallocation", "on_tail", {"on_tail", "when_empty"},
                  "when an output VC may take a new packet: its tail has left, or also its buffer drained"));
  s.add(P::choice("router.vc_allocation", "oldest_first", {"oldest_first", "longest_waiting"},
                  "order in which routed headers take output VCs: the packet injected earliest first, or the "
                  "header that has waited longest at this router first"));
  s.add(P::choice("router.header_arbiter", "parallel", {"parallel", "central"},
                  "parallel: every routed header may take an output VC each cycle; central: one arbiter per "
                  "router routes and allocates one header per cycle, round-robin among requesting input VCs, "
                  "a refused header asks again (self-tuned paper sec. 5.1)"));
  s.add(P::choice("router.crossbar_inputs", "per_channel", {"per_channel", "per_lane"},
                  "per_channel: one crossbar input per physical input channel, which offers one lane's flit per "
                  "cycle (Dally Fig. 9b); per_lane: one per input lane, so a flit competes only for its output "
                  "channel, whose arbitration sees every lane that wants it (Dally Fig. 9c)"));
  s.add(P::choice("router.arbitration", "round_robin", ArbitrationRegistry::names(),
                  "per-flit arbitration of a physical channel among lanes"));
  s.add(section_of<RoutingRegistry>("routing", "type", "dimension_order", "routing function"));
  s.add(P::choice("deadlock.recovery", "none", {"none", "disha", "software"},
                  "recovery of deadlocked packets: none, Disha (token + recovery lane), software (absorb, re-inject)"));
  s.add(P::choice("deadlock.detection", "timeout", {"timeout", "inactivity"},
                  "when a blocked header is presumed deadlocked: blocked for deadlock.timeout cycles (self-tuned "
                  "paper sec. 5.1), or also every channel it may request idle (no flit crossing) that long, or, "
                  "holding its output VC without a credit, that lane idle (inactivity: Trans-t sec. 4, its ref. [10])"));
  s.add(P::choice("deadlock.inactivity_scope", "physical_channel", {"physical_channel", "virtual_channel"},
                  "inactivity detection: a requested channel is active while a flit of any lane crosses its physical "
                  "channel, or only while one crosses the requested VC itself"));
  s.add(P::integer("deadlock.timeout", 8, 1, 1000000,
                   "detection threshold: cycles a header stays blocked (and, with inactivity detection, its requested "
                   "channels idle) before it is presumed deadlocked (self-tuned 8, Trans-t 32)"));
  s.add(P::boolean("deadlock.audit", false,
                   "judge every recovery, when it happens, by the watchdog's wait-for analysis: was the header in a "
                   "knot (a true deadlock) or behind traffic that still moves (a false detection); slow"));
  s.add(P::integer("deadlock.reinjection_delay", 100, 0, 100000000,
                   "software recovery: cycles before an absorbed packet is injected again"));
  s.add(P::choice("deadlock.token_release", "tail", {"tail", "header"},
                  "Disha: the token goes back into circulation when the recovered packet's tail is delivered "
                  "(the lane is empty) or already its header (the next recovery may follow the tail along the lane)"));
  s.add(P::integer("network_interface.injection_channels", 1, 1, 16, "injection channels per node"));
  s.add(P::integer("network_interface.delivery_channels", 1, 1, 16, "delivery (ejection) channels per node"));
  s.add(P::integer("network_interface.injection_delay", 1, 1, 64, "cycles per flit from the NI into the router"));
  s.add(P::choice("network_interface.injection_dispatch", "any", {"any", "by_direction"},
                  "any injection channel takes the next packet, or channel c only packets whose first hop is direction c"));
  s.add(P::integer("network_interface.packets_in_progress", 1, 1, 32,
                   "packets an injection channel may be sending at once: 1 sends them one after another; more "
                   "starts the next on another lane while the current one is blocked (at most V)"));
  s.add(P::integer("network_interface.delivery_delay", 1, 1, 64, "cycles per flit from the crossbar to the NI"));
  s.add(P::integer("network_interface.source_queue_limit", 0, 0, 1000000000,
                   "packets the source queue may hold (0: unbounded); bounds memory past saturation"));
  s.add(P::choice("network_interface.source_queue_full", "block", {"block", "drop"},
                  "a packet created while the source queue is full: the processor stalls until there is room "
                  "(block), or the packet is discarded and counted in packets.dropped (drop)"));
  s.add(P::integer("tlm.flit_bytes", 16, 1, 4096,
                   "bytes of a TLM-2.0 transaction's data per flit: its packet is a header flit and its data flits"));
  s.add(P::integer("tlm.queue_depth", 4, 1, 1000000,
                   "packets a node's source queue holds before an approximately timed request waits for END_REQ"));
  s.add(section_of<ControllerRegistry>("congestion_control", "type", "none", "congestion controller"));
  s.add(P::integer("sideband.hop_delay", 2, 1, 1000, "h: cycles per hop on the sideband (self-tuned sec. 3.1)"));
  s.add(P::integer("sideband.width_bits", 0, 0, 1024,
                   "wires per sideband link; counters wider go in several messages (0: wide enough; sec. 5.2.2 uses 9)"));
  s.add(P::integer("simulation.cycles", 60000, 1, 4000000000LL, "cycles simulated in all"));
  s.add(P::integer("simulation.warmup", 10000, 0, 4000000000LL, "first cycles excluded from statistics"));
  s.add(P::integer("simulation.sample_interval", 1000, 1, 4000000000LL, "cycles between time-series samples"));
  s.add(P::integer("simulation.seed", 1, 0, 9007199254740991LL, "seed of every random stream (--seed overrides)"));
  s.add(P::real("simulation.clock_period_ns", 1.0, 1e-3, 1e6, "clock period, for co-simulation with timed IP"));
  s.add(P::integer("simulation.histogram_bin_width", 10, 1, 1000000, "cycles per latency histogram bin"));
  s.add(P::boolean("simulation.progress", true, "progress line with ETA on a terminal"));
  s.add(P::integer("simulation.watchdog_cycles", 20000, 0, 4000000000LL,
                   "flits that have not moved for this many cycles are stuck: deadlock or starvation (0: off)"));
  s.add(P::choice("simulation.deadlock_action", "stop", {"stop", "report"},
                  "stuck VCs waiting for each other in a cycle: stop the run with the cycle, or report it"));
  s.add(P::choice("simulation.starvation_action", "report", {"stop", "report"},
                  "a stuck packet whose wait ends in moving traffic: stop the run, or report it and go on"));
  s.add(P::text("simulation.vcd", "",
                "write the flit and credit signals of the traced routers' links to this VCD file (empty: none)"));
  s.add(P::text("simulation.vcd_routers", "all",
                "the routers whose output links and local channels go into the VCD file: all, or numbers such as "
                "0,5,10"));
  s.add(P::real("simulation.wall_limit", 0, 0, 1e9,
                "seconds of wall-clock time after which the run stops and writes what it measured (0: no limit)"));
  return s;
}

// The keys that describe traffic, shared by a stimulus' top level and each of its phases.
void add_traffic_keys(Schema& s) {
  s.add(P::integer("packet_length", 16, 1, 65535, "flits per packet; a list draws one per packet").as_list());
  s.add(P::real("packet_length_weights", 1, 0, 1e9, "relative weight of each packet_length (one value: equal)").as_list());
  s.add(P::real("high_priority_fraction", 0, 0, 1, "share of packets in the high-priority traffic class"));
  s.add(section_of<PatternRegistry>("pattern", "type", "uniform", "destination pattern"));
  s.add(section_of<ProcessRegistry>("injection", "process", "bernoulli", "injection process"));
  s.add(P::real("injection.rate", 0.01, 0, 1, "offered load per node, in injection.unit"));
  s.add(P::choice("injection.unit", "packets", {"packets", "flits"}, "unit of injection.rate, per node per cycle"));
}

Schema make_stimulus_schema() {
  Schema s("stimulus");
  s.add(P::text("name", "stimulus", "short name of the stimulus, used in results"));
  s.add(P::text("description", "", "free text"));
  s.add(P::integer("repeat", 1, 1, 1000000, "times the list of phases runs"));
  s.add(P::text("trace", "", "message-passing trace to replay instead of synthetic traffic (path relative to this file)"));
  s.add(P::choice("source.model", "queue", {"queue", "attempts"},
                  "queue: every packet created waits in the source queue; attempts: a creation fails (counted) "
                  "while the node holds source.waiting_limit packets waiting to be injected (self-tuned paper "
                  "sec. 5.2.4, \"tries to generate\")"));
  s.add(P::integer("source.waiting_limit", 1, 1, 1000000,
                   "attempts: packets a node may hold waiting to be injected; an attempt beyond fails"));
  add_traffic_keys(s);
  return s;
}

Schema make_address_range_schema() {
  Schema s("address range");
  s.add(P::integer("base", 0, 0, 9007199254740991LL, "first address of the range (decimal or 0x hexadecimal)"));
  s.add(P::integer("size", 0, 0, 9007199254740991LL, "bytes in the range (given, at least 1)"));
  s.add(P::integer("node", 0, 0, 1000000000, "the node whose network interface serves the range (given)"));
  s.add(P::integer("target", 0, 0, 255, "which of that node's local targets, in the order they are bound"));
  return s;
}

Schema make_phase_schema() {
  Schema s("phase");
  s.add(P::text("name", "", "name of the phase, used in results"));
  add_traffic_keys(s);
  s.add(P::integer("end.cycles", 0, 0, 4000000000LL, "the phase ends after this many cycles (0: not this way)"));
  s.add(P::integer("end.packets", 0, 0, 4000000000LL,
                   "the phase ends in the cycle its network-wide packet count reaches this (0: not this way)"));
  s.add(P::integer("end.packets_per_node", 0, 0, 4000000000LL,
                   "every node creates this many packets, then stops; the phase ends when all have (0: not this way)"));
  s.add(P::boolean("end.drain", false, "the phase ends once every packet created so far is delivered"));
  return s;
}

}  // namespace

const Schema& platform_schema() {
  static const Schema schema = make_platform_schema();
  return schema;
}

const Schema& stimulus_schema() {
  static const Schema schema = make_stimulus_schema();
  return schema;
}

const Schema& address_range_schema() {
  static const Schema schema = make_address_range_schema();
  return schema;
}

const Schema& phase_schema() {
  static const Schema schema = make_phase_schema();
  return schema;
}

bool is_traffic_key(const std::string& key) {
  for (const char* k : {"packet_length", "packet_length_weights", "high_priority_fraction"})
    if (key == k) return true;
  return key.rfind("pattern.", 0) == 0 || key.rfind("injection.", 0) == 0;
}

}  // namespace icn
