"""Matches, their seats and their deals.

A deal is stored as its deck and its action log (the deal record of ../shared/DESIGN.md);
the engine state is rebuilt from them, so the database row is the whole truth and a server
restart mid-deal loses nothing.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.rules import all_games, get_game


def game_choices() -> list[tuple[str, str]]:
    """(slug, name) for every game in the rules registry, for model and form choices."""
    return [(game.slug, game.name) for game in all_games()]


class Match(models.Model):
    """One match between seated players: a sequence of deals until the game's match rule
    (``game.match_winner``) names a winning side, or a player resigns or forfeits.

    Seats play in the order of their numbers; the game groups them into sides
    (``game.sides(seat_count, options)``: one seat a side, or partnerships). ``scores``,
    ``winner_seat`` and ``places`` are per side; where every side is one seat (every
    two-player game), a side's number is its seat's.

    ``seq`` counts every state change the players can see (each action, each new deal,
    a resignation); a client action must carry the ``seq`` it saw, so a stale or
    duplicated action is refused.
    """

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")

    class Reason(models.TextChoices):
        PLAYED = "played", _("Played to the end")
        RESIGNED = "resigned", _("Resignation")
        FORFEIT = "forfeit", _("Forfeit")
        BYE = "bye", _("Bye")

    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    round = models.ForeignKey(
        "tournaments.Round",
        on_delete=models.CASCADE,
        related_name="matches",
        null=True,
        blank=True,
    )
    board = models.PositiveIntegerField(default=1)
    is_bye = models.BooleanField(default=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SCHEDULED)
    seq = models.PositiveIntegerField(default=0)
    first_dealer = models.PositiveSmallIntegerField(null=True, blank=True)
    seat_count = models.PositiveSmallIntegerField(
        default=2, help_text="How many seats the match is played by (set when it starts)."
    )
    scores = models.JSONField(default=list, blank=True, help_text="Match totals, per side.")
    deal_points = models.JSONField(
        default=list, blank=True, help_text="Points of each finished deal, per seat."
    )
    last_result = models.JSONField(
        null=True, blank=True, help_text="result() of the latest finished deal (public)."
    )
    winner_seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The winning side (its seat where sides are seats)."
    )
    places = models.JSONField(
        default=list, blank=True, help_text="Place of each side once finished, 1 first."
    )
    reason = models.CharField(max_length=20, choices=Reason.choices, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    move_timeout = models.DurationField(
        null=True, blank=True, help_text="Time a seat may stay on move before it forfeits."
    )
    move_deadline = models.DateTimeField(
        null=True, blank=True, help_text="When the seat on move forfeits if it has not acted."
    )
    clock_base = models.DurationField(
        null=True,
        blank=True,
        help_text="Each seat's time bank for the match; empty: no match clock.",
    )
    clock_increment = models.DurationField(
        null=True, blank=True, help_text="Time added to a seat's bank after each of its actions."
    )
    clock_banks = models.JSONField(
        null=True, blank=True, help_text="Seconds left in each seat's bank, as of turn_started_at."
    )
    turn_started_at = models.DateTimeField(
        null=True, blank=True, help_text="When the seat on move's time began to run."
    )
    rated = models.BooleanField(
        default=False, help_text="A casual match rated in the game's Elo (a rated challenge)."
    )
    rematch_requests = models.JSONField(
        default=list, blank=True, help_text="Seats that asked for a rematch (casual matches)."
    )
    rematch = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text="The rematch this casual match led to.",
    )  # fmt: skip
    claims_close_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Rumino's claim window: set by every discard, the next player may act only "
        "from then on; a claim offer not answered by then lapses (games/services.py).",
    )
    grace_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text="While set, the players are still arriving: the move clock starts when "
        "every seat has connected, and a seat not there by then forfeits.",
    )
    deal_limit = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Deals the match is played over (a round of N deals); empty: until the "
        "game's own match rule names a winner. The side with the highest total wins; equal "
        "totals share the place.",
    )
    ends_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The round clock: no deal starts after this time; the deal in progress "
        "is played out and the match ends after it (see stop_at_time).",
    )
    stop_at_time = models.BooleanField(
        default=False,
        help_text="At the round clock's end (ends_at) the deal in progress is not played "
        "out but stopped and scored as it stands (Game.result_as_it_stands), and the match "
        "ends (games/services/round_clock.py).",
    )
    board_set = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="Duplicate boards: the key shared by every table that plays the same "
        "boards; a board's cards, results and replays stay hidden until every table of the "
        "set has finished it (games.boards).",
    )
    boards = models.JSONField(
        null=True,
        blank=True,
        help_text='Duplicate boards, secret: one {"deck": [...], "dealer": seat, "salt": ...} '
        "per deal, the same at every table of the set.",
    )

    class Meta:
        ordering = ["round__number", "board", "id"]
        verbose_name_plural = "matches"
        # No index on a column every move writes (seq, the clocks, move_deadline): then a
        # move's UPDATE can be a heap-only tuple one, with no index entry written for each
        # of the table's indexes (docs/performance.md, "Where the slow moves came from").
        # The overdue check reads the live matches by status.
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        names = " – ".join(seat.player.username for seat in self.seats.all())
        return f"{self.get_game_display()} #{self.pk}: {names or 'no players'}"

    def get_absolute_url(self) -> str:
        return reverse("games:match", kwargs={"match_id": self.pk})

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (``game.sides``), e.g. ``((0,), (1,))`` or
        ``((0, 2), (1, 3))``."""
        return get_game(self.game).sides(self.seat_count, self.options)

    @property
    def group_name(self) -> str:
        """The channel-layer group every consumer of this match listens on."""
        return f"match-{self.pk}"


