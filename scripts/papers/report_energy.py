"""A report's energy (docs/energy.md): the event counts of its priced runs (power.preset) priced by
DSENT 0.91's rows at 45 and 22 nm (data/energy/, scripts/energy.py), per delivered flit, as average
power and as the energy-delay product, with the leakage's share and the sideband's bits apart. A router
whose shape the table lacks is priced by the neighbouring rows it names, and every figure is the range
over them: never an interpolation."""
import energy

PRESETS = {"dsent_45nm": "45 nm", "dsent_22nm": "22 nm"}
# Numbers an energy section states (scripts/papers/report_numbers.py): the two technologies (nm), DSENT's
# version and its paper's year.
STATED_NUMBERS = [45, 22, 0.91, 2012]


def preset_shape(row):
    """A table row (ports, vcs, depth, flit_bits) as power.preset_shape names it: 9x3x8 (the flit width is
    power.flit_bits)."""
    return "x".join(map(str, row[:3]))


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


def sideband_bits_per_flit(result):
    flits = result["energy"]["delivered_flits"]
    bits = result["activity"]["sideband"]["bit_transfers"]
    return bits / flits if flits else None


COLUMNS = ("pJ per delivered flit, 45 nm | 22 nm | average power (W), 45 nm | energy × delay per packet "
           "(nJ·cycles), 45 nm | leakage's share, 45 nm | sideband bits per delivered flit")


def cells(result, rows):
    """The energy columns (COLUMNS) of one run, each the range over `rows`."""
    p = priced(result, rows)
    first = p["dsent_45nm"]
    sideband = sideband_bits_per_flit(result)
    return " | ".join([
        span([u["per_delivered_flit_pj"] for u in first]),
        span([u["per_delivered_flit_pj"] for u in p["dsent_22nm"]]),
        span([u["average_power_mw"] for u in first], 1, 1e-3),
        span([u["energy_delay_product_pj_cycles"] for u in first], 0, 1e-3),
        span([u["leakage_share"] for u in first], 0, 100) + " %",
        "—" if not sideband else f"{sideband:,.0f}"])


def own_row(result):
    """The rows of a run whose router the table has: the one its preset took."""
    return (energy.preset_shape(result),)


def table(report, labels, entries):
    """An energy table: `labels` name the leading columns, each entry is (its leading cells, a priced
    run's result, the rows to price it by)."""
    report.write("| " + " | ".join(labels) + f" | {COLUMNS} |\n" + "|---" * (len(labels) + COLUMNS.count("|") + 1)
                 + "|")
    for lead, result, rows in entries:
        report.write("| " + " | ".join(lead) + f" | {cells(result, rows)} |")
    report.write("")


def saving(controlled, base, rows, base_name):
    """'X pJ per delivered flit against BASE's Y (45 nm): Z % less' — a controller's run against the
    uncontrolled one's, over the rows."""
    mine, theirs = per_flit(controlled, rows), per_flit(base, rows)
    ratio = sum(m / t for m, t in zip(mine, theirs)) / 2
    return (f"{span(mine)} pJ per delivered flit against {base_name}'s {span(theirs)} (45 nm): "
            f"{100 * abs(1 - ratio):.0f} % {'less' if ratio < 1 else 'more'}")


def leakage_text(clogged, below, load):
    """'L % of the energy, P pJ per delivered flit, against L0 % and P0 pJ at LOAD' (45 nm): a clogged
    run's leakage against the same network's below saturation; each argument (result, rows)."""
    (r, rows), (r0, rows0) = clogged, below
    return (f"{span(leakage_share(r, rows), 0, 100)} % of the energy, {span(leakage_per_flit(r, rows))} pJ per "
            f"delivered flit, against {span(leakage_share(r0, rows0), 0, 100)} % and "
            f"{span(leakage_per_flit(r0, rows0))} pJ at {load}")


def per_flit(result, rows, preset="dsent_45nm"):
    """(lowest, highest) pJ per delivered flit over the rows."""
    values = [u["per_delivered_flit_pj"] for u in priced(result, rows)[preset]]
    return min(values), max(values)


def leakage_share(result, rows, preset="dsent_45nm"):
    values = [u["leakage_share"] for u in priced(result, rows)[preset]]
    return min(values), max(values)


def leakage_per_flit(result, rows, preset="dsent_45nm"):
    """(lowest, highest) pJ of leakage per delivered flit over the rows."""
    values = [u["per_delivered_flit_pj"] * u["leakage_share"] for u in priced(result, rows)[preset]
              if u["per_delivered_flit_pj"] is not None]
    return (min(values), max(values)) if values else (None, None)


def total(result, rows, preset="dsent_45nm"):
    """(lowest, highest) total pJ of the window over the rows."""
    values = [u["total_pj"] for u in priced(result, rows)[preset]]
    return min(values), max(values)


def what_is_priced():
    """The paragraph every energy section opens with: what the figures count and what they leave out."""
    return ("Each priced run's event counts times the coefficients of DSENT 0.91 (Sun et al., NOCS 2012; "
            "`data/energy/`, [energy](../energy.md)) for bulk LVT at 1 GHz: buffer writes and reads, crossbar "
            "and switch allocation, links and credits, the routers' clock every cycle, and the leakage of "
            "routers, buffers and links. DSENT models no route computation, VC allocator or network interface: "
            "those events are counted, not priced. No published figure prices a sideband bit, so the "
            "self-tuned controller's sideband is shown as the bits it moves per delivered flit, not as "
            "joules. Energy × delay is a delivered packet's energy times the mean latency.")
