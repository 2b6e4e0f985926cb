"""``manage.py demo``: demo data so the site is usable at once.

Creates (or leaves as they are) a staff account, four players and a Spizzichino
tournament to 21 points whose first round is started, then prints the log-ins.
"""

from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games.models import Match
from tournaments import services
from tournaments.models import Tournament

STAFF = ("admin", "admin")
PLAYERS = [("alice", "alice"), ("bob", "bob"), ("charlie", "charlie"), ("dave", "dave")]
DEMO_SLUG = "spizzichino-demo-cup"


class Command(BaseCommand):
    help = "Create demo accounts and a Spizzichino tournament whose first round is ready."

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            self._user(*STAFF, staff=True)
            players = [self._user(name, password) for name, password in PLAYERS]
        tournament = Tournament.objects.filter(slug=DEMO_SLUG).first()
        if tournament is None:
            tournament = Tournament.objects.create(
                name="Spizzichino Demo Cup",
                slug=DEMO_SLUG,
                game="spizzichino",
                options={"target": 21},
                description="A quick round robin to 21 points for trying the site.",
                capacity=8,
                round_interval=timedelta(hours=1),
                first_round_at=timezone.now(),
            )
            services.tournament_open_registration(tournament=tournament)
            for player in players:
                services.entry_register(tournament=tournament, player=player)
            services.tournament_close_registration(tournament=tournament)
            # Make the schedule now rather than wait for a worker (idempotent: the queued
            # task finds the rounds made and does nothing).
            services.tournament_make_schedule(tournament_id=tournament.pk)
            tournament.refresh_from_db()
            services.tournament_start_next_round(tournament=tournament)
        self.stdout.write(self.style.SUCCESS(f"Demo tournament: {tournament.name}"))
        self.stdout.write(f"  staff:   {STAFF[0]} / {STAFF[1]}  (admin at /admin/)")
        for name, password in PLAYERS:
            self.stdout.write(f"  player:  {name} / {password}")
        live = Match.objects.filter(
            round__tournament=tournament, status=Match.Status.IN_PROGRESS
        ).prefetch_related("seats__player")
        for match in live:
            names = " vs ".join(seat.player.username for seat in match.seats.all())
            self.stdout.write(f"  live now: {names}  -> /matches/{match.pk}/")

    def _user(self, username: str, password: str, staff: bool = False) -> Player:
        user, created = Player.objects.get_or_create(
            username=username,
            defaults={"email": f"{username}@example.com", "is_staff": staff, "is_superuser": staff},
        )
        if created:
            user.set_password(password)
            user.save()
        return user
