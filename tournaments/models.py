"""Tournaments, their entries, rounds and standings; per-game Elo ratings.

Rows only: pairing, rating and standings are pure functions in ``tournaments.pairing``,
``tournaments.rating`` and ``tournaments.standings``; ``tournaments.services`` loads rows,
calls them and saves the result.
"""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse

from games.models import game_choices

STARTING_RATING = 1500.0


class Tournament(models.Model):
    """A round-robin tournament of one game, run by staff from admin.

    Life cycle: draft -> registration (players join and withdraw) -> scheduled (rounds
    and pairings made by the Berger tables) -> running (first round started) -> finished.
    """

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        REGISTRATION = "registration", "Registration open"
        SCHEDULED = "scheduled", "Scheduled"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "Single round robin"
        DOUBLE_ROUND_ROBIN = "double_round_robin", "Double round robin"

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=120, unique=True)
    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text='Game options as JSON, e.g. {"target": 31}; empty for the defaults.',
    )
    format = models.CharField(max_length=30, choices=Format.choices, default=Format.ROUND_ROBIN)
    table_size = models.PositiveSmallIntegerField(
        default=2,
        help_text=(
            "Seats a match: 2 for head-to-head, 4 for a pairs event, 3 (or more) for a table "
            "event of individual players seated at tables."
        ),
    )
    pairs = models.BooleanField(
        default=False,
        help_text="Entries are pairs of partners (table size 4): two pairs meet at each table.",
    )
    table_rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=(
            "Rounds of a table event; empty: enough for every two players to meet about once."
        ),
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    description = models.TextField(blank=True)
    capacity = models.PositiveIntegerField(default=16, help_text="Most entries accepted.")
    registration_opens_at = models.DateTimeField(null=True, blank=True)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    first_round_at = models.DateTimeField(
        null=True, blank=True, help_text="When round 1 starts; empty: when the schedule is made."
    )
    round_interval = models.DurationField(
        default=timedelta(days=1), help_text="Time between the starts of two rounds."
    )
    move_timeout = models.DurationField(
        default=timedelta(minutes=10),
        null=True,
        blank=True,
        help_text="A player on move this long (absent or gone) loses by forfeit; empty: never.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"slug": self.slug})

    @property
    def is_table_event(self) -> bool:
        """Players are seated at tables of three or more (not pairs, not head-to-head)."""
        return not self.pairs and self.table_size > 2

    def clean(self) -> None:
        """Admin check: a pairs event is played at tables of four, and the game must be
        played by ``table_size`` players."""
        from django.core.exceptions import ValidationError

        from games.rules import get_game

        if self.pairs and self.table_size != 4:
            raise ValidationError({"table_size": "A pairs event is played at tables of four."})
        if self.game:
            game = get_game(self.game)
            try:
                allowed = game.seat_counts(game.validate_options(self.options or {}))
            except (ValueError, TypeError):
                return  # the options' own error is reported by the form
            if self.table_size not in allowed:
                raise ValidationError(
                    {"table_size": f"{game.name} is played by {allowed} players."}
                )

    @property
    def group_name(self) -> str:
        """Channel-layer group of pages that show this tournament's standings."""
        return f"tournament-{self.pk}"


class Entry(models.Model):
    """A registration in a tournament: a player, or in a pairs event a pair (the player who
    registered and the ``partner`` they named, who confirms on the site or is paired by
    staff in admin). ``pairing_number`` is set with the schedule."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="entries"
    )
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="partner_entries",
        null=True,
        blank=True,
    )
    partner_confirmed = models.BooleanField(default=False)
    pairing_number = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pairing_number", "created_at"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.tournament}"

    @property
    def name(self) -> str:
        """The player's name, or a pair's two names: "alice & bob"."""
        if self.partner_id is None:
            return str(self.player)
        return f"{self.player} & {self.partner}"

    @property
    def player_ids(self) -> list[int]:
        """The ids of the entry's players: the player, then the partner if any."""
        return [self.player_id] + ([self.partner_id] if self.partner_id else [])

    @property
    def is_complete(self) -> bool:
        """True when the entry can be scheduled: a player, or a pair whose partner confirmed."""
        return not self.tournament.pairs or (self.partner_id is not None and self.partner_confirmed)


class Round(models.Model):
    """One round of a tournament; its matches are ``games.Match`` rows (``round.matches``)."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        STARTED = "started", "Started"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    starts_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – round {self.number}"


class Standing(models.Model):
    """A computed standings row (``tournaments.standings.compute_standings``), saved so the
    standings page is one query; recomputed whenever a result lands.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="standing")
    rank = models.PositiveIntegerField()
    played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    match_points = models.FloatField(default=0)
    deal_points_for = models.IntegerField(default=0)
    deal_points_against = models.IntegerField(default=0)
    head_to_head = models.FloatField(null=True, blank=True)
    sonneborn_berger = models.FloatField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament", "rank", "entry__player__username"]

    def __str__(self) -> str:
        return f"{self.rank}. {self.entry.player}"

    @property
    def deal_point_difference(self) -> int:
        return self.deal_points_for - self.deal_points_against


class Rating(models.Model):
    """A player's Elo rating in one game (FIDE formula, ``tournaments.rating``)."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=40, choices=game_choices)
    rating = models.FloatField(default=STARTING_RATING)
    rated_matches = models.PositiveIntegerField(default=0)
    reached_2400 = models.BooleanField(default=False)
    last_change = models.FloatField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_unique_game"),
        ]
        indexes = [models.Index(fields=["game", "-rating"])]

    def __str__(self) -> str:
        return f"{self.player} {self.game} {self.rating:.0f}"


class RatingChange(models.Model):
    """One match's effect on one player's rating; unique per (match, player), which is
    what makes recording a result safe to run twice.
    """

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    game = models.CharField(max_length=40, choices=game_choices)
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="+")
    score = models.FloatField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    k_factor = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="ratingchange_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.delta:+.1f} ({self.game})"

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before
