// Congestion controllers read their router only through RouterView (router/router_view.h), so a
// scripted view is enough to test one: no router, fabric or simulation is built.
#include <catch2/catch.hpp>

#include <map>
#include <sstream>
#include <string>

#include "congestion/congestion_controller.h"
#include "common/cycle_clock.h"
#include "common/packet_pool.h"
#include "common/selected_implementation.h"
#include "ni/network_interface_config.h"
#include "router/injection_rule.h"
#include "router/router_config.h"
#include "router/router_view.h"
#include "support/child_process.h"
#include "topology/kary_ncube.h"

using namespace icn;

namespace {

// A router whose every answer the test sets: 4 network ports of 3 VCs, all of them adaptive.
struct ScriptedRouter final : RouterView {
  std::vector<int> useful;             // the minimal outputs towards any destination
  std::map<int, int> free, room;       // per port: VCs unallocated, VCs with a credit
  std::map<int, bool> transit_wants;   // per port: an in-transit packet competes for it
  int network_ports() const override { return 4; }
  bool has_output(int) const override { return true; }
  int virtual_channels() const override { return 3; }
  int routing_vcs() const override { return 3; }
  std::uint32_t adaptive_vcs() const override { return 0b111; }
  int useful_channels(NodeId, int* out) const override {
    for (std::size_t i = 0; i < useful.size(); ++i) out[i] = useful[i];
    return int(useful.size());
  }
  int free_vcs(int port, std::uint32_t) const override { return free.count(port) ? free.at(port) : 3; }
  int vcs_with_room(int port, std::uint32_t) const override { return room.count(port) ? room.at(port) : 3; }
  bool transmission(int, int, Cycle&, int&) const override { return false; }
  int buffered_flits() const override { return 0; }
  int full_buffers() const override { return 0; }
  std::uint64_t delivered_flits() const override { return 0; }
  bool in_transit_wants(int port) const override { return transit_wants.count(port) && transit_wants.at(port); }
  bool in_transit_requests(int port, int) const override { return in_transit_wants(port); }
  int valid_buffers() const override { return 0; }
  std::uint64_t buffers_emptied() const override { return 0; }
  std::uint64_t switched_flits() const override { return 0; }
  bool sent_in(int, Cycle) const override { return false; }
};

// Controller `type` with parameters `given` on node 0 of a 4-ary 2-cube, reading `view`.
struct Harness {
  KaryNCube topology{4, 2, {DimensionKind::Torus}};
  CycleClock clock{"clock", sc_core::sc_time(1, sc_core::SC_NS)};
  RouterConfig router_config;
  NetworkInterfaceConfig interface_config;
  SelectedImplementation selection;
  std::unique_ptr<CongestionController> controller;
  Harness(const std::string& type, const std::map<std::string, std::string>& given, const RouterView& view)
      : selection{type, "test", ParameterSet::defaults(ControllerRegistry::get(type).parameters, given)} {
    controller = ControllerRegistry::get(type).create(
        "controller", ControllerContext{0, topology, view, clock, selection, selection.parameters, router_config,
                                        interface_config, 1, nullptr, nullptr, nullptr});
  }
};

}  // namespace

TEST_CASE("ALO, read through a scripted router view, lets a packet in when every useful channel has a free VC or "
          "one useful channel has all its VCs free", "[congestion][alo][view]") {
  const std::string out = testing::in_child_process([] {
    ScriptedRouter view;
    view.useful = {0, 2};
    Harness alo("alo", {}, view);
    Packet packet;
    packet.destination = 5;
    std::ostringstream os;
    for (auto [free0, free2] : {std::pair{1, 1}, {0, 3}, {0, 2}, {3, 0}, {2, 0}}) {
      view.free[0] = free0;
      view.free[2] = free2;
      os << alo.controller->may_inject(packet, 0);
    }
    Harness room("alo", {{"free_vc", "room"}}, view);  // the same rule over VCs with a credit
    view.room[0] = 0;
    view.room[2] = 1;
    os << ' ' << room.controller->may_inject(packet, 0);
    return os.str();
  });
  CHECK(out == "11010 0");
}

TEST_CASE("LBR lets a new packet into an adaptive VC only leaving room for B packets, and into an escape VC always",
          "[congestion][lbr][view]") {
  const std::string out = testing::in_child_process([] {
    ScriptedRouter view;
    Harness lbr("lbr", {{"reserved_packets", "2"}}, view);
    InjectionRule* rule = lbr.controller->injection_rule();
    std::ostringstream os;
    // 16-flit packets: B = 2 asks for 48 free slots in an adaptive VC.
    for (int credits : {48, 47, 100}) os << rule->admits_injection(view, InjectionRequest{0, 1, credits, 16, false});
    os << rule->admits_injection(view, InjectionRequest{0, 0, 16, 16, true});
    return os.str();
  });
  CHECK(out == "1011");
}

TEST_CASE("IPR with probability 1 refuses a new packet an output an in-transit packet competes for, and no other",
          "[congestion][ipr][view]") {
  const std::string out = testing::in_child_process([] {
    ScriptedRouter view;
    view.transit_wants[1] = true;
    Harness ipr("ipr", {{"probability", "1"}}, view);
    sc_core::sc_start(sc_core::sc_time(2, sc_core::SC_NS));  // into cycle 1: IPR draws once per cycle
    InjectionRule* rule = ipr.controller->injection_rule();
    std::ostringstream os;
    for (int port : {0, 1, 2, 1}) os << rule->admits_injection(view, InjectionRequest{port, 0, 64, 16, false});
    return os.str();
  });
  CHECK(out == "1010");
}
