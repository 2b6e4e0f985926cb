"""Rumino live: a whole match of several hands through the services, and the claim window.

The engine's rules are tested in tests/games/rules/test_rumino_*.py; this checks what the
live layer adds: a match is hands until one player is left under 100, each hand starting
from the state the last one left (the deal's ``carry``, passed on by the services); and
the claim window (games/claim_window.py): after every discard play pauses alike, the
offer reaches its claimant alone, the other seats' states and messages are the same
whether or not an offer is open, the next player's action is refused until the window
closes and then lapses the offers left unanswered, and a claim made in the window wins.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino": the offer is private), docs/games/rumino.md.
"""

from __future__ import annotations

import json
import random
import time
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games import bots, live, services
from games.errors import ClientError
from games.models import Deal, Match
from games.rules import get_game
from games.services import bot_queue
from games.state import current_state, engine_for
from tests.conftest import current_engine, play_random, seated, start_match
from tests.games.rules.test_rumino_play import BOB_HAND, CHARLIE_HAND, RUMINO_SIX, hand_of

GAME = get_game("rumino")
# The table of these tests: the dealer is charlie (seat 2), so alice (0) plays first and
# holds the king of diamonds; bob (1) plays next; charlie's hand decides whether the king
# completes a rumino.
ALICE, BOB, CHARLIE = 0, 1, 2
ALICE_HAND = CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH")
NO_RUMINO = "7D 8D 9D 10D JD 2S 2C"  # the king completes nothing
WINDOW = 4.0


@pytest.fixture(autouse=True)
def _claim_window(settings):
    settings.RUMINO_CLAIM_SECONDS = WINDOW
    settings.BOT_DELAY_SECONDS = 0


def _act(match, player, action):
    match.refresh_from_db()
    return services.match_apply_action(
        match_id=match.pk, player_id=player.pk, action=action, seq=match.seq
    )


def _table(players, charlie_hand=RUMINO_SIX, move_timeout=timedelta(minutes=1)):
    """A casual match of three (``players`` in seat order) with a move clock, dealt by
    charlie: alice holds the king of diamonds and draws 9H; the deck is set before any
    action, as a shuffle could give it (no bot moves before: none is queued while the
    match is made). Returns the match."""
    with mock.patch.object(bot_queue, "_BOT_QUEUE", []):
        match = services.match_create_casual(game="rumino", players=players)
    Match.objects.filter(pk=match.pk).update(move_timeout=move_timeout, first_dealer=CHARLIE)
    deck = hand_of([ALICE_HAND, BOB_HAND, charlie_hand], "KC", "9H", dealer=CHARLIE)
    Deal.objects.filter(match=match).update(dealer=CHARLIE, deck=deck.record()["deck"])
    match.refresh_from_db()
    return match


@pytest.fixture
def group_messages(monkeypatch):
    """Every message the services send to a channel-layer group, in order."""
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(live, "group_send", lambda group, message: sent.append((group, message)))
    return sent


def _public(state: dict) -> dict:
    """A seat's ``state`` message without what differs between two matches by their
    identity (id, deck commitment) or by the instant (the window's close, the deadline),
    whose rule the tests check apart."""
    summary = {
        key: value
        for key, value in state["match"].items()
        if key not in ("id", "commitment", "claims_close_at", "move_deadline", "deals")
    }
    summary["claims_seconds_left"] = round(summary["claims_seconds_left"] or 0)
    summary["move_seconds_left"] = round(summary["move_seconds_left"] or 0, -1)
    return {**state, "match": summary}


def _texts(message: dict) -> dict:
    return {seat: _public(json.loads(text)) for seat, text in message["texts"].items()}


