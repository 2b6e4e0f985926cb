"""Divisions of a league season, pure: the first season's from the members' seeds, the
next season's from the standings by promotion and relegation (docs/leagues.md).

No Django: players are any hashable ids, divisions are lists best first, level 1 (the
top) at index 0. The rule is the club and football league one (heltour's Lichess4545
leagues, English football's pyramid): the top ``promote`` of each division but the top
one go up a level, the bottom ``relegate`` of each but the lowest go down one, and the
rest stay.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

PlayerId = Hashable


def split_into_divisions(seeded: Sequence[PlayerId], size: int) -> list[list[PlayerId]]:
    """Cut ``seeded`` (best first) into divisions of ``size``, top first; a last division
    of one player joins the one above it (a division needs two).

    >>> split_into_divisions("abcdefg", 3)
    [['a', 'b', 'c'], ['d', 'e', 'f', 'g']]
    >>> split_into_divisions("abcde", 3)
    [['a', 'b', 'c'], ['d', 'e']]

    Raises:
        ValueError: ``size`` under two, or fewer than two players.
    """
    if size < 2:
        raise ValueError("a division needs at least two players")
    players = list(seeded)
    if len(players) < 2:
        raise ValueError("a league season needs at least two players")
    divisions = [players[i : i + size] for i in range(0, len(players), size)]
    if len(divisions) > 1 and len(divisions[-1]) < 2:
        divisions[-2].extend(divisions.pop())
    return divisions


def next_divisions(
    ranked: Sequence[Sequence[PlayerId]],
    *,
    promote: int,
    relegate: int,
    size: int,
    newcomers: Sequence[PlayerId] = (),
    leaving: frozenset = frozenset(),
) -> list[list[PlayerId]]:
    """The next season's divisions from this season's final standings.

    Args:
        ranked: each division's players in standings order (best first), top division
            first.
        promote, relegate: how many of each division go up and go down.
        size: the divisions' size; the lowest division may be split when newcomers make it
            larger than ``size``.
        newcomers: players new to the league, placed in the lowest division in this order.
        leaving: players who left the league; they are taken out before anyone moves.

    Steps:
      1. take the leaving players out of every division;
      2. in each division, the top ``promote`` (none from the top division) move up a
         level and the bottom ``relegate`` (none from the lowest division) move down one;
         fewer move when a division has too few players to give both;
      3. each new division holds those who stayed, in their order, then those promoted
         into it (in their order), and those relegated into it go first: a relegated
         player ranked above a promoted one is listed before them;
      4. newcomers join the lowest division; if it then holds more than ``size``, the
         players past ``size`` form new divisions below it (``split_into_divisions``);
      5. empty divisions are dropped and a division of one joins the one above.

    >>> next_divisions([["a", "b", "c"], ["d", "e", "f"]], promote=1, relegate=1, size=3)
    [['a', 'b', 'd'], ['c', 'e', 'f']]

    Raises:
        ValueError: a negative count, ``size`` under two, or a player in two divisions.
    """
    if promote < 0 or relegate < 0:
        raise ValueError("promotion and relegation counts are not negative")
    if size < 2:
        raise ValueError("a division needs at least two players")
    seen: set = set()
    for division in ranked:
        for player in division:
            if player in seen:
                raise ValueError(f"{player!r} is in two divisions")
            seen.add(player)
    kept = [[p for p in division if p not in leaving] for division in ranked]
    count = len(kept)
    stay: list[list[PlayerId]] = [[] for _ in range(count)]
    up: list[list[PlayerId]] = [[] for _ in range(count)]
    down: list[list[PlayerId]] = [[] for _ in range(count)]
    for level, players in enumerate(kept):
        n = len(players)
        going_up = min(promote, n) if level > 0 else 0
        going_down = min(relegate, n - going_up) if level < count - 1 else 0
        for position, player in enumerate(players):
            if position < going_up:
                up[level - 1].append(player)
            elif position >= n - going_down:
                down[level + 1].append(player)
            else:
                stay[level].append(player)
    divisions = [down[level] + stay[level] + up[level] for level in range(count)]
    divisions = [division for division in divisions if division]
    fresh = [p for p in newcomers if p not in seen and p not in leaving]
    if not divisions:
        return split_into_divisions(fresh, size) if len(fresh) >= 2 else []
    lowest = divisions.pop() + fresh
    if len(lowest) > size:
        divisions.append(lowest[:size])
        rest = lowest[size:]
        if len(rest) >= 2:
            divisions.extend(split_into_divisions(rest, size))
        else:
            divisions[-1].extend(rest)
    else:
        divisions.append(lowest)
    for level in range(len(divisions) - 1, 0, -1):
        if len(divisions[level]) < 2:
            divisions[level - 1].extend(divisions.pop(level))
    return divisions


def standing_zones(
    count: int, *, level: int, levels: int, promote: int, relegate: int
) -> list[str]:
    """Each standings place of a division of ``count`` players, best first: "up" (promoted
    at the season's end), "down" (relegated) or "" (stays), by the rule of
    ``next_divisions`` step 2 (no promotion from the top division, ``level`` 1, nor
    relegation from the lowest, ``level == levels``; fewer go down when a division is too
    small to give both).

    >>> standing_zones(4, level=2, levels=3, promote=1, relegate=1)
    ['up', '', '', 'down']
    >>> standing_zones(3, level=1, levels=1, promote=1, relegate=1)
    ['', '', '']

    Raises:
        ValueError: a negative count, or ``level`` not in ``1..levels``.
    """
    if count < 0 or promote < 0 or relegate < 0:
        raise ValueError("counts are not negative")
    if not 1 <= level <= levels:
        raise ValueError("level is between 1 and the number of divisions")
    up = min(promote, count) if level > 1 else 0
    down = min(relegate, count - up) if level < levels else 0
    return [
        "up" if place < up else "down" if place >= count - down else "" for place in range(count)
    ]
