"""The measures every report reads from a result, each with its unit in its name, and one convention
for a value that does not exist: NaN (a run that did not complete, a latency where no packet was
measured or, for latency below saturation, past it). A report's own measures build on these."""
import math


def missing(value):
    """Whether a measure has no value (NaN)."""
    return isinstance(value, float) and math.isnan(value)


def completed(result):
    return result["status"]["state"] == "completed"


def accepted_fraction(result):
    """Accepted throughput as a fraction of the uniform capacity; NaN if the run did not complete."""
    return result["throughput"]["accepted_normalised"] if completed(result) else math.nan


def accepted_flits(result):
    """Accepted throughput in flits/node/cycle; NaN if the run did not complete."""
    return result["throughput"]["accepted_flits_per_node_cycle"] if completed(result) else math.nan


def mean_latency(result):
    """Mean latency in cycles; NaN if no packet was measured or the run did not complete."""
    mean = result["latency"]["mean"]
    return mean if completed(result) and mean is not None else math.nan


def mean_latency_below_saturation(result, carried=0.97):
    """Mean latency in cycles below saturation; NaN past it (accepted below `carried` of offered: the
    source queues grow for the whole run, so the mean only says how long the run was)."""
    if not completed(result) or accepted_fraction(result) < carried * result["load"]["offered_normalised"]:
        return math.nan
    return mean_latency(result)


def throttled_share(result):
    """The share of node-cycles a controller held new packets back, over the run's window."""
    cycles = result["per_node"].get("throttled_cycles") or [0]
    return sum(cycles) / len(cycles) / max(1, result["window"]["cycles"])
