"""A bot offered a Rumino claim whose move comes only after the claim window has closed
(a worker busy past the window; in the tests, a window of 0) plays as the next player, the
offer lapsed, instead of answering an offer that is no longer open and never moving."""

from __future__ import annotations

import pytest

from games import services, state
from games.models import Deal, Match
from tests.conftest import make_player
from tournaments.management.commands.demo import _rumino_claim_deal

pytestmark = pytest.mark.django_db(transaction=True)


def _match_with_the_person_first(person):
    """A heads-up Rumino match against the heuristic bot whose first deal is the demo's
    claim deal with the person (seat 0) to play first: the 9 of hearts the person holds
    and discards after drawing completes the bot's rumino."""
    bot = services.bot_player("heuristic")
    for _ in range(64):
        match = services.match_create_casual(game="rumino", players=[person, bot])
        deal = Deal.objects.get(match=match, number=1)
        if (deal.dealer + 1) % 2 == 0:
            _rumino_claim_deal(match)
            state.forget_match_context(match.pk)
            return match
        Match.objects.filter(pk=match.pk).delete()
    raise AssertionError("no deal with the person first in 64 tries")


def test_a_bot_claimant_moved_after_the_window_plays_on_as_the_next_player(settings):
    settings.BOT_DELAY_SECONDS = 0
    settings.RUMINO_CLAIM_SECONDS = 0
    person = make_player("vera")
    match = _match_with_the_person_first(person)
    services.match_apply_action(match_id=match.pk, player_id=person.pk, action="draw",
                                seq=Match.objects.get(pk=match.pk).seq)  # fmt: skip
    seq = Match.objects.get(pk=match.pk).seq
    services.match_apply_action(match_id=match.pk, player_id=person.pk, action="discard 9H",
                                seq=seq)  # fmt: skip
    match.refresh_from_db()
    services.match_check_clock(match_id=match.pk)  # the window (0 s) has closed
    match.refresh_from_db()
    actions = [entry["action"] for entry in Deal.objects.get(match=match, number=1).actions]
    assert actions[:3] == ["draw", "discard 9H", "decline"], actions  # the offer lapsed
    assert len(actions) > 3 and actions[3] in ("draw", "take")  # and the bot played on
