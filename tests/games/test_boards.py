"""Duplicate boards, a set number of deals and the round clock in the games layer
(games/boards.py, games.services): every table of a set deals the same cards, a board
stays hidden until every table has finished it, and a match ends after its deals."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.boards import board_finished_everywhere, boards_make, deal_hidden, spectating_closed
from games.models import Deal, Match, Seat
from games.rules import fairness, get_game
from tests.conftest import make_player

pytestmark = pytest.mark.django_db


def _match(players, **fields) -> Match:
    match = Match.objects.create(game="briscola", options={}, **fields)
    for number, player in enumerate(players):
        Seat.objects.create(match=match, number=number, player=player)
    services.match_start(match_id=match.pk)
    match.refresh_from_db()
    return match


def _play_deal(match: Match) -> None:
    """Play the match's current deal to its end with each seat's first legal action."""
    from games.state import engine_for

    deal = match.deals.order_by("-number").first()
    number = deal.number
    while True:
        match.refresh_from_db()
        deal = match.deals.get(number=number)
        if deal.result is not None:
            return
        engine = engine_for(match, deal)
        seat = engine.to_act
        player = match.seats.get(number=seat).player
        services.match_apply_action(
            match_id=match.pk, player_id=player.pk, action=engine.legal_actions()[0],
            seq=match.seq,
        )  # fmt: skip


@pytest.fixture
def two_tables(db):
    names = ["ann", "ben", "cal", "dan"]
    players = [make_player(name) for name in names]
    boards = boards_make(game="briscola", seat_count=2, options={}, count=2)
    first = _match(players[:2], board_set="r1", boards=boards)
    second = _match(players[2:], board_set="r1", boards=boards)
    return first, second


def test_every_table_of_a_set_deals_the_same_cards_under_one_commitment(two_tables):
    first, second = two_tables
    a, b = (m.deals.get(number=1) for m in (first, second))
    assert a.deck == b.deck and a.dealer == b.dealer
    assert a.commitment == b.commitment == fairness.commitment(a.deck, a.salt)


def test_a_board_stays_hidden_until_every_table_has_finished_it(two_tables):
    first, second = two_tables
    _play_deal(first)
    done = first.deals.get(number=1)
    assert done.result is not None
    assert deal_hidden(done) and not board_finished_everywhere("r1", 1)
    assert spectating_closed(first)
    _play_deal(second)
    assert not deal_hidden(Deal.objects.get(pk=done.pk))
    assert board_finished_everywhere("r1", 1) and not board_finished_everywhere("r1", 2)


def test_a_match_of_boards_ends_after_its_last_board_by_the_totals(two_tables):
    first, _ = two_tables
    _play_deal(first)
    _play_deal(first)
    first.refresh_from_db()
    assert first.status == Match.Status.FINISHED and first.deals.count() == 2
    totals = first.scores
    expected = [1 + sum(o > t for o in totals) for t in totals]
    assert first.places == expected
    assert first.winner_seat == (None if totals[0] == totals[1] else expected.index(1))


def test_the_round_clock_starts_no_deal_after_its_time(db):
    players = [make_player("ann"), make_player("ben")]
    match = _match(players, ends_at=timezone.now() - timedelta(seconds=1))
    _play_deal(match)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.deals.count() == 1


def test_a_set_number_of_deals_ends_the_match_before_the_game_s_own_rule(db):
    players = [make_player("ann"), make_player("ben")]
    match = _match(players, deal_limit=1)
    _play_deal(match)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.deals.count() == 1
    assert get_game("briscola").match_winner([match.deals.get().result], {}) is None


def test_boards_refuse_a_seat_count_the_game_does_not_allow():
    with pytest.raises(ValueError, match="not played by 5"):
        boards_make(game="briscola", seat_count=5, options={}, count=1)


def test_a_hidden_board_s_record_and_replay_answer_404_until_every_table_is_done(
    two_tables, client
):
    first, second = two_tables
    _play_deal(first)
    client.force_login(first.seats.get(number=0).player)
    for name in ("games:deal_record", "games:deal_replay"):
        url = reverse(name, args=[first.pk, 1])
        assert client.get(url).status_code == 404
    _play_deal(second)
    for name in ("games:deal_record", "games:deal_replay"):
        assert client.get(reverse(name, args=[first.pk, 1])).status_code == 200


def test_the_state_gives_the_round_clock_and_the_deals_of_the_round(db):
    from games.state import round_seconds_left

    players = [make_player("ann"), make_player("ben")]
    match = _match(players, ends_at=timezone.now() + timedelta(minutes=25), deal_limit=2)
    assert 24 * 60 < round_seconds_left(match) <= 25 * 60
    assert round_seconds_left(_match([make_player("cid"), make_player("dee")])) is None
