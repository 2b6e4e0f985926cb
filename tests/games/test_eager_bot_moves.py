"""Where Celery tasks run eagerly (the embedded default that ``bin/serve`` runs, and the
tests), a bot's move is played at once, inside the commit of the move before it. A table
of bots plays hundreds of moves in a row (a banking game's hands once the one person at it
has no chips left); they must be played one after another, not each inside the last, or
the chain exceeds Python's recursion limit and the table stops with a RecursionError
(games/services.py ``_queue_bot_move``)."""

from __future__ import annotations

import sys

import pytest

from games import services
from games.models import Deal, Match


@pytest.mark.django_db(transaction=True)
def test_a_table_of_bots_plays_a_long_match_move_after_move(settings):
    settings.BOT_DELAY_SECONDS = 0
    bots = [services.bot_player("random", number) for number in (1, 2)]
    # Briscola deals of 40 moves each, every one a bot's: each move nested in the last took
    # some twenty frames of the services, Django's commit and Celery's eager trace, so the
    # recursion limit (1 000 frames) stopped the table within its first two deals.
    match = services.match_create_casual(game="briscola", players=bots)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    moves = sum(len(deal.actions) for deal in Deal.objects.filter(match=match))
    assert moves >= 80 and moves * 20 > sys.getrecursionlimit()