@pytest.mark.django_db
def test_a_match_of_rumino_is_played_hand_after_hand_to_its_end(alice, bob, settings):
    settings.RUMINO_CLAIM_SECONDS = 0  # no pause: the test plays as fast as it can
    match = start_match(alice, bob, game="rumino")
    players = seated(match)
    rng = random.Random(5)
    actions = 0
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break
        engine = current_engine(match)
        if engine.phase == "claim":
            # The window closed at once: an answer comes too late, and the next player's
            # action lets the offer lapse.
            with pytest.raises(ClientError) as refused:
                _act(match, players[engine.to_act], "claim")
            assert refused.value.code == "claims_closed"
            seat = GAME.seat_on_move(engine)
            action = rng.choice(engine.draw_actions(seat))
        else:
            seat = engine.to_act
            action = bots.choose_action(bots.bot_input(engine, seat), rng, "heuristic")
        _act(match, players[seat], action)
        actions += 1
        assert actions < 6000, "the match did not end"

    assert match.status == Match.Status.FINISHED and match.reason == "played"
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    results = [engine_for(match, deal).result() for deal in deals]
    assert len(deals) >= 2  # a player reaches 100 over several hands (or a rumino ends it)
    # Each hand starts from the state the one before left.
    assert deals[0].carry is None
    for before, deal in zip(results, deals[1:], strict=False):
        assert deal.carry["scores"] == before["scores"]
        assert deal.carry["out"] == before["out"]
    final = results[-1]
    assert match.winner_seat == GAME.match_winner(results, match.options) == final["winner"]
    loser = 1 - match.winner_seat
    if final["ended_by"] != "rumino":
        assert final["scores"][loser] >= 100
        assert final["scores"][match.winner_seat] < 100 or (
            final["scores"][match.winner_seat] <= final["scores"][loser]
        )


@pytest.mark.django_db
def test_other_seats_see_the_same_states_and_messages_with_an_offer_open_as_without(
    alice, bob, charlie, group_messages, django_capture_on_commit_callbacks
):
    players = [alice, bob, charlie]
    offered, plain = _table(players), _table(players, charlie_hand=NO_RUMINO)
    for match in (offered, plain):
        _act(match, alice, "draw")
    group_messages.clear()
    for match in (offered, plain):
        with django_capture_on_commit_callbacks(execute=True):
            _act(match, alice, "discard KD")
        match.refresh_from_db()
    assert current_engine(offered).phase == "claim" and current_engine(plain).phase == "draw"

    # One state message each, the same for every seat but the claimant's.
    (group_a, sent_a), (group_b, sent_b) = group_messages
    assert (group_a, group_b) == (offered.group_name, plain.group_name)
    assert sent_a["type"] == sent_b["type"] == "match.state" and sent_a["seq"] == sent_b["seq"]
    texts_a, texts_b = _texts(sent_a), _texts(sent_b)
    for seat in ("0", "1", "spectator"):
        assert texts_a[seat] == texts_b[seat]
    assert texts_a["2"]["view"]["claim_offer"]["card"] == "KD"
    assert texts_b["2"]["view"]["claim_offer"] is None
    # Bob is shown his draw actions, waiting for the window, in both.
    for texts in (texts_a, texts_b):
        view, summary = texts["1"]["view"], texts["1"]["match"]
        assert (view["to_act"], view["legal_actions"]) == (BOB, ["draw", "take"])
        assert summary["claims_seconds_left"] == WINDOW
    # The same rule for the instants: the window closes RUMINO_CLAIM_SECONDS after the
    # discard, and the next player's move clock starts then.
    for match in (offered, plain):
        # (two readings of the server's clock while the move is stored, a moment apart)
        gap = match.move_deadline - match.claims_close_at - match.move_timeout
        assert abs(gap.total_seconds()) < 1
        state = current_state(match.pk, BOB)
        assert state["match"]["claims_close_at"] == match.claims_close_at.isoformat()
    for seat in (ALICE, BOB, None):
        assert _public(current_state(offered.pk, seat)) == _public(current_state(plain.pk, seat))


@pytest.mark.django_db
@pytest.mark.parametrize("charlie_hand", [RUMINO_SIX, NO_RUMINO], ids=["offer", "no-offer"])
def test_every_action_but_a_claimants_answer_is_refused_while_the_window_is_open(
    alice, bob, charlie, charlie_hand
):
    match = _table([alice, bob, charlie], charlie_hand)
    _act(match, alice, "draw")
    _act(match, alice, "discard KD")
    match.refresh_from_db()
    seq, actions = match.seq, list(Deal.objects.get(match=match).actions)
    for player, action in ((bob, "draw"), (bob, "take"), (alice, "draw"), (charlie, "draw")):
        with pytest.raises(ClientError) as refused:
            _act(match, player, action)
        # The same refusal whoever sends it, with an offer open or not.
        assert refused.value.code == "claims_open"
        assert "claim window" in refused.value.message
    match.refresh_from_db()
    assert match.seq == seq and Deal.objects.get(match=match).actions == actions


