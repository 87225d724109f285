"""Pictures of simulations (matplotlib, ``pip install rulekit[plot]``): for each player
count, the histogram of game lengths and each seat's win and loss rates with their 95%
intervals; several results (a comparison) are drawn side by side in one picture."""
from __future__ import annotations

from ..lang.wording import players_text
from ..outputs import write_atomic


def draw(results: list, path: str) -> None:
    """Draw ``results`` (SimulationResult objects; two or more: a comparison) into
    ``path`` (.png or .svg), whole or not at all (rulekit.outputs.write_atomic; whether
    ``path`` may be written is the caller's to check). Raises ImportError without
    matplotlib, OutputError (naming the path) if the file cannot be written."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = sorted({n for r in results for n in r.figures})
    fig, axes = plt.subplots(len(counts), 2, figsize=(11, 3.6 * len(counts)), squeeze=False)
    width = 0.8 / len(results)
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for row, n in enumerate(counts):
        hist_ax, seat_ax = axes[row]
        for i, r in enumerate(results):
            f = r.figures.get(n)
            if f is None:
                continue
            label = r.label or r.ruleset
            h = f["length"]["histogram"]
            colour = colours[i % len(colours)]            # one colour per variant
            if h["counts"]:
                hist_ax.stairs(h["counts"], h["edges"], label=label, fill=len(results) == 1,
                               alpha=0.6 if len(results) == 1 else 1.0, color=colour)
            seats = f["seats"]
            xs = [s["index"] + (i - (len(results) - 1) / 2) * width for s in seats]
            loss = [s["loss"]["rate"] for s in seats]
            err = _errors(seats, "loss")
            seat_ax.bar(xs, loss, width=width, yerr=err, capsize=3, color=colour,
                        label=f"{label}: losses" if len(results) > 1 else "losses")
            if len(results) == 1:
                win = [s["win"]["rate"] for s in seats]
                werr = _errors(seats, "win")
                seat_ax.errorbar([s["index"] for s in seats], win, yerr=werr, fmt="o",
                                 color="black", capsize=3, label="wins")
        hist_ax.set_title(f"{players_text(n)}: game length")
        hist_ax.set_xlabel("actions per game")
        hist_ax.set_ylabel("games")
        seat_ax.set_title(f"{players_text(n)}: outcome by seat (95% intervals)")
        seat_ax.set_xlabel("seat")
        seat_ax.set_ylabel("share of finished games")
        seat_ax.set_xticks(range(n))
        seat_ax.set_ylim(0, 1)
        for ax in (hist_ax, seat_ax):
            ax.legend(fontsize="small")
    title = " vs ".join(r.label or r.ruleset for r in results)
    fig.suptitle(f"{results[0].title}: {title} ({results[0].games} games, seed "
                 f"{results[0].seed})")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.5 / (3.6 * len(counts))))   # room for the title
    try:
        write_atomic(path, lambda f: fig.savefig(f, format=str(path).rsplit(".", 1)[-1]
                                                 .lower()))
    finally:
        plt.close(fig)


def _errors(seats: list, what: str) -> list:
    """The error bars of ``what`` (win, loss): distances down and up to the interval's
    ends (never negative: rounding can put an end a hair beyond the rate)."""
    return [[max(0.0, s[what]["rate"] - s[what]["low"]) for s in seats],
            [max(0.0, s[what]["high"] - s[what]["rate"]) for s in seats]]
