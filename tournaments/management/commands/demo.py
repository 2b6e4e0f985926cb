"""``manage.py demo``: demo data so the site is usable at once.

Creates (or leaves as they are) a staff account, eight players, a Spizzichino tournament
to 21 points for four, for each other two-player game a two-player tournament (alice and
bob), a Calabrasella table of three (alice, bob, charlie), pairs events (a Burraco pairs
event in Victory Points, Danish system), a Briscola Swiss of
the eight players in its second round (round 1 settled by resignations) and a Scopa knockout
of the eight in its first round; every tournament's current round is started. Prints the
log-ins and the live matches.
Safe to run twice: existing accounts and tournaments are left as they are.
"""

import random
from dataclasses import dataclass, field
from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games import services as game_services
from games.models import Deal, Match
from games.rules import fairness, get_game
from leagues.demo import demo_league
from tournaments import services
from tournaments.models import Tournament

STAFF = ("admin", "admin")
PLAYERS = [
    (name, name) for name in ("alice", "bob", "charlie", "dave", "erin", "frank", "grace", "heidi")
]
DEMO_SLUG = "spizzichino-demo-cup"
DEMO_GRACE = timedelta(days=7)
"""How long the demo's live matches wait for their players to come (``handle``)."""


@dataclass(frozen=True)
class DemoTournament:
    slug: str
    game: str
    players: tuple[str, ...]
    options: dict = field(default_factory=dict)
    description: str = ""
    table_size: int = 2
    pairs: tuple[tuple[str, str], ...] = ()  # a pairs event: (player, partner) entries
    name: str = ""  # empty: "<game> Demo Cup"
    format: str = Tournament.Format.ROUND_ROBIN
    format_fields: dict = field(default_factory=dict)  # swiss_rounds, third_place_match...
    settled_rounds: int = 0  # rounds settled (one player of each match resigns) before the live one
    prepare: str = ""  # a function of this module that arranges the live match's first deal
    registration_open: bool = False  # left open for new players; the first round tomorrow


DEMO_TOURNAMENTS = [
    DemoTournament(
        DEMO_SLUG,
        "spizzichino",
        ("alice", "bob", "charlie", "dave"),
        {"target": 21},
        "A quick round robin to 21 points for trying the site.",
    ),
    DemoTournament("briscola-demo", "briscola", ("alice", "bob")),
    DemoTournament("scopa-demo", "scopa", ("alice", "bob")),
    DemoTournament("pinch-tarot-demo", "pinch-tarot", ("alice", "bob")),
    DemoTournament("bazzica-demo", "bazzica", ("alice", "bob")),
    DemoTournament(
        "calabrasella-demo",
        "calabrasella",
        ("alice", "bob", "charlie"),
        {"deals": 6},
        "A table of three: one declarer against two, settled in chips.",
        table_size=3,
    ),
    DemoTournament(
        "tressette-demo",
        "tressette",
        (),
        {"target": 21},
        "Pairs to 21 points: partners sit opposite, accusi and signals as in a club.",
        pairs=(("alice", "bob"), ("charlie", "dave"), ("erin", "frank"), ("grace", "heidi")),
    ),
    DemoTournament(
        "tute-demo",
        "tute",
        (),
        {"hands": 3},
        "Pairs, three hands: las cuarenta, veinte and tute as in Spain.",
        pairs=(("alice", "charlie"), ("bob", "dave")),
    ),
    DemoTournament(
        "burraco-pairs-demo",
        "burraco",
        (),
        {"match": "3_hands"},
        "Pairs, three hands a match scored in Victory Points by the federation's tables; "
        "a Danish event: each round pairs first against second of the VP standings.",
        pairs=(("alice", "charlie"), ("bob", "dave"), ("erin", "grace"), ("frank", "heidi")),
        name="Burraco Pairs (VP)",
        format=Tournament.Format.DANISH,
        format_fields={"danish_rounds": 3},
    ),
    DemoTournament(
        "sette-e-mezzo-demo",
        "sette-e-mezzo",
        ("alice", "bob", "charlie", "dave", "erin", "frank"),
        {"hands": 6, "stack": 100},
        "A table of six for chips: six hands, the bank passing on a natural seven and a half.",
        table_size=6,
        name="Sette e mezzo Night",
    ),
    DemoTournament(
        "ziginette-demo",
        "ziginette",
        ("alice", "bob", "charlie"),
        {"hands": 4, "stack": 100},
        "A table of three for chips: bet on the board cards against the bank.",
        table_size=3,
        name="Ziginette Table",
    ),
    DemoTournament(
        "machiavelli-demo",
        "machiavelli",
        ("alice", "bob", "charlie"),
        description="A table of three: rearrange the whole table of melds on your turn.",
        table_size=3,
        name="Machiavelli Table",
    ),
    DemoTournament(
        "rumino-demo",
        "rumino",
        ("alice", "bob"),
        description="Heads-up Rumino: knock with 7 or less, 100 points and you are out. "
        "The demo's first hand is arranged to show a claim: the first player to act should "
        "draw and discard the 9 of hearts.",
        prepare="_rumino_claim_deal",
    ),
    DemoTournament(
        "scopa-open-demo",
        "scopa",
        ("erin", "frank"),
        {"target": 11},
        "Registration is open: sign up and join from this page. The first round starts "
        "tomorrow; staff can start it sooner from the admin.",
        name="Scopa Open",
        registration_open=True,
    ),
    DemoTournament(
        "briscola-swiss-demo",
        "briscola",
        tuple(name for name, _ in PLAYERS),
        description="A Swiss of four rounds: round 1 is over, round 2 is paired from it.",
        name="Briscola Swiss",
        format=Tournament.Format.SWISS,
        format_fields={"swiss_rounds": 4, "tiebreaks": ["buchholz", "sonneborn_berger"]},
        settled_rounds=1,
    ),
    DemoTournament(
        "scopa-knockout-demo",
        "scopa",
        tuple(name for name, _ in PLAYERS),
        description="A knockout of eight seeded by rating, with a match for third place.",
        name="Scopa Knockout",
        format=Tournament.Format.KNOCKOUT,
        format_fields={"third_place_match": True},
    ),
]


