"""A report's energy (docs/energy.md): the event counts of its priced runs (energy.preset) priced by
DSENT 0.91's rows at 45 and 22 nm (data/energy/, scripts/energy.py), per delivered flit, as average
power and as the energy-delay product, with the leakage's share, and the events no published figure
prices (the self-tuned sideband's bits, the entropy circuit's transfers) counted apart. A router whose
shape the table lacks is priced by the neighbouring rows the report names, and every figure is the
range over them: never an interpolation."""
import energy

PRESETS = {"dsent_45nm": "45 nm", "dsent_22nm": "22 nm"}
# Numbers an energy section states (scripts/papers/report_numbers.py): the two technologies (nm), DSENT's
# version and its paper's year.
STATED_NUMBERS = [45, 22, 0.91, 2012]
PRICED_COLUMNS = ("pJ per delivered flit, 45 nm", "22 nm", "average power (W), 45 nm",
                  "energy × delay per packet (nJ·cycles), 45 nm", "leakage's share, 45 nm")
# The events no published figure prices, shown as counts per delivered flit.
COUNTED = {"sideband": ("sideband bits per delivered flit", lambda r: r["activity"]["sideband"]["bit_transfers"]),
           "entropy": ("entropy-circuit register transfers per delivered flit",
                       lambda r: r["activity"]["entropy_circuit"]["register_transfers"])}


def preset_shape(row):
    """A table row (ports, vcs, depth, flit_bits) as energy.preset_shape names it: 9x3x8 (the flit width is
    energy.flit_bits)."""
    return "x".join(map(str, row[:3]))


def own_row(result):
    """The rows of a run whose router the table has: the one its preset took."""
    return (energy.preset_shape(result),)


def priced(result, rows):
    """{preset: [energy.under(result, preset, row) for each row]}: the run's window priced by each row
    (ports, vcs, depth, flit_bits)."""
    return {preset: [energy.under(result, preset, row) for row in rows] for preset in PRESETS}


def span(values, digits=0, scale=1.0):
    """'a–b' over the rows (one number when they print alike); '—' when a run delivered nothing."""
    values = [v * scale for v in values if v is not None]
    if not values:
        return "—"
    low, high = (f"{v:,.{digits}f}" for v in (min(values), max(values)))
    return low if low == high else f"{low}–{high}"


def by_row(result, rows, key, preset="dsent_45nm"):
    """One of energy.under's figures for each row, in the rows' order (None: nothing delivered)."""
    return [u[key] for u in priced(result, rows)[preset]]


def over_rows(result, rows, key, preset="dsent_45nm"):
    """(lowest, highest) of one of energy.under's figures over the rows ((None, None): nothing delivered)."""
    values = [v for v in by_row(result, rows, key, preset) if v is not None]
    return (min(values), max(values)) if values else (None, None)


def per_flit(result, rows, preset="dsent_45nm"):
    return over_rows(result, rows, "per_delivered_flit_pj", preset)


def leakage_share(result, rows, preset="dsent_45nm"):
    return over_rows(result, rows, "leakage_share", preset)


def total(result, rows, preset="dsent_45nm"):
    return over_rows(result, rows, "total_pj", preset)


def leakage_per_flit(result, rows, preset="dsent_45nm"):
    """(lowest, highest) pJ of leakage per delivered flit over the rows."""
    values = [f * s for f, s in zip(by_row(result, rows, "per_delivered_flit_pj", preset),
                                    by_row(result, rows, "leakage_share", preset)) if f is not None]
    return (min(values), max(values)) if values else (None, None)


def counted_per_flit(result, counted):
    flits = result["energy"]["delivered_flits"]
    return COUNTED[counted][1](result) / flits if flits else None


def cells(result, rows, counted="sideband"):
    """One run's cells: PRICED_COLUMNS, each the range over `rows`, then the `counted` events per flit."""
    p = priced(result, rows)
    first = p["dsent_45nm"]
    count = counted_per_flit(result, counted)
    return [span([u["per_delivered_flit_pj"] for u in first]),
            span([u["per_delivered_flit_pj"] for u in p["dsent_22nm"]]),
            span([u["average_power_mw"] for u in first], 1, 1e-3),
            span([u["energy_delay_product_pj_cycles"] for u in first], 0, 1e-3),
            span([u["leakage_share"] for u in first], 0, 100) + " %",
            "—" if not count else f"{count:,.0f}"]


