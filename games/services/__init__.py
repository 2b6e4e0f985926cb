"""Services that change matches and deals, one module a concern:

- ``moves``: start a match, apply an action (the kept move and the locked way), go from
  one deal to the next;
- ``storage``: the statements that store a move, a deal's end, the next deal;
- ``clocks``: the move and match clocks, the grace, forfeits and gone seats;
- ``endings``: resignation, walkover, places;
- ``round_clock``: a deal stopped and scored as it stands when an event's round clock ends;
- ``bot_queue``: when and where a bot's move runs; ``bot_moves``: the bots' accounts and
  their moves;
- ``casual``: casual matches, against the computer, rematches;
- ``schedule``: a player's matches;
- ``common``: what they share (the locked match row, a player's seat, the broadcast).

Callers use this package (``from games import services``; ``services.match_start(...)``),
which names every public service. A test that patches a name patches it in the module
that looks it up (e.g. ``games.services.moves.engine_for``).
"""

from games.services.bot_moves import bot_play, bot_player
from games.services.bot_queue import match_resume_bots, register_bot_queue, wait_for_bot_moves
from games.services.casual import (
    match_against_computer,
    match_create_casual,
    match_request_rematch,
)
from games.services.clocks import (
    clock_due,
    match_check_clock,
    match_forfeit_if_idle,
    matches_extend_grace,
    matches_forfeit_idle,
    seat_arrived,
)
from games.services.endings import match_resign, match_walkover
from games.services.moves import (
    match_apply_action,
    match_apply_kept,
    match_apply_kept_async,
    match_start,
)
from games.services.round_clock import match_stop_at_time, matches_stop_at_time
from games.services.schedule import player_matches

__all__ = [
    "clock_due",
    "bot_play",
    "bot_player",
    "match_against_computer",
    "match_apply_action",
    "match_apply_kept",
    "match_apply_kept_async",
    "match_check_clock",
    "match_create_casual",
    "match_forfeit_if_idle",
    "match_request_rematch",
    "match_resign",
    "match_resume_bots",
    "match_start",
    "match_stop_at_time",
    "match_walkover",
    "matches_extend_grace",
    "matches_forfeit_idle",
    "matches_stop_at_time",
    "player_matches",
    "register_bot_queue",
    "seat_arrived",
    "wait_for_bot_moves",
]