class Command(BaseCommand):
    help = "Create demo accounts and one tournament per game whose first round is live."

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            self._user(*STAFF, staff=True)
            players = {name: self._user(name, password) for name, password in PLAYERS}
        tournaments = [self._tournament(demo, players) for demo in DEMO_TOURNAMENTS]
        # The demo's live matches wait DEMO_GRACE for their players to come, not
        # MATCH_GRACE_SECONDS (10 minutes): a new user reads the README and looks round
        # the site first, and found the README's matches forfeited meanwhile. Run again,
        # the demo gives the matches still waiting the same again.
        game_services.matches_extend_grace(
            Match.objects.filter(round__tournament__in=tournaments), timezone.now() + DEMO_GRACE
        )
        _league, league_lines = demo_league(players)
        self.stdout.write(self.style.SUCCESS("Demo data ready."))
        self.stdout.write(f"  staff:   {STAFF[0]} / {STAFF[1]}  (admin at /admin/)")
        for name, password in PLAYERS:
            self.stdout.write(f"  player:  {name} / {password}")
        live = (
            Match.objects.filter(round__tournament__in=tournaments, status=Match.Status.IN_PROGRESS)
            .select_related("round__tournament")
            .prefetch_related("seats__player")
            .order_by("round__tournament__created_at", "board")
        )
        for match in live:
            seated = {seat.number: seat.player.username for seat in match.seats.all()}
            names = " vs ".join(" & ".join(seated[n] for n in side) for side in match.sides)
            self.stdout.write(
                f"  live now: {match.round.tournament.name}: {names}  -> /matches/{match.pk}/"
            )
        opened = Tournament.objects.filter(
            pk__in=[t.pk for t in tournaments], status=Tournament.Status.REGISTRATION
        )
        for tournament in opened:
            self.stdout.write(
                f"  registration open: {tournament.name}  -> /tournaments/{tournament.slug}/"
            )
        for line in league_lines:
            self.stdout.write(line)
        for line in _rumino_hint(tournaments):
            self.stdout.write(line)

    def _tournament(self, demo: DemoTournament, players: dict[str, Player]) -> Tournament:
        tournament = Tournament.objects.filter(slug=demo.slug).first()
        if tournament is not None:
            return tournament
        name = get_game(demo.game).name
        tournament = Tournament.objects.create(
            name=demo.name or f"{name} Demo Cup",
            slug=demo.slug,
            game=demo.game,
            options=demo.options,
            description=demo.description or f"A demo {name} match to try the site.",
            capacity=8,
            table_size=4 if demo.pairs else demo.table_size,
            pairs=bool(demo.pairs),
            round_interval=timedelta(hours=1),
            first_round_at=timezone.now() + timedelta(days=1 if demo.registration_open else 0),
            format=demo.format,
            **demo.format_fields,
        )
        services.tournament_open_registration(tournament=tournament)
        for username in demo.players:
            services.entry_register(tournament=tournament, player=players[username])
        if demo.registration_open:
            return tournament
        for username, partner in demo.pairs:
            services.entry_register(
                tournament=tournament, player=players[username], partner=players[partner]
            )
            services.entry_confirm_partner(tournament=tournament, player=players[partner])
        services.tournament_close_registration(tournament=tournament)
        # Make the schedule now rather than wait for a worker (idempotent: the queued
        # task finds the rounds made and does nothing).
        services.tournament_make_schedule(tournament_id=tournament.pk)
        tournament.refresh_from_db()
        round_ = services.tournament_start_next_round(tournament=tournament)
        if demo.prepare:
            for match in round_.matches.filter(is_bye=False):
                globals()[demo.prepare](match)
        rng = random.Random(demo.slug)
        for _ in range(demo.settled_rounds):
            for match in round_.matches.filter(is_bye=False).prefetch_related("seats"):
                loser = rng.choice(list(match.seats.all())).player_id
                game_services.match_resign(match_id=match.pk, player_id=loser)
                services.match_result_record(match_id=match.pk)
            tournament.refresh_from_db()
            round_ = services.tournament_start_next_round(tournament=tournament)
        return tournament

    def _user(self, username: str, password: str, staff: bool = False) -> Player:
        user, created = Player.objects.get_or_create(
            username=username,
            defaults={"email": f"{username}@example.com", "is_staff": staff, "is_superuser": staff},
        )
        if created:
            user.set_password(password)
            user.save()
        return user