def table(report, labels, entries, counted="sideband"):
    """An energy table: `labels` name the leading columns, each entry is (its leading cells, a priced
    run's result, the rows to price it by); the last column counts the `counted` events (COUNTED)."""
    columns = [*labels, *PRICED_COLUMNS, COUNTED[counted][0]]
    report.write("| " + " | ".join(columns) + " |\n" + "|---" * len(columns) + "|")
    for lead, result, rows in entries:
        report.write("| " + " | ".join([*lead, *cells(result, rows, counted)]) + " |")
    report.write("")


def ratio(mine, theirs, rows, key="total_pj"):
    """The mean over the rows of run `mine`'s figure over run `theirs`', each row against itself."""
    pairs = list(zip(by_row(mine, rows, key), by_row(theirs, rows, key)))
    return sum(m / t for m, t in pairs) / len(pairs)


def saving(controlled, base, rows, base_name):
    """'X pJ per delivered flit against BASE's Y (45 nm): Z % less' — a controller's run against the
    uncontrolled one's, over the rows."""
    r = ratio(controlled, base, rows, "per_delivered_flit_pj")
    return (f"{span(per_flit(controlled, rows))} pJ per delivered flit against {base_name}'s "
            f"{span(per_flit(base, rows))} (45 nm): {100 * abs(1 - r):.0f} % {'less' if r < 1 else 'more'}")


def leakage_text(clogged, below, load):
    """'L % of the energy, P pJ per delivered flit, against L0 % and P0 pJ at LOAD' (45 nm): a clogged
    run's leakage against the same network's below saturation; each argument (result, rows)."""
    (r, rows), (r0, rows0) = clogged, below
    return (f"{span(leakage_share(r, rows), 0, 100)} % of the energy, {span(leakage_per_flit(r, rows))} pJ per "
            f"delivered flit, against {span(leakage_share(r0, rows0), 0, 100)} % and "
            f"{span(leakage_per_flit(r0, rows0))} pJ at {load}")


def what_is_priced():
    """The paragraph every energy section opens with: what the figures count and what they leave out."""
    return ("Each priced run's event counts times the coefficients of DSENT 0.91 (Sun et al., NOCS 2012; "
            "`data/energy/`, [energy](../energy.md)) for bulk LVT at 1 GHz: buffer writes and reads, crossbar "
            "and switch allocation, links and credits, the routers' clock every cycle, and the leakage of "
            "routers, buffers and links. DSENT models no route computation, VC allocator or network interface: "
            "those events are counted, not priced. No published figure prices a bit on the self-tuned "
            "controller's sideband or a transfer between the entropy circuit's registers: those are shown as "
            "counts per delivered flit, not as joules. Energy × delay is a delivered packet's energy times the "
            "mean latency.")


# Where no row prices a report's routers: the events each delivered flit costs, which any coefficient
# set multiplies (docs/energy.md).
EVENTS = (("buffer writes", "buffer_writes"), ("crossbar traversals", "crossbar_traversals"),
          ("link traversals", "link_traversals"), ("VC allocation requests", "vc_allocation_requests"),
          ("switch allocation requests", "switch_allocation_requests"))


def unpriced(why):
    """The paragraph of a report whose routers no DSENT row prices."""
    return (f"No row of DSENT 0.91's table (`data/energy/`, [energy](../energy.md)) prices this report's routers "
            f"({why}), and a row of another shape would price another router: the energy is shown as the events "
            "each delivered flit costs in the routers, which any set of per-event coefficients multiplies.")


def counts_table(report, labels, entries):
    """Events per delivered flit: `labels` name the leading columns, each entry is (its cells, a result)."""
    columns = [*labels, *(f"{name} per delivered flit" for name, _ in EVENTS)]
    report.write("| " + " | ".join(columns) + " |\n" + "|---" * len(columns) + "|")
    for lead, result in entries:
        flits = result["activity"]["network_interfaces"]["ejected_flits"]
        routers = result["activity"]["routers"]
        report.write("| " + " | ".join([*lead, *("—" if not flits else f"{routers[key] / flits:.2f}"
                                                 for _, key in EVENTS)]) + " |")
    report.write("")


def deepest_row():
    """The most flits per VC any row of the shipped table has."""
    import csv
    with open(energy.TABLE, newline="") as f:
        return max(int(row["depth"]) for row in csv.DictReader(f))
