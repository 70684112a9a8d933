#pragma once
// A congestion-control rule the router applies to a new packet when its header, in an injection
// buffer, asks for an output VC (realistic-loads paper sec. III: IPR and LBR restrict admission at
// the router, with what it sees locally, rather than at the source queue).
namespace icn {

class RouterView;

struct InjectionRequest {
  int port;           // the network output port asked for
  int vc;             // and the VC of it
  int credits;        // free flit slots of that VC's downstream buffer
  int packet_length;  // flits of the new packet
  bool escape;        // the VC belongs to the escape network (bubble flow control), not an adaptive one
};

// A new packet taking output VC `vc` of network port `port`, told to an InjectionObserver before it
// does: the VC's free flit slots downstream, the packet's length, and whether the VC is adaptive
// (on a route candidate that is not the bubble escape).
struct InjectionGrant {
  int port, vc, credits, packet_length;
  bool adaptive;
};

// Instrumentation for tests (what IPR and LBR forbid, checked from outside the rule): costs the
// router one test of a pointer per new packet when none is set.
class InjectionObserver {
 public:
  virtual ~InjectionObserver() = default;
  virtual void granted(const RouterView& router, const InjectionGrant& grant) = 0;
};

class InjectionRule {
 public:
  virtual ~InjectionRule() = default;
  // Whether the new packet may take this output VC now. Asked again every cycle while it waits.
  virtual bool admits_injection(const RouterView& router, const InjectionRequest& request) = 0;
};

}  // namespace icn