@pytest.mark.django_db
def test_after_the_window_the_next_players_action_lapses_the_offer_first(alice, bob, charlie):
    match = _table([alice, bob, charlie])
    _act(match, alice, "draw")
    _act(match, alice, "discard KD")
    match.refresh_from_db()
    seq = match.seq
    Match.objects.filter(pk=match.pk).update(claims_close_at=timezone.now())  # it closed

    _act(match, bob, "take")

    match.refresh_from_db()
    deal = Deal.objects.get(match=match)
    assert deal.actions[-3:] == [
        {"seat": ALICE, "action": "discard KD"},
        {"seat": CHARLIE, "action": "decline"},  # lapsed, in the log so replay is exact
        {"seat": BOB, "action": "take"},
    ]
    assert match.seq == seq + 1 and match.claims_close_at is None
    engine = engine_for(match, deal)
    assert (engine.phase, engine.to_act) == ("discard", BOB)
    assert GAME.replay(deal.record()).view(BOB) == engine.view(BOB)


@pytest.mark.django_db
def test_random_play_goes_on_past_an_offer_whose_window_has_closed(alice, bob, charlie):
    # tests/conftest.py's play_random plays every game's matches to their end with no
    # claim window: an offer then lapses, and the next player (not the claimant) acts.
    match = _table([alice, bob, charlie])
    _act(match, alice, "draw")
    _act(match, alice, "discard KD")
    match.refresh_from_db()
    seq = match.seq
    assert current_engine(match).open_claims == [CHARLIE]
    Match.objects.filter(pk=match.pk).update(claims_close_at=timezone.now())  # it closed

    applied = play_random(match, rng=random.Random(1), until=lambda m: m.seq > seq)

    deal = Deal.objects.get(match=match)
    assert applied == 1
    assert deal.actions[-2]["seat"] == CHARLIE and deal.actions[-2]["action"] == "decline"
    assert deal.actions[-1]["seat"] == BOB and deal.actions[-1]["action"] in ("draw", "take")


@pytest.mark.django_db
def test_a_claim_sent_after_the_window_is_refused_and_changes_nothing(alice, bob, charlie):
    match = _table([alice, bob, charlie])
    _act(match, alice, "draw")
    _act(match, alice, "discard KD")
    Match.objects.filter(pk=match.pk).update(claims_close_at=timezone.now())
    match.refresh_from_db()
    seq, actions = match.seq, list(Deal.objects.get(match=match).actions)

    for answer in ("claim", "decline"):
        with pytest.raises(ClientError) as refused:
            _act(match, charlie, answer)
        assert refused.value.code == "claims_closed"

    match.refresh_from_db()
    assert match.seq == seq and match.status == Match.Status.IN_PROGRESS
    assert Deal.objects.get(match=match).actions == actions


@pytest.mark.django_db
def test_a_claim_in_the_window_is_offered_to_the_claimant_alone_and_wins_the_match(
    alice, bob, charlie
):
    match = _table([alice, bob, charlie])
    _act(match, alice, "draw")
    _act(match, alice, "discard KD")

    offers = {seat: current_state(match.pk, seat)["view"] for seat in (0, 1, 2, None)}
    assert offers[CHARLIE]["claim_offer"]["card"] == "KD"
    assert offers[CHARLIE]["legal_actions"] == ["claim", "decline"]
    for seat in (ALICE, BOB, None):
        assert offers[seat]["claim_offer"] is None and offers[seat]["to_act"] == BOB

    _act(match, charlie, "claim")

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_seat == CHARLIE
    assert engine_for(match, Deal.objects.get(match=match)).result()["rumino"] == [
        "7D", "8D", "9D", "10D", "JD", "QD", "KD",
    ]  # fmt: skip


