"""The round clock of an event in phases when it runs out (docs/tournaments.md, "The round
clock"): with "scored as it stands" the deal in progress is stopped, scored with what each
side has won so far, and the match ends with it, through the services as a finished deal
does (standings included); with "played out" the deal in progress goes on to its end and
no deal follows. A game that cannot score a deal part way is refused the option.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from games import services as game_services
from games.errors import ClientError
from games.models import Match
from tests.conftest import current_engine, make_player, seated
from tournaments import services
from tournaments.models import Entry, Phase, Standing, Tournament
from tournaments.phases import PhaseError, phases_check

pytestmark = pytest.mark.django_db


def briscola_round(at_time: str) -> tuple[Tournament, list[Match]]:
    """Four pairs of Briscola for four at two tables: one Mitchell round of two deals in
    25 minutes, the deal in progress at time ``at_time``; the round started."""
    players = [
        make_player(name) for name in ("ann", "ben", "cal", "dan", "eve", "fay", "gus", "hal")
    ]
    event = Tournament.objects.create(
        name="Briscola evening", slug="briscola-evening", game="briscola", table_size=4,
        pairs=True, status=Tournament.Status.REGISTRATION, format=Tournament.Format.PHASES,
    )  # fmt: skip
    for i in range(4):
        Entry.objects.create(
            tournament=event, player=players[2 * i], partner=players[2 * i + 1],
            partner_confirmed=True,
        )  # fmt: skip
    Phase.objects.create(
        tournament=event, number=1, movement=Phase.Movement.MITCHELL, rounds=1,
        deals_per_round=2, round_minutes=25, at_time=at_time,
    )  # fmt: skip
    services.tournament_close_registration(tournament=event)
    services.tournament_make_schedule(tournament_id=event.pk)
    event.refresh_from_db()
    services.tournament_start_next_round(tournament=event)
    return event, list(Match.objects.filter(round__tournament=event).order_by("board"))


def move(match: Match, action: str | None = None) -> None:
    """The seat on move plays ``action`` (default: its first legal action)."""
    match.refresh_from_db()
    engine = current_engine(match)
    game_services.match_apply_action(
        match_id=match.pk,
        player_id=seated(match)[engine.to_act].pk,
        action=action or engine.legal_actions()[0],
        seq=match.seq,
    )


def time_runs_out(*matches: Match) -> None:
    Match.objects.filter(pk__in=[m.pk for m in matches]).update(
        ends_at=timezone.now() - timedelta(minutes=1)
    )


def entry_of(event: Tournament, player_id: int) -> int:
    return Entry.objects.get(tournament=event, player_id=player_id).pk


def test_at_time_the_deal_in_progress_is_scored_as_it_stands_and_the_match_ends():
    event, (first, second) = briscola_round(Phase.AtTime.AS_IT_STANDS)
    assert first.stop_at_time and first.ends_at is not None
    # Whole tricks until one side is ahead on card points (a trick of blank cards is worth
    # nothing), then one card of the next trick.
    for _ in range(9):
        for _ in range(4):
            move(first)
        engine = current_engine(first)
        won = [sum(engine.points_won(seat) for seat in side) for side in engine.sides]
        if won[0] != won[1]:
            break
    assert won[0] != won[1]
    move(first)
    time_runs_out(first, second)

    # The check made on every connection and ping (and by the beat) stops the deal.
    assert game_services.match_check_clock(match_id=first.pk) is False
    first.refresh_from_db()
    deal = first.deals.get()
    assert deal.result["stopped"] is True and deal.finished_at is not None
    assert deal.result["card_points"] == won and deal.result["side_points"] == won
    assert first.status == Match.Status.FINISHED and first.reason == Match.Reason.PLAYED
    assert first.scores == won and first.deals.count() == 1
    winner = won.index(max(won))
    assert first.winner_seat == winner and first.places[winner] == 1
    assert first.last_result["result"]["stopped"] is True

    # A move after time on the other table is refused, and its deal (not begun) stopped.
    with pytest.raises(ClientError) as refused:
        move(second)
    assert refused.value.code == "time_up" and "time is up" in refused.value.message
    second.refresh_from_db()
    assert second.status == Match.Status.FINISHED and second.winner_seat is None
    assert second.deals.get().result["side_points"] == [0, 0]
    assert second.deals.get().actions == []

    for match in (first, second):
        services.match_result_record(match_id=match.pk)  # what the hook does on commit
    standings = {s.entry_id: s.match_points for s in Standing.objects.filter(tournament=event)}
    players = seated(first)
    winners = entry_of(event, players[winner].pk)
    losers = entry_of(event, players[1 - winner].pk)
    drawn = {entry_of(event, seated(second)[seat].pk) for seat in (0, 1)}
    assert standings[winners] == 1 and standings[losers] == 0
    assert {standings[pk] for pk in drawn} == {0.5}
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED


def test_a_second_check_changes_nothing():
    event, (first, second) = briscola_round(Phase.AtTime.AS_IT_STANDS)
    time_runs_out(first)
    assert game_services.match_stop_at_time(match_id=first.pk) is True
    first.refresh_from_db()
    seq = first.seq
    assert game_services.match_stop_at_time(match_id=first.pk) is False
    assert game_services.matches_stop_at_time() == []  # the beat: the other table has time
    first.refresh_from_db()
    assert first.seq == seq and first.deals.count() == 1
    second.refresh_from_db()
    assert second.status == Match.Status.IN_PROGRESS


def test_played_out_the_deal_in_progress_goes_on_to_its_end_and_none_follows():
    event, (first, second) = briscola_round(Phase.AtTime.PLAY_OUT)
    assert not first.stop_at_time
    for _ in range(5):
        move(first)
    time_runs_out(first)
    game_services.match_check_clock(match_id=first.pk)
    assert game_services.matches_stop_at_time() == []
    first.refresh_from_db()
    assert first.status == Match.Status.IN_PROGRESS
    while first.status == Match.Status.IN_PROGRESS:
        move(first)
        first.refresh_from_db()
    deal = first.deals.get()
    assert "stopped" not in deal.result and sum(deal.result["card_points"]) == 120
    assert first.deals.count() == 1  # the round's second deal never starts


def test_scored_as_it_stands_is_refused_for_a_game_that_cannot_do_it():
    event = Tournament.objects.create(
        name="Bazzica evening", slug="bazzica-evening", game="bazzica", pairs=True,
        table_size=4, format=Tournament.Format.PHASES, options={"variant": "quattro"},
    )  # fmt: skip
    phase = Phase(
        tournament=event, number=1, movement=Phase.Movement.DANISH, round_minutes=25,
        at_time=Phase.AtTime.AS_IT_STANDS,
    )  # fmt: skip
    with pytest.raises(ValidationError) as refused:
        phase.full_clean()
    assert "Bazzica cannot score a deal stopped part way" in str(refused.value.message_dict)
    phase.at_time = Phase.AtTime.PLAY_OUT
    phase.full_clean()
    phase.at_time = Phase.AtTime.AS_IT_STANDS
    phase.save()
    with pytest.raises(PhaseError, match="cannot score a deal stopped part way"):
        phases_check(event)


def test_scored_as_it_stands_is_accepted_for_two_player_bazzica():
    event = Tournament.objects.create(
        name="Bazzica evening", slug="bazzica-evening", game="bazzica",
        format=Tournament.Format.PHASES,
    )  # fmt: skip
    Phase(
        tournament=event, number=1, movement=Phase.Movement.DANISH, round_minutes=25,
        at_time=Phase.AtTime.AS_IT_STANDS,
    ).full_clean()  # fmt: skip


def test_scored_as_it_stands_is_accepted_for_burraco():
    event = Tournament.objects.create(
        name="Burraco evening", slug="burraco-evening", game="burraco",
        format=Tournament.Format.PHASES, options={"match": "3_hands"},
    )  # fmt: skip
    Phase(
        tournament=event, number=1, movement=Phase.Movement.DANISH, round_minutes=25,
        at_time=Phase.AtTime.AS_IT_STANDS,
    ).full_clean()  # fmt: skip


def test_the_admin_phase_inline_shows_at_time_and_refuses_it_for_bazzica(rf):
    from django.contrib.admin.sites import site

    from tournaments.admin import PhaseInline

    event = Tournament.objects.create(
        name="Bazzica evening", slug="bazzica-evening", game="bazzica", pairs=True,
        table_size=4, format=Tournament.Format.PHASES, options={"variant": "quattro"},
    )  # fmt: skip
    request = rf.get("/")
    request.user = make_player("root", is_staff=True, is_superuser=True)
    formset_class = PhaseInline(Tournament, site).get_formset(request, event)
    data = {
        "phases-TOTAL_FORMS": "1", "phases-INITIAL_FORMS": "0",
        "phases-0-number": "1", "phases-0-movement": "danish", "phases-0-rounds": "1",
        "phases-0-skip": "1", "phases-0-seating": "order", "phases-0-north_south": "[]",
        "phases-0-round_minutes": "25", "phases-0-at_time": "as_it_stands",
    }  # fmt: skip
    formset = formset_class(data, instance=event, prefix="phases")
    assert "at_time" in formset.forms[0].fields
    assert not formset.is_valid()
    assert "cannot score a deal stopped part way" in str(formset.forms[0].errors["at_time"])
    formset = formset_class(
        {**data, "phases-0-at_time": "play_out"}, instance=event, prefix="phases"
    )
    assert formset.is_valid(), formset.errors
