"""The picture of ``rulekit analyze --plot`` (matplotlib, ``pip install rulekit[plot]``):
for each player count, four panels with the variants side by side and every figure's
95% interval: the mean return by seat, the skill gains, the game length in actions,
and the shares (decisions with one choice, the decided-at point, the followed seat
being the eventual one at 25, 50 and 75% of the game)."""
from __future__ import annotations

from ..lang.wording import players_text
from ..outputs import write_atomic
from .analyze import PAIRINGS


def draw(analysis, path: str) -> None:
    """Draw ``analysis`` (rulekit.simulation.analyze.Analysis) into ``path`` (.png or
    .svg), whole or not at all. Raises ImportError without matplotlib, OutputError
    (naming the path) if the file cannot be written."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = analysis.players
    fig, axes = plt.subplots(len(counts), 4, figsize=(17, 3.8 * len(counts)), squeeze=False)
    k = len(analysis.variants)
    width = 0.8 / k
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for row, n in enumerate(counts):
        ax_seat, ax_skill, ax_len, ax_share = axes[row]
        for i, (label, figs) in enumerate(zip(analysis.variants, analysis.figures)):
            f = figs[n]
            colour = colours[i % len(colours)]
            off = (i - (k - 1) / 2) * width
            seats = [f["fairness"]["seats"][s]["return"] for s in range(n)]
            _bars(ax_seat, [s + off for s in range(n)], seats, width, colour, label)
            gains = [f["skill"][name]["gain"] for name, _, _ in PAIRINGS]
            _bars(ax_skill, [j + off for j in range(len(gains))], gains, width, colour, label)
            _bars(ax_len, [off], [f["length"]["actions"]], width, colour, label)
            shares = [f["choice"]["one_choice"]]
            t = f["tension"]
            if t["available"]:
                shares += [t["decided_at"]] + [t["eventual_at"][c] for c in ("25", "50", "75")]
            _bars(ax_share, [j + off for j in range(len(shares))], shares, width, colour, label)
        ax_seat.set_title(f"{players_text(n)}: mean return by seat")
        ax_seat.set_xticks(range(n))
        ax_seat.set_xlabel("seat")
        ax_skill.set_title("skill: gain of one stronger seat")
        ax_skill.set_xticks(range(len(PAIRINGS)))
        ax_skill.set_xticklabels([f"{s.split(':')[0]} vs {w}" for _, s, w in PAIRINGS],
                                 fontsize="small")
        ax_len.set_title("length: actions a game")
        ax_len.set_xticks([])
        ax_share.set_title("choice and tension")
        ax_share.set_xticks(range(5))
        ax_share.set_xticklabels(["one choice", "decided at", "final 25%", "final 50%",
                                  "final 75%"], fontsize="small")
        ax_share.set_ylim(0, 1)
        for ax in (ax_seat, ax_skill):
            ax.axhline(0, color="grey", linewidth=0.8)
        for ax in (ax_seat, ax_skill, ax_len, ax_share):
            ax.legend(fontsize="small")
    fig.suptitle(f"rulekit analyze: {' vs '.join(analysis.variants)} ({analysis.games} "
                 f"games a measure, seed {analysis.seed}; 95% intervals)")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.5 / (3.8 * len(counts))))
    try:
        write_atomic(path, lambda fh: fig.savefig(fh, format=str(path).rsplit(".", 1)[-1]
                                                  .lower()))
    finally:
        plt.close(fig)


def _bars(ax, xs, figs, width, colour, label) -> None:
    """Bars of ``figs`` (figures with value, low, high) with their intervals."""
    vals = [f["value"] if not _nan(f["value"]) else 0.0 for f in figs]
    down = [max(0.0, v - f["low"]) if not _nan(f["low"]) else 0.0 for v, f in zip(vals, figs)]
    up = [max(0.0, f["high"] - v) if not _nan(f["high"]) else 0.0 for v, f in zip(vals, figs)]
    ax.bar(xs, vals, width=width, yerr=[down, up], capsize=3, color=colour, label=label)


def _nan(x) -> bool:
    return x is None or (isinstance(x, float) and x != x)
