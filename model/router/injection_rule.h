#pragma once
// A congestion-control rule the router applies to a new packet when its header, in an injection
// buffer, asks for an output VC (realistic-loads paper sec. III: IPR and LBR restrict admission at
// the router, with what it sees locally, rather than at the source queue).
namespace icn {

class Router;

struct InjectionRequest {
  int port;           // the network output port asked for
  int vc;             // and the VC of it
  int credits;        // free flit slots of that VC's downstream buffer
  int packet_length;  // flits of the new packet
  bool escape;        // the VC belongs to the escape network (bubble flow control), not an adaptive one
};

class InjectionRule {
 public:
  virtual ~InjectionRule() = default;
  // Whether the new packet may take this output VC now. Asked again every cycle while it waits.
  virtual bool admits_injection(const Router& router, const InjectionRequest& request) = 0;
};

}  // namespace icn