# The Rumino demo's first hand (a demo, so that a new player sees a claim without waiting
# for the rare hand that makes one): the first player to act holds three fives, the
# J-Q-K of clubs and the 9 of hearts, and will draw the 2 of diamonds; the other holds the
# 3 to 8 of hearts, so a discard of the 9 of hearts completes a rumino of seven hearts in
# sequence and is offered to them as a claim (games/rules/rumino/game.py, point 7).
RUMINO_FIRST = ("5C", "5D", "5S", "JC", "QC", "KC", "9H")
RUMINO_SECOND = ("3H", "4H", "5H", "6H", "7H", "8H", "KD")
RUMINO_UPCARD, RUMINO_FIRST_DRAW = "KS", "2D"


def _rumino_claim_deal(match: Match) -> None:
    """Arrange the first deal of a demo Rumino match (no action made yet) as above: the
    rest of the deck stays in the order of its fresh shuffle, and the deal gets a new salt
    and commitment (games/rules/fairness.py), so the record still verifies.

    Raises ValueError when the match is not a Rumino match of two whose first deal is
    untouched."""
    deal = Deal.objects.get(match=match, number=1)
    if match.game != "rumino" or match.seat_count != 2 or deal.actions:
        raise ValueError("only an untouched first deal of a heads-up Rumino match")
    rest = list(deal.deck)
    placed = [*RUMINO_FIRST, *RUMINO_SECOND, RUMINO_UPCARD, RUMINO_FIRST_DRAW]
    for code in placed:
        rest.remove(code)
    dealt = [code for pair in zip(RUMINO_FIRST, RUMINO_SECOND, strict=True) for code in pair]
    deal.deck = [*dealt, RUMINO_UPCARD, RUMINO_FIRST_DRAW, *rest]
    deal.salt = fairness.new_salt()
    deal.commitment = fairness.commitment(deal.deck, deal.salt)
    deal.save(update_fields=["deck", "salt", "commitment"])


def _rumino_hint(tournaments: list[Tournament]) -> list[str]:
    """The line ``bin/serve`` prints for the Rumino demo: who plays first and what to do."""
    lines = []
    for match in Match.objects.filter(
        round__tournament__in=tournaments, game="rumino", status=Match.Status.IN_PROGRESS
    ).prefetch_related("seats__player"):
        deal = Deal.objects.filter(match=match, number=1).first()
        if deal is None or deal.actions or list(deal.deck[:14:2]) != list(RUMINO_FIRST):
            continue
        first = (deal.dealer + 1) % match.seat_count
        names = {seat.number: seat.player.username for seat in match.seats.all()}
        lines.append(
            f"  rumino claim: /matches/{match.pk}/ {names[first]} plays first: draw, then "
            f"discard 9H; {names[1 - first]} is offered the claim"
        )
    return lines