class Seat(models.Model):
    """A player's seat in a match; seat 0 is the first seat of the pairing ("white")."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    arrived_at = models.DateTimeField(
        null=True, blank=True, help_text="When the player first connected to the live match."
    )
    ready_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the player last said they were ready to play this scheduled match "
        "(a league pairing starts once every seat is ready: leagues.services).",
    )
    gone_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the player was taken to have gone from a table of three or more (the "
        "move clock ran out, or never arrived): the computer plays the seat, or it sits "
        "out in a banking game, to the match's end; final for the match.",
    )

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="seat_unique_number"),
            models.UniqueConstraint(fields=["match", "player"], name="seat_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.number}"


class Deal(models.Model):
    """One deal of a match: its deck (top first, secret until the deal ends) and the
    ordered action log ``[{"seat": n, "action": "..."}]``; ``result`` once over.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField()
    deck = models.JSONField()
    actions = models.JSONField(default=list, blank=True)
    result = models.JSONField(null=True, blank=True)
    # Verifiable shuffle (games/rules/fairness.py): the salt stays secret until the deal is
    # over; the commitment is public from the start.
    salt = models.CharField(max_length=64, blank=True, default="")
    # What the deal needs from the deals before it (Game.carry_for: the banking games'
    # chip stacks); null for the other games.
    carry = models.JSONField(null=True, blank=True)
    commitment = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="deal_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} of match {self.match_id}"

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def record(self) -> dict:
        """The deal record (../shared/DESIGN.md, "Deal records") of this row."""
        record = {
            "game": self.match.game,
            "options": self.match.options,
            "seats": self.match.seats.count(),
            "dealer": self.dealer,
            "deck": self.deck,
            "actions": self.actions,
        }
        if self.carry is not None:
            record["carry"] = self.carry
        if self.result is not None:
            record["result"] = self.result
        return record

    def public_record(self) -> dict:
        """The record of a finished deal as players may download it: the deal record with
        its ``commitment`` and, revealed now, its ``salt`` (docs/fairness.md). Raises
        ValueError while the deal goes on (the deck is still secret)."""
        if self.result is None:
            raise ValueError("the deal is not over: its deck is still secret")
        record = self.record()
        if self.commitment:
            record["commitment"] = self.commitment
            record["salt"] = self.salt
        return record


class Challenge(models.Model):
    """An open challenge in the lobby (games/lobby.py): a player offers a casual match of a
    game, to anyone or to a named player; the first to accept plays it."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACCEPTED = "accepted", _("Accepted")
        CANCELLED = "cancelled", _("Cancelled")

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges"
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="challenges_received",
        help_text="Empty: open to anyone.",
    )
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    seats = models.PositiveSmallIntegerField(
        default=2, help_text="Players at the table, the creator included."
    )
    joined = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="challenges_joined",
        help_text="Players who accepted, besides the creator; the match starts when the "
        "table is full.",
    )
    rated = models.BooleanField(default=False)
    time_control = models.CharField(
        max_length=20, blank=True, default="", help_text="games/time_controls.py; empty: none."
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"{self.creator} · {self.game} ({self.status})"

    @property
    def game_name(self) -> str:
        """The game's name (its slug if the registry no longer knows it)."""
        try:
            return get_game(self.game).name
        except KeyError:
            return self.game

    @property
    def lapsed(self) -> bool:
        """Open, but offered ``CHALLENGE_MINUTES`` ago or more (games/lobby.py)."""
        from datetime import timedelta

        from django.utils import timezone

        age = timezone.now() - self.created_at
        return self.status == self.Status.OPEN and age >= timedelta(
            minutes=settings.CHALLENGE_MINUTES
        )

    @property
    def time_control_label(self) -> str:
        """The time control as players read it ("5 minutes a move"; empty: no clock)."""
        from games.time_controls import label

        return label(self.time_control) if self.time_control else ""

    @property
    def options_summary(self) -> str:
        """The options that differ from the game's defaults, as one translated line
        (games/game_options.py ``describe_options``); empty when none do."""
        from games.game_options import describe_options

        try:
            return describe_options(get_game(self.game), self.options or {})
        except (KeyError, ValueError):
            return ""