@pytest.mark.django_db
def test_a_decline_in_the_window_is_private_and_does_not_end_the_window(
    alice, bob, charlie, group_messages, django_capture_on_commit_callbacks
):
    match = _table([alice, bob, charlie])
    _act(match, alice, "draw")
    _act(match, alice, "discard KD")
    match.refresh_from_db()
    seq = match.seq
    before = {seat: current_state(match.pk, seat) for seat in (ALICE, BOB, None)}
    group_messages.clear()

    with django_capture_on_commit_callbacks(execute=True):
        assert _act(match, charlie, "decline") == seq

    # Stored, but no new seq and no state for the table: only charlie's sockets are told.
    match.refresh_from_db()
    assert match.seq == seq
    assert Deal.objects.get(match=match).actions[-1] == {"seat": CHARLIE, "action": "decline"}
    assert group_messages == [(match.group_name, {"type": "match.resend", "seats": [CHARLIE]})]
    for seat, state in before.items():
        now = current_state(match.pk, seat)
        assert now["view"] == state["view"] and now["seq"] == state["seq"]
    assert current_state(match.pk, CHARLIE)["view"]["claim_offer"] is None
    # The window goes on for Bob as if nothing happened.
    with pytest.raises(ClientError) as refused:
        _act(match, bob, "draw")
    assert refused.value.code == "claims_open"
    Match.objects.filter(pk=match.pk).update(claims_close_at=timezone.now())
    _act(match, bob, "draw")
    deal = Deal.objects.get(match=match)
    assert [entry["action"] for entry in deal.actions[-3:]] == ["discard KD", "decline", "draw"]


@pytest.mark.django_db
def test_an_offer_left_unanswered_lapses_and_the_next_player_is_gone_on_its_clock(
    alice, bob, charlie
):
    match = _table([alice, bob, charlie])
    _act(match, alice, "draw")
    _act(match, alice, "discard KD")
    match.refresh_from_db()
    assert current_engine(match).to_act == CHARLIE
    later = match.move_deadline + timedelta(seconds=1)

    # A table of three goes on without the next player, who let its clock run out: the
    # computer plays its seat (README, the move clock), the match is not forfeited.
    assert services.match_forfeit_if_idle(match_id=match.pk, now=later) is False

    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert match.seats.get(number=BOB).gone_at is not None
    deal = Deal.objects.get(match=match)
    assert deal.actions[-1] == {"seat": CHARLIE, "action": "decline"}
    assert engine_for(match, deal).to_act == BOB


@pytest.mark.django_db
def test_an_offer_made_before_the_window_existed_is_declined_on_the_clock(alice, bob, charlie):
    """A match whose offer was open when the window came in (no ``claims_close_at``): the
    claimant acts as before, and its lapsed clock plays ``decline`` (Rumino.timeout_action)."""
    match = _table([alice, bob, charlie])
    _act(match, alice, "draw")
    _act(match, alice, "discard KD")
    Match.objects.filter(pk=match.pk).update(claims_close_at=None)
    match.refresh_from_db()
    seq = match.seq

    assert services.match_forfeit_if_idle(
        match_id=match.pk, now=match.move_deadline + timedelta(seconds=1)
    ) is False  # fmt: skip

    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS and match.seq == seq + 1
    assert Deal.objects.get(match=match).actions[-1] == {"seat": CHARLIE, "action": "decline"}


@pytest.mark.django_db(transaction=True)
def test_a_bot_next_to_draw_waits_for_the_window_and_a_bot_claimant_claims_at_once(settings):
    from tests.conftest import make_player

    human = make_player("ann")
    first, second = services.bot_player("heuristic", 1), services.bot_player("heuristic", 2)
    # Ann (seat 0) discards the king: the bot in seat 1 draws next, the one in seat 2 may
    # claim (the window is open: claims are answered at once, draws wait).
    match = _table([human, first, second])
    _act(match, human, "draw")
    _act(match, human, "discard KD")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_seat == CHARLIE

    # Without an offer, at a table of two people, the bot next to draw waits until the
    # window has closed; where tasks run eagerly, the page's ping at the close
    # (match_check_clock) has it play.
    match = _table([human, first, make_player("cate")], charlie_hand=NO_RUMINO)
    _act(match, human, "draw")
    _act(match, human, "discard KD")
    match.refresh_from_db()
    seq = match.seq
    services.match_check_clock(match_id=match.pk)
    match.refresh_from_db()
    assert match.seq == seq and current_engine(match).to_act == BOB  # still waiting
    Match.objects.filter(pk=match.pk).update(claims_close_at=timezone.now())
    services.match_check_clock(match_id=match.pk)
    match.refresh_from_db()
    assert match.seq > seq
    actions = Deal.objects.get(match=match).actions
    assert actions[actions.index({"seat": ALICE, "action": "discard KD"}) + 1]["seat"] == BOB


