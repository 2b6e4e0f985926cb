"""Rating charts drawn by the server as SVG: one small line chart per game on a profile,
the rating after each rated match in order (nothing loaded from the internet).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT, PAD = 320, 110, 24


def rating_chart(ratings: Sequence[float], label: str) -> SafeString:
    """An SVG line chart of ``ratings`` (oldest first: the rating before the first match,
    then after each); ``label`` names it for screen readers. Empty for fewer than two
    points.

    >>> "polyline" in rating_chart([1500, 1520, 1510], "Scopa")
    True
    """
    if len(ratings) < 2:
        return mark_safe("")  # noqa: S308 - a constant
    low, high = min(ratings), max(ratings)
    span = max(high - low, 1.0)
    step = (WIDTH - 2 * PAD) / (len(ratings) - 1)

    def y(value: float) -> float:
        return PAD / 2 + (HEIGHT - PAD) * (1 - (value - low) / span)

    points = " ".join(f"{PAD + i * step:.1f},{y(v):.1f}" for i, v in enumerate(ratings))
    last_x, last_y = PAD + (len(ratings) - 1) * step, y(ratings[-1])
    svg = (
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" data-testid="rating-chart" data-points="{len(ratings)}">'
        f'<line x1="{PAD}" y1="{HEIGHT - PAD / 2}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD / 2}" '
        'class="axis"/>'
        f'<polyline points="{points}" fill="none" class="line"/>'
        f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3" class="dot"/>'
        f'<text x="2" y="{y(high) + 4:.1f}" class="tick">{round(high)}</text>'
        f'<text x="2" y="{y(low) + 4:.1f}" class="tick">{round(low)}</text>'
        "</svg>"
    )
    return mark_safe(svg)  # noqa: S308 - numbers and an escaped label
