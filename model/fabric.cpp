#include "fabric.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "congestion/metapacket_gather.h"
#include "common/config_error.h"
#include "common/stop_request.h"
#include "deadlock/deadlock_audit.h"
#include "routing/routing_function.h"
#include "sideband/entropy_circuit.h"
#include "tlm/approximate_timing.h"
#include "sideband/sideband.h"
#include "topology/kary_ncube.h"

namespace icn {

void Fabric::bring_up_to(Cycle before) {
  if (sideband_->active()) sideband_->bring_up_to(before);
  if (entropy_circuit_ && entropy_circuit_->active()) entropy_circuit_->bring_up_to(before);
}

// What approximate timing reads of this network (tlm/approximate_timing.h).
class Fabric::Loads final : public NetworkLoads {
 public:
  explicit Loads(const Fabric& fabric) : fabric_(fabric) {
    for (NodeId r = 0; r < fabric.topology().router_count(); ++r) occupancy_.emplace_back(fabric.router(r));
  }
  const std::uint32_t& flits_sent(NodeId router, int port) const override {
    return fabric_.router(router).flits_sent_counter(port);
  }
  const std::uint64_t& injected_flits(NodeId node) const override {
    return fabric_.node(node).network_interface().events().injected_flits;
  }
  const PortOccupancy& output_occupancy(NodeId router) const override { return occupancy_[router]; }
  double mean_packet_length() const override { return fabric_.statistics().mean_packet_length(); }

