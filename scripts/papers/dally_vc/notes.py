"""The virtual-channel report's fixed texts: the set-up and the notes on deadlines and priority."""
SET_UP = """## Set-up: the paper's simulator in icnsim's terms

| paper (sec. V) | icnsim |
|---|---|
| "A flit transfer between two nodes is assumed to take place in one time unit", moved synchronously | `router.routing_delay: 0`, `crossbar_delay: 0`, `link_delay: 1`: a header advances one switch per cycle |
| 20-flit packets, "uniformly distributed random packet destinations" | `packet_length: 20`, `pattern: uniform` (every node but the source) |
| "channel bandwidth was allocated randomly to lanes" | `router.arbitration: random` |
| the analysis has contention only for lanes and output channels (sec. IV); the switch with "separate inputs and multiplexed outputs" (Fig. 9c) | `router.crossbar_inputs: per_vc`: every lane bids for its output channel itself |
| "When the last flit of a message (the tail flit) leaves a node the lane assigned to that packet is deallocated" (sec. III) | Figs. 13–18: `router.vc_reallocation: on_tail`, a lane takes its next packet once the tail has entered it; Fig. 19 shows both rules and is judged on `when_empty` (one packet per lane), the closer reading. With one- and two-flit lanes the two differ by a credit's return; with deeper single lanes (Figs. 14, 16) `on_tail` lets packets queue in one lane, so those single-lane curves are upper bounds |
| which of several waiting packets gets a lane that comes free: not given | `router.vc_allocation: oldest_first`, icnsim's default; Figs. 17 and 19 also run the other orders (longest waiting, random) |
| a saturation source "injects a new packet into the network whenever a lane is available on its input channel" | `injection.process: saturation` with `network_interface.packets_in_progress` = lanes |
| latency: "a constant rate source with exponentially distributed interarrival times … from packet creation until the last flit … is accepted", source queueing included | `injection.process: exponential`, latency from creation to the tail's delivery |
| 30,000 flit times, the first 10,000 not measured | the same (`--quick`: {quick[0]:,} / {quick[1]:,}) |
| lanes of one flit (Figs. 13, 15) | **lanes of two slots**, see below |
| oldest-first and priority scheduling of every physical channel (sec. III-C) | the same policy on the injection channel too |

**One-flit lanes.** icnsim's routers use credit flow control over a link of one cycle: a slot
freed in cycle c is known upstream in cycle c + 1, so a lane of depth 1 carries a flit every other
cycle at best. Dally's synchronous simulator moves all granted flits at once, so a slot freed in a
step takes a new flit in the same step, and the analysis (t₀ = 1) has one-flit lanes stream at full
rate. An icnsim lane streams from two slots on; so the paper's one-flit lanes are run as two-slot
lanes, and deeper lanes as they are. Fig. 13 shows both, and a blocked packet of 20 flits spans the
whole 8-stage network either way (10 or 20 stages' worth of slots), so lanes are held as in the
paper.

**Crossbar organisation.** With `router.crossbar_inputs: per_channel` (icnsim's default, Fig. 9b:
one crossbar input per physical channel, one lane's flit offered per cycle, round-robin among the
lanes) two lanes of one input channel that want the two different outputs of a 2 × 2 switch cannot
both move, and the output channel's arbitration sees only the lane each input offers. Figs. 17 and
18 show both organisations; the others use `per_vc`, as `platforms/dally-2ary*fly.yaml` do.
"""

DEADLINE_NOTES = """With one crossbar input per channel (`per_channel`), the
input offers its lanes round-robin whatever their age, so the output channel ranks at most one flit per
input and oldest-first barely differs from random — the organisation matters as much as the policy. The
gap that stays to the paper's 75.1 and 62.2 is Fig. 15's: icnsim's latency is higher under both
policies, and with it the share of packets that meet no competitor at all, which makes the paper's
sharp peak at the minimum, is small."""

PRIORITY_NOTES = """Where a high-priority packet still waits: its flits win every channel
and the injection channel (`priority` schedules the source's lanes too), so it waits only for
another high-priority flit or for a free lane, and with four lanes all may be held by standard
packets. Alone in the network, the high-priority
traffic arrives at the minimum as often as the paper says; the lane rows above show the lane wait
shrinking as lanes are added. The paper does not say how many
lanes Fig. 18's network had, nor whether lane assignment favoured the class. Two mechanisms
would hide the priority altogether and are not icnsim's: a crossbar input per channel (the
`per_channel` row: the input offers its lanes round-robin, so the output channel never sees the
high-priority flit waiting behind another lane of its input), and credits returned one per cycle
(a high-priority lane's credits would queue behind the others')."""
