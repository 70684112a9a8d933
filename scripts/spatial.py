"""Where the network is busy, read from a result (docs/energy.md, "Pictures"): the data behind
`scripts/plot heatmap` and `scripts/plot animate`, apart from the drawing so that tests read it.

A result has the layout (how to draw the network) and per-link counts when it was run with
`simulation.activity: per_component` (the whole window) or `simulation.spatial_sample_interval`
(samples over time)."""


class NoSpatialData(ValueError):
    pass


def layout(result):
    if "layout" not in result:
        raise NoSpatialData("the result has no layout: run with --set simulation.activity=per_component "
                            "or --set simulation.spatial_sample_interval=N")
    return result["layout"]


def samples(result):
    """The number of spatial samples in the result (0 without simulation.spatial_sample_interval)."""
    return len(result.get("spatial", {}).get("cycles", []))


def link_utilisation(result, first=None, last=None):
    """Every link with its utilisation (flits per cycle, 0..1): over spatial samples first..last-1
    if given (or all samples when only spatial data exists), else over the whole measurement window
    from the per-component activity. Returns dicts: from, to, port, port_name, utilisation."""
    names = layout(result)["port_names"]
    spatial = result.get("spatial")
    links_by_window = result["activity"].get("links")
    if spatial and (first is not None or last is not None or links_by_window is None):
        first = 0 if first is None else first
        last = len(spatial["cycles"]) if last is None else last
        if not 0 <= first < last <= len(spatial["cycles"]):
            raise ValueError(f"samples {first}..{last - 1} are not in the result (it has 0..{len(spatial['cycles']) - 1})")
        cycles = spatial["interval"] * (last - first)
        links = spatial["links"]
        flits = [sum(spatial["link_flits"][s][i] for s in range(first, last)) for i in range(len(links["from"]))]
    elif links_by_window is not None:
        cycles = max(1, result["activity"]["cycles"])
        links = links_by_window
        flits = links["flits"]
    else:
        raise NoSpatialData("the result has no per-link counts: run with --set simulation.activity=per_component "
                            "or --set simulation.spatial_sample_interval=N")
    return [{"from": links["from"][i], "to": links["to"][i], "port": links["port"][i],
             "port_name": names[links["port"][i]], "utilisation": flits[i] / cycles}
            for i in range(len(flits))]


def sampled(result, column, what, first=None, last=None):
    """Rows first..last-1 of a spatial column (all samples by default); `what` names it in the error."""
    spatial = result.get("spatial")
    if not spatial:
        raise NoSpatialData(f"{what} is sampled only with --set simulation.spatial_sample_interval=N")
    first = 0 if first is None else first
    last = len(spatial["cycles"]) if last is None else last
    return spatial[column][first:last]


def throttled_fraction(result, first=None, last=None):
    """Per node, the fraction of spatial samples first..last-1 in which its controller throttled."""
    rows = sampled(result, "throttled", "the throttle state", first, last)
    return [sum(row[n] for row in rows) / len(rows) for n in range(len(rows[0]))] if rows else []


def hottest_links(result, count, **window):
    """The `count` links of highest utilisation, highest first."""
    return sorted(link_utilisation(result, **window), key=lambda link: -link["utilisation"])[:count]


def buffered_flits(result, first=None, last=None):
    """Per router, the flits its network input buffers held, averaged over spatial samples
    first..last-1 (where a congestion tree stands: full buffers whose links barely move)."""
    rows = sampled(result, "input_occupancy", "buffer occupancy", first, last)
    ports = result["spatial"]["ports_per_router"]
    routers = len(rows[0]) // ports if rows else 0
    return [sum(sum(row[r * ports:(r + 1) * ports]) for row in rows) / len(rows) for r in range(routers)]
