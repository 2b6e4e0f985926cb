"""``manage.py demo``: log-ins and a tournament whose first round is live, made once.

The command commits as it goes and relies on the schedule task that closing registration
queues after commit, so these tests run outside the test transaction.
"""

from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import Player
from games import services as game_services
from games.models import Deal, Match, Seat
from games.rules import all_games
from tournaments import tasks
from tournaments.management.commands.demo import DEMO_SLUG, DEMO_TOURNAMENTS, PLAYERS
from tournaments.models import Entry, Round, Tournament


def _demo() -> str:
    out = StringIO()
    call_command("demo", stdout=out)
    return out.getvalue()


def _counts() -> dict[str, int]:
    return {
        model.__name__: model.objects.count()
        for model in (Player, Tournament, Entry, Round, Match, Seat, Deal)
    }


@pytest.mark.django_db(transaction=True)
def test_demo_creates_an_admin_and_eight_players_who_can_log_in():
    _demo()

    admin = Player.objects.get(username="admin")
    assert admin.is_staff and admin.is_superuser
    assert admin.check_password("admin")
    players = Player.objects.filter(is_staff=False).order_by("username")
    assert [p.username for p in players] == [name for name, _ in PLAYERS]
    assert len(players) == 8
    assert all(p.check_password(p.username) for p in players)


@pytest.mark.django_db(transaction=True)
def test_demo_creates_a_tournament_whose_first_round_is_live():
    output = _demo()

    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.options["target"] == 21
    assert sorted(tournament.entries.values_list("player__username", flat=True)) == [
        "alice",
        "bob",
        "charlie",
        "dave",
    ]
    statuses = dict(tournament.rounds.values_list("number", "status"))
    assert statuses == {1: Round.Status.STARTED, 2: Round.Status.PENDING, 3: Round.Status.PENDING}
    live = Match.objects.filter(round__tournament=tournament, status=Match.Status.IN_PROGRESS)
    assert live.count() == 2
    assert set(live.values_list("round__number", flat=True)) == {1}
    assert Deal.objects.filter(match__in=live).count() == 2
    for match in live:
        assert f"/matches/{match.pk}/" in output


@pytest.mark.django_db(transaction=True)
def test_demo_starts_a_live_match_of_every_game():
    output = _demo()

    live = Match.objects.filter(status=Match.Status.IN_PROGRESS)
    assert set(live.values_list("game", flat=True)) == {demo.game for demo in DEMO_TOURNAMENTS}
    assert {demo.game for demo in DEMO_TOURNAMENTS} == {game.slug for game in all_games()}
    for match in live:
        assert f"/matches/{match.pk}/" in output


@pytest.mark.django_db(transaction=True)
def test_demo_leaves_one_tournament_open_for_a_new_player_to_join(client):
    output = _demo()

    open_ = Tournament.objects.get(status=Tournament.Status.REGISTRATION)
    assert open_.first_round_at > timezone.now() and not open_.rounds.exists()
    assert f"registration open: {open_.name}  -> /tournaments/{open_.slug}/" in output
    newcomer = Player.objects.create_user(username="newcomer", password="a-Long-pass-123")
    client.force_login(newcomer)
    page = client.get(f"/tournaments/{open_.slug}/").content.decode()
    assert f"/tournaments/{open_.slug}/register/" in page
    client.post(f"/tournaments/{open_.slug}/register/")
    assert open_.entries.filter(player=newcomer).exists()


@pytest.mark.django_db(transaction=True)
def test_demo_run_twice_duplicates_nothing():
    _demo()
    before = _counts()
    passwords = dict(Player.objects.values_list("username", "password"))

    _demo()

    assert _counts() == before
    assert before["Player"] == 9
    # Each demo event, and the demo league's two divisions (a round robin each: leagues/demo.py).
    assert before["Tournament"] == len(DEMO_TOURNAMENTS) + 2
    assert dict(Player.objects.values_list("username", "password")) == passwords


@pytest.mark.django_db(transaction=True)
def test_demo_starts_round_one_before_a_worker_has_made_the_schedule(monkeypatch):
    # bin/live runs the demo with REDIS_URL set, before it starts the Celery worker: the
    # schedule task closing registration queues is not run until later.
    queued = []
    monkeypatch.setattr(tasks.make_schedule, "delay", lambda *args: queued.append(args))

    _demo()

    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    assert tournament.rounds.get(number=1).status == Round.Status.STARTED
    assert (
        tournament.rounds.get(number=1).matches.filter(status=Match.Status.IN_PROGRESS).count() == 2
    )


@pytest.mark.django_db(transaction=True)
def test_demo_rumino_match_shows_a_claim_when_the_first_player_discards_the_nine_of_hearts():
    from games import services as game_services
    from games.rules import fairness, get_game

    output = _demo()

    match = Match.objects.get(round__tournament__slug="rumino-demo")
    deal = Deal.objects.get(match=match, number=1)
    assert deal.commitment == fairness.commitment(deal.deck, deal.salt)
    first = (deal.dealer + 1) % 2
    players = {seat.number: seat.player for seat in match.seats.all()}
    assert f"{players[first].username} plays first" in output
    engine = get_game("rumino").replay({**deal.record(), "actions": []})
    assert sorted(engine.view(first)["players"][first]["hand"]) == sorted(
        ["5C", "5D", "5S", "JC", "QC", "KC", "9H"]
    )
    seq = match.seq
    for action in ("draw", "discard 9H"):
        seq = game_services.match_apply_action(
            match_id=match.pk, player_id=players[first].pk, action=action, seq=seq
        )
    deal.refresh_from_db()
    engine = get_game("rumino").replay(deal.record())
    view = engine.view(1 - first)
    assert view["claim_offer"] is not None and view["claim_offer"]["card"] == "9H"
    assert "claim" in view["legal_actions"]


@pytest.mark.django_db(transaction=True)
def test_the_home_page_lists_the_open_tournament_first(client):
    _demo()

    page = client.get("/").content.decode()
    listed = re.findall(r'href="/tournaments/([a-z0-9-]+)/"', page)
    assert listed and listed[0] == "scopa-open-demo"


@pytest.mark.django_db(transaction=True)
def test_demo_matches_wait_for_their_players_longer_than_the_usual_grace(settings):
    """A new user reads the README before opening the demo's matches: with the usual
    grace (10 minutes) the live matches were forfeited meanwhile. The demo gives them a
    week, and a second run gives the ones still waiting a week again."""
    from tournaments.management.commands.demo import DEMO_GRACE

    _demo()
    later = timezone.now() + timedelta(seconds=settings.MATCH_GRACE_SECONDS + 60)
    waiting = Match.objects.filter(status=Match.Status.IN_PROGRESS, grace_until__isnull=False)
    assert waiting.exists()
    for match in waiting:
        assert match.grace_until > later and match.move_deadline == match.grace_until
        assert game_services.match_forfeit_if_idle(match_id=match.pk, now=later) is False
    assert Match.objects.filter(status=Match.Status.IN_PROGRESS).count() == waiting.count()

    _demo()  # run again: the matches still waiting wait a week from now again
    assert all(m.grace_until > timezone.now() + DEMO_GRACE / 2 for m in waiting.all())