@pytest.mark.django_db
def test_with_a_worker_the_bot_next_to_draw_is_queued_for_the_windows_close(
    alice, charlie, monkeypatch, django_capture_on_commit_callbacks
):
    """With a Celery worker a countdown waits: the bot's move is queued to run once the
    window has closed, and a move that runs early queues itself again for the rest."""
    queued = []
    monkeypatch.setattr(bot_queue, "_BOT_QUEUE", [lambda *args: queued.append(args)])
    monkeypatch.setattr(bot_queue, "_tasks_run_eagerly", lambda: False)
    first = services.bot_player("heuristic", 1)
    match = _table([alice, first, charlie], charlie_hand=NO_RUMINO)
    _act(match, alice, "draw")
    with django_capture_on_commit_callbacks(execute=True):
        _act(match, alice, "discard KD")
    match.refresh_from_db()
    [(match_id, seq, delay, not_before)] = queued
    assert (match_id, seq) == (match.pk, match.seq)
    assert WINDOW - 1 < delay <= WINDOW  # the rest of the window (BOT_DELAY_SECONDS is 0)
    assert not_before == pytest.approx(time.time() + delay, abs=1)  # stored once it closes

    queued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.bot_play(match_id=match.pk, seq=match.seq) is False  # too early
    [(_, again, rest, _)] = queued
    assert again == match.seq and 0 < rest <= delay
    match.refresh_from_db()
    assert current_engine(match).to_act == BOB and match.seq == seq  # nothing played

    Match.objects.filter(pk=match.pk).update(claims_close_at=timezone.now())
    assert services.bot_play(match_id=match.pk, seq=match.seq) is True
    match.refresh_from_db()
    assert match.seq == seq + 1 and Deal.objects.get(match=match).actions[-1]["seat"] == BOB


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("people", "charlie_hand", "opens"),
    [
        (("alice", "charlie"), NO_RUMINO, True),  # two people: after every discard alike
        (("alice",), NO_RUMINO, False),  # one person and bots, no offer: no pause
        (("alice",), RUMINO_SIX, True),  # one person and bots, a bot offered the card
        (("charlie",), RUMINO_SIX, True),  # one person and bots, the person offered it
        (("charlie",), NO_RUMINO, False),
        ((), NO_RUMINO, False),  # bots alone
    ],
)
def test_the_window_opens_where_someone_may_need_it(alice, charlie, people, charlie_hand, opens):
    """At a table of two people or more the window opens after every discard; at a table
    of one person and bots (or of bots alone) only when an offer is open, so that a game
    against the computer does not pause after every discard (games/claim_window.py, 4)."""
    person = {"alice": alice, "charlie": charlie}
    players = [
        person[name] if name in people else services.bot_player("heuristic", seat + 1)
        for seat, name in enumerate(("alice", "bob", "charlie"))
    ]
    match = _table(players, charlie_hand=charlie_hand)
    _act(match, players[ALICE], "draw")
    _act(match, players[ALICE], "discard KD")
    match.refresh_from_db()

    assert (match.claims_close_at is not None) is opens
    engine = current_engine(match)
    if not opens:
        assert engine.to_act == BOB and "draw" in engine.legal_actions()  # no wait
        _act(match, players[BOB], "draw")  # refused with claims_open under a window
        match.refresh_from_db()
        assert Deal.objects.get(match=match).actions[-1] == {"seat": BOB, "action": "draw"}