 private:
  const Fabric& fabric_;
  std::vector<Router::OutputOccupancy> occupancy_;  // per router
};

Fabric::Fabric(sc_core::sc_module_name name, const PlatformConfig& platform, CycleClock* clock)
    : sc_core::sc_module(name),
      platform_(platform),
      topology_(platform_.network.topology()),
      own_clock_(clock ? nullptr
                       : std::make_unique<CycleClock>(
                             "clock", sc_core::sc_time(platform.simulation.clock_period_ns, sc_core::SC_NS))),
      clock_(clock ? clock : own_clock_.get()),
      statistics_(topology_.node_count(), platform.simulation.warmup, platform.simulation.cycles) {
  statistics_.set_most_samples(platform_.simulation.most_samples);
  // A network without an end (a platform's) may rest once its clock stops with no packet of its own
  // traffic alive: its periodic work then sleeps too (common/cycle_clock.h), and the platform ends
  // when its IP is done. A command-line run's periodic work never sleeps.
  if (platform.simulation.cycles == kNoEnd && own_clock_)
    own_clock_->allow_rest([this] { return !carries_traffic(); });
  // The sideband follows a topology's dimension rows where its entry declares them (TopologyTraits),
  // and a spanning tree of the routers elsewhere; the entropy circuit exists on the rows only, and a
  // controller that needs it refuses other topologies.
  sideband_ = std::make_unique<Sideband>("sideband", topology_, *clock_, platform_.sideband);
  // Its registers sit in each router, which throttles its one node (entropy secs. 3.2, 5.1): a
  // router of several terminals has none.
  if (has_entropy_circuit(platform_.network.type, topology_))
    entropy_circuit_ = std::make_unique<EntropyCircuit>(
        "entropy_circuit", require<KaryNCube>(topology_, "the entropy circuit"), *clock_);
  routing_ = platform_.routing_function;
  if (!routing_) throw std::logic_error("a platform configuration without its routing function (load_configuration builds it)");
  if (platform_.router.metapacket_vc)
    metapackets_ =
        std::make_unique<MetapacketGather>("metapackets", require<KaryNCube>(topology_, "metapackets"), *clock_);
  token_.set_nodes(topology_.router_count());
  if (topology_.is_direct()) {  // each node builds its own router
    for (NodeId id = 0; id < topology_.router_count(); ++id) {
      if ((id & 1023) == 0) check_stop_while_building(id, topology_.router_count());
      nodes_.push_back(std::make_unique<Node>(
          ("node_" + std::to_string(id)).c_str(), id,
          NodeContext{topology_, platform_, *clock_, packets_, statistics_, token_, routing_.get(), &network_queues_, sideband_.get(),
                      metapackets_.get(), entropy_circuit_.get()}));
    }
  } else {
    build_indirect();
  }
  if (metapackets_) {
    std::vector<Endpoint*> interfaces;
    std::vector<Router*> routers;
    for (auto& node : nodes_) {
      interfaces.push_back(&node->network_interface());
      routers.push_back(&node->router());
    }
    metapackets_->connect(interfaces, routers);
  }
  connect_links();
  if (platform_.deadlock.audit) {
    audit_ = std::make_unique<DeadlockAudit>(*this);
    for (NodeId r = 0; r < topology_.router_count(); ++r) router(r).set_deadlock_audit(audit_.get());
  }
  if (!platform_.simulation.vcd.empty()) open_trace();
  if (!platform_.tlm.address_map.empty()) {
    const TlmPortContext ports{platform_.tlm, longest_packet(), *clock_, tlm_};
    for (auto& node : nodes_) {
      tlm_ports_.push_back(std::make_unique<TlmPort>(("tlm_port_" + std::to_string(node->id())).c_str(), node->id(),
                                                     node->network_interface(), ports));
      tlm_.ports.push_back(tlm_ports_.back().get());
    }
    const PlatformConfig& p = platform_;
    // A lone packet of L flits over H hops: 1 + injection + (H + 1)(routing + crossbar) + H · link +
    // delivery + (L − 1).
    const ApproximateTimingSetup setup{
        topology_, *routing_, p.simulation.seed, p.router.link_delay,
        Cycle(p.network_interface.injection_delay + p.router.routing_delay + p.router.crossbar_delay +
              p.network_interface.delivery_delay),
        Cycle(p.router.routing_delay + p.router.crossbar_delay + p.router.link_delay)};
    network_loads_ = std::make_unique<Loads>(*this);
    approximate_timing_ = std::make_unique<ApproximateTiming>(setup, *network_loads_);
    tlm_.estimate = approximate_timing_.get();
    tlm_.estimated = [this](Cycle created, Cycle latency, int flits) {
      statistics_.packet_estimated(created, latency, flits);
    };
    tlm_.approximate = platform_.tlm.approximate;
    if (!platform_.tlm.trace.path.empty()) {
      transaction_trace_ = std::make_unique<TransactionTrace>(platform_.tlm.trace, platform_.simulation.clock_period_ns);
      tlm_.trace = transaction_trace_.get();
    }
  }
}

int Fabric::longest_packet() const {
  // Under virtual cut-through a packet must fit a VC buffer (as many as the routing needs per buffer).
  return platform_.router.virtual_cut_through ? platform_.router.buffer_depth / platform_.router.packets_per_buffer : 65535;
}

TlmPort& Fabric::tlm_port(NodeId id) {
  if (tlm_ports_.empty())
    throw ConfigError(platform_.source + ": address_map: the platform has none, so its nodes have no TLM-2.0 ports "
                                         "(allowed: an address_map list of ranges; docs/tlm.md)");
  if (id >= tlm_ports_.size())
    throw ConfigError("node " + std::to_string(id) + ": not a node of this " + topology_.describe() + " (allowed: 0.." +
                      std::to_string(tlm_ports_.size() - 1) + ")");
  return *tlm_ports_.at(id);
}

void Fabric::set_approximate_timing(bool approximate) {
  if (tlm_.approximate && !approximate)
    for (const auto& port : tlm_ports_) port->revoke_direct_memory();
  tlm_.approximate = approximate;
}

Fabric::~Fabric() { close_trace(); }

std::uint64_t Fabric::estimated_bytes(const PlatformConfig& platform) {
  const Topology& topology = platform.network.topology();
  // Per node: its modules and signals; per router input port: its links and state; per VC: its
  // state and its buffer of 16-byte slots. On top, the process and SystemC's kernel.
  const std::uint64_t ports = std::uint64_t(topology.network_ports() + platform.network_interface.injection_channels);
  const std::uint64_t vcs = std::uint64_t(platform.router.virtual_channels);
  const std::uint64_t per_node = 13000 + ports * 1050 + ports * vcs * (118 + 16 * std::uint64_t(platform.router.buffer_depth));
  return (11u << 20) + std::uint64_t(topology.node_count()) * per_node;
}

void Fabric::open_trace() {
  // Checked before anything is simulated: SystemC's VCD writer appends ".vcd" to the name it is
  // given, and a file it cannot open surfaces only when the run ends (a SIGFPE in its destructor).
  const std::string& given = platform_.simulation.vcd;
  const std::string shown = given.size() > 200 ? given.substr(0, 200) + "…" : given;
  if (given.size() <= 4 || given.compare(given.size() - 4, 4, ".vcd") != 0)
    throw ConfigError(platform_.resolved.problem("simulation.vcd", "'" + shown + "' does not end in .vcd (allowed: "
                                                 "a path ending in .vcd, the name SystemC's VCD writer gives its file)"));
  std::error_code error;
  const auto status = std::filesystem::status(given, error);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw ConfigError(platform_.resolved.problem("simulation.vcd", "'" + shown + "' is not a regular file (allowed: "
                                                 "a new or regular file in an existing folder)"));
  const bool existed = std::filesystem::exists(status);
  if (std::FILE* probe = std::fopen(given.c_str(), "a")) {
    std::fclose(probe);
    if (!existed) std::filesystem::remove(given, error);
  } else {
    throw ConfigError(platform_.resolved.problem("simulation.vcd", "cannot write '" + shown + "': " +
                                                 std::strerror(errno) + " (allowed: a new or regular file in an "
                                                 "existing, writable folder)"));
  }
  // Written beside it and renamed over it when whole, as the result is: a run cut short leaves the
  // earlier file as it was. SystemC adds the extension to the name it is given.
  const auto slash = given.rfind('/');
  const std::size_t name_at = slash == std::string::npos ? 0 : slash + 1;
  const std::string path = given.substr(0, name_at) + "." + given.substr(name_at, given.size() - 4 - name_at) + "." +
                           std::to_string(::getpid());
  vcd_written_ = path + ".vcd";
  trace_ = sc_core::sc_create_vcd_trace_file(path.c_str());
  // In the kernel's resolution: every time stamp exact, and no note from SystemC on standard output
  // (where a result written with --out - goes).
  sc_core::sc_report_handler::set_actions("tracing timescale unit set", sc_core::SC_DO_NOTHING);
  trace_->set_time_unit(sc_core::sc_get_time_resolution().to_seconds(), sc_core::SC_SEC);
  std::vector<NodeId> routers = platform_.simulation.vcd_routers;
  if (routers.empty())
    for (NodeId r = 0; r < topology_.router_count(); ++r) routers.push_back(r);
  for (const NodeId r : routers) {
    const std::string at = "router_" + std::to_string(r);
    for (int p = 0; p < topology_.network_ports(); ++p) {
      const std::string port = port_identifier(p);
      sc_core::sc_trace(trace_, link_flits_[link_index(r, p)], at + "." + port + ".flit");
      sc_core::sc_trace(trace_, link_credits_[link_index(r, p)], at + "." + port + ".credit");
    }
    for (NodeId id = 0; id < node_count(); ++id)  // the nodes that inject into this router
      if ((topology_.is_direct() ? id : topology_.injection_point(id).router) == r)
        nodes_[id]->trace_local_channels(trace_, at + ".node_" + std::to_string(id));
  }
}

void Fabric::close_trace() {
  if (transaction_trace_) {
    const std::string error = transaction_trace_->close();
    if (!error.empty() && trace_error_.empty()) trace_error_ = "tlm.trace: " + error;
  }
  if (!trace_) return;
  sc_core::sc_close_vcd_trace_file(trace_);
  trace_ = nullptr;
  // SystemC's VCD writer reports no write error (a full disk, a file-size limit): it ends a
  // complete file with the time it was closed at, so a file that does not was cut short.
  const std::string expected = "#" + std::to_string(sc_core::sc_time_stamp().value());
  std::ifstream in(vcd_written_, std::ios::binary | std::ios::ate);
  std::string tail;
  if (in) {
    const std::streamoff size = in.tellg();
    const std::streamoff keep = std::min<std::streamoff>(size, 256);
    tail.resize(std::size_t(keep));
    in.seekg(size - keep);
    in.read(tail.data(), keep);
  }
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
  const std::size_t line = tail.rfind('\n');
  in.close();
  std::error_code error;
  if (!in || tail.substr(line == std::string::npos ? 0 : line + 1) != expected) {
    trace_error_ = "simulation.vcd: the VCD file '" + platform_.simulation.vcd.substr(0, 200) +
                   "' is incomplete: it does not end at the end of the run (a full disk or a file-size limit?)";
    std::filesystem::remove(vcd_written_, error);
  } else if (std::filesystem::rename(vcd_written_, platform_.simulation.vcd, error), error) {
    trace_error_ = "simulation.vcd: the VCD file '" + platform_.simulation.vcd.substr(0, 200) + "' could not replace " +
                   "its path (" + error.message() + ")";
    std::filesystem::remove(vcd_written_, error);
  }
}

std::string Fabric::port_identifier(int port) const {
  // Port names (+x, -y, …) made identifiers: x_plus, y_minus.
  std::string name = topology_.port_name(port);
  if (name.size() > 1 && (name[0] == '+' || name[0] == '-'))
    name = name.substr(1) + (name[0] == '+' ? "_plus" : "_minus");
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  return name;
}

template <typename Signal>
Signal* Fabric::signal_of_router(NodeId r, int port, const char* what) {
  // Inside the router's hierarchy, named by its port as the VCD names it: a platform's engineer finds
  // noc.node_5.router.x_plus_flit (or noc.router_5.… on an indirect network), not link_flit_17.
  sc_core::sc_simcontext* context = sc_core::sc_get_curr_simcontext();
  context->hierarchy_push(&router(r));
  Signal* signal = new Signal((port_identifier(port) + "_" + what).c_str());
  context->hierarchy_pop();
  return signal;
}

void Fabric::connect_links() {
  // Output port p of router a drives the input port of the router its link leads to; an input
  // port no link enters (a mesh edge) gets signals of its own, which stay idle.
  const NodeId count = topology_.router_count();
  const int ports = topology_.network_ports();
  link_flits_.init(std::size_t(count) * ports, [&](const char*, std::size_t i) {
    return signal_of_router<FlitSignal>(NodeId(i / std::size_t(ports)), int(i % std::size_t(ports)), "flit");
  });
  link_credits_.init(std::size_t(count) * ports, [&](const char*, std::size_t i) {
    return signal_of_router<CreditSignal>(NodeId(i / std::size_t(ports)), int(i % std::size_t(ports)), "credit");
  });
  std::vector<bool> entered(std::size_t(count) * ports, false);
  for (NodeId a = 0; a < count; ++a)
    for (int p = 0; p < ports; ++p) {
      const Topology::Link to = topology_.link(a, p);
      if (to.router != kNoNode) entered[link_index(to.router, to.input_port)] = true;
    }
  std::vector<std::size_t> edge_inputs;  // link indices (router * ports + port) of the inputs nothing enters
  for (std::size_t link = 0; link < entered.size(); ++link)
    if (!entered[link]) edge_inputs.push_back(link);
  edge_flits_.init(edge_inputs.size(), [&](const char*, std::size_t i) {
    const std::size_t link = edge_inputs[i];
    return signal_of_router<FlitSignal>(NodeId(link / std::size_t(ports)), int(link % std::size_t(ports)), "edge_flit");
  });
  edge_credits_.init(edge_inputs.size(), [&](const char*, std::size_t i) {
    const std::size_t link = edge_inputs[i];
    return signal_of_router<CreditSignal>(NodeId(link / std::size_t(ports)), int(link % std::size_t(ports)),
                                          "edge_credit");
  });
  std::size_t edge = 0;
  for (NodeId a = 0; a < count; ++a) {
    if ((a & 1023) == 0) check_stop_while_building(count, count);
    for (int p = 0; p < ports; ++p) {
      const std::size_t link = link_index(a, p);
      Router& from = router(a);
      from.bind_output(p, link_flits_[link], &link_credits_[link]);
      const Topology::Link to = topology_.link(a, p);
      if (to.router != kNoNode)
        router(to.router).bind_input(to.input_port, link_flits_[link], link_credits_[link],
                                     topology_.link_delay(a, p, platform_.router.link_delay));
      if (!entered[link]) {  // nobody upstream of a's input port p
        from.bind_input(p, edge_flits_[edge], edge_credits_[edge]);
        ++edge;
      }
    }
  }
}

void Fabric::build_indirect() {
  // Routers first, then the nodes that attach to them; a terminal slot no node uses (a first stage's
  // delivery channels, a last stage's injection channels) gets idle signals of its own.
  const int injection = platform_.network_interface.injection_channels;
  const int delivery = platform_.network_interface.delivery_channels;
  std::vector<std::vector<bool>> injects(topology_.router_count()), delivers(topology_.router_count());
  for (NodeId r = 0; r < topology_.router_count(); ++r) {
    routers_.push_back(std::make_unique<Router>(
        ("router_" + std::to_string(r)).c_str(),
        RouterContext{r, topology_, platform_.router, platform_.network_interface.terminal_ports(), platform_.deadlock,
                      &token_, *routing_, &network_queues_, *clock_, packets_, platform_.simulation.seed}));
    injects[r].assign(std::size_t(topology_.terminal_slots(r)), false);
    delivers[r].assign(std::size_t(topology_.terminal_slots(r)), false);
  }
  for (NodeId id = 0; id < topology_.node_count(); ++id) {
    const Topology::Attachment in = topology_.injection_point(id), out = topology_.delivery_point(id);
    injects[in.router][std::size_t(in.slot)] = true;
    delivers[out.router][std::size_t(out.slot)] = true;
    nodes_.push_back(std::make_unique<Node>(
        ("node_" + std::to_string(id)).c_str(), id,
        NodeContext{topology_, platform_, *clock_, packets_, statistics_, token_, nullptr, nullptr, sideband_.get()},
        RouterAttachment{*routers_[in.router], in.slot, *routers_[out.router], out.slot}));
  }
  std::size_t idle_inputs = 0, idle_outputs = 0;
  for (NodeId r = 0; r < topology_.router_count(); ++r)
    for (std::size_t s = 0; s < injects[r].size(); ++s) {
      idle_inputs += injects[r][s] ? 0 : std::size_t(injection);
      idle_outputs += delivers[r][s] ? 0 : std::size_t(delivery);
    }
  idle_slot_flits_.init(idle_inputs + idle_outputs);
  idle_slot_credits_.init(idle_inputs);
  std::size_t flit = 0, credit = 0;
  const int ports = topology_.network_ports();
  for (NodeId r = 0; r < topology_.router_count(); ++r)
    for (std::size_t s = 0; s < injects[r].size(); ++s) {
      for (int c = 0; c < injection && !injects[r][s]; ++c)
        routers_[r]->bind_input(ports + int(s) * injection + c, idle_slot_flits_[flit++], idle_slot_credits_[credit++]);
      for (int c = 0; c < delivery && !delivers[r][s]; ++c)
        routers_[r]->bind_output(ports + int(s) * delivery + c, idle_slot_flits_[flit++]);
    }
}

std::uint64_t Fabric::flits_in_network(Cycle now) const {
  std::uint64_t count = 0;
  if (topology_.is_direct()) {
    for (const auto& node : nodes_) count += node->router().buffered_flits() + node->flits_on_local_channels(now);
  } else {
    for (const auto& r : routers_) count += r->buffered_flits();
    for (const auto& node : nodes_) count += node->flits_on_local_channels(now);
  }
  for (const auto& s : link_flits_) count += Cycle(s.read().sent) == now;
  return count;
}

std::uint64_t Fabric::full_buffers() const {
  std::uint64_t count = 0;
  for (NodeId r = 0; r < topology_.router_count(); ++r) count += router(r).full_buffers();
  return count;
}

Cycle Fabric::oldest_packet_age(Cycle now) const {
  Cycle oldest = 0;
  for (std::size_t i = 0; i < packets_.capacity(); ++i) {
    const Packet& p = packets_[PacketId(i)];
    if (p.in_network && now - p.injected > oldest) oldest = now - p.injected;
  }
  return oldest;
}

std::vector<const ResultSource*> Fabric::result_sources() const {
  std::vector<const ResultSource*> sources;
  for (NodeId r = 0; r < topology_.router_count(); ++r) sources.push_back(&router(r));
  if (audit_) sources.push_back(audit_.get());
  for (const auto& node : nodes_) sources.push_back(&node->controller());
  if (metapackets_) sources.push_back(metapackets_.get());
  return sources;
}

Activity Fabric::activity() const {
  Activity a;
  const NodeId routers = topology_.router_count();
  a.routers.reserve(routers);
  for (NodeId r = 0; r < routers; ++r) a.routers.push_back(router(r).events());
  a.interfaces.reserve(node_count());
  for (NodeId n = 0; n < node_count(); ++n) a.interfaces.push_back(node(n).network_interface().events());
  for (NodeId r = 0; r < routers; ++r)
    for (int p = 0; p < topology_.network_ports(); ++p) {
      const Topology::Link to = topology_.link(r, p);
      if (to.router == kNoNode) continue;
      a.links.push_back(Activity::Link{r, p, to.router, to.input_port, router(r).flits_sent(p)});
    }
  if (const Sideband* s = sideband()) {
    a.sideband_value_transfers = s->value_transfers();
    a.sideband_bit_transfers = s->bit_transfers();
  }
  if (const EntropyCircuit* e = entropy_circuit()) {
    a.entropy_register_transfers = e->register_transfers();
    a.entropy_register_changes = e->register_changes();
  }
  return a;
}

}  // namespace icn
