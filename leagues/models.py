"""Leagues, their members, seasons, divisions and fixtures (docs/leagues.md).

A division of a season is backed by a ``tournaments.Tournament`` (a single or double round
robin by the Berger tables), so its rounds, matches, standings, tie-breaks, CSV exports and
API are the tournaments'. What a league adds: each round has a play window
(``Round.opens_at``/``closes_at``), a pairing starts when both players are ready or at a
time they agreed (``Fixture``), and seasons follow one another with promotion and
relegation. Rows only: the changes are in ``leagues.services``.
"""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.models import game_choices


class League(models.Model):
    """A league of one game: its members are split into divisions of ``division_size``
    (level 1 the top); each season every division plays a round robin, a round a window of
    ``window`` (e.g. a week); at a season's end the top ``promote_count`` of each division go
    up and the bottom ``relegate_count`` go down."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=120, unique=True)
    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text=_('Game options as JSON, e.g. {"target": 31}; empty for the defaults.'),
    )
    rules = models.TextField(blank=True, help_text=_("The league's own rules, shown on its page."))
    promote_count = models.PositiveSmallIntegerField(
        default=2, help_text=_("Players of each division promoted at a season's end.")
    )
    relegate_count = models.PositiveSmallIntegerField(
        default=2, help_text=_("Players of each division relegated at a season's end.")
    )
    division_size = models.PositiveSmallIntegerField(
        default=10, help_text=_("Players a division (the lowest may hold a few more).")
    )
    double_round_robin = models.BooleanField(
        default=False, help_text=_("Each two players of a division meet twice, seats reversed.")
    )
    window = models.DurationField(
        default=timedelta(days=7), help_text=_("How long each round's play window lasts.")
    )
    move_timeout = models.DurationField(
        default=timedelta(minutes=10),
        null=True,
        blank=True,
        help_text=_("A player on move this long loses by forfeit; empty: never."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:detail", kwargs={"slug": self.slug})

    def clean(self) -> None:
        """Admin check: the game is played by two with these options, a division has at
        least two players, and promotion plus relegation leave someone in a division."""
        from django.core.exceptions import ValidationError

        from games.rules import get_game

        if self.division_size < 2:
            raise ValidationError({"division_size": _("A division needs at least two players.")})
        if self.promote_count + self.relegate_count >= self.division_size:
            raise ValidationError(
                {"relegate_count": _("Promotion and relegation must leave players who stay.")}
            )
        if self.game:
            game = get_game(self.game)
            try:
                allowed = game.seat_counts(game.validate_options(self.options or {}))
            except (ValueError, TypeError) as error:
                raise ValidationError({"options": str(error)}) from None
            if 2 not in allowed:
                raise ValidationError({"game": _("A league is for two-player games.")})


class Member(models.Model):
    """A player registered for a league; one who left (``left_at``) is not placed in the
    next season. A member not in the last season joins the lowest division."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="league_memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "joined_at"]
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="member_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.league}"


class Season(models.Model):
    """One season of a league: its divisions play from ``starts_at``, a round a window."""

    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.RUNNING)
    starts_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="season_unique_number"),
        ]

    def __str__(self) -> str:
        return _("%(league)s, season %(number)s") % {"league": self.league, "number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("leagues:season", kwargs={"slug": self.league.slug, "number": self.number})


class Division(models.Model):
    """A division of a season (``level`` 1 the top), played as the round robin
    ``tournament``; its entries are the tournament's."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    level = models.PositiveSmallIntegerField()
    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.PROTECT, related_name="league_division"
    )

    class Meta:
        ordering = ["season", "level"]
        constraints = [
            models.UniqueConstraint(fields=["season", "level"], name="division_unique_level"),
        ]

    def __str__(self) -> str:
        return _("Division %(level)s") % {"level": self.level}


class Fixture(models.Model):
    """A league pairing: its match, and how it is to start inside the round's window:
    when both players are ready (``games.Seat.ready_at``), or at the time one proposed
    and the other accepted (``agreed_time``). Staff may extend its window
    (``extended_until``)."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="fixtures")
    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, related_name="league_fixture"
    )
    proposed_time = models.DateTimeField(null=True, blank=True)
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    agreed_time = models.DateTimeField(
        null=True, blank=True, help_text=_("The time both players agreed; the match starts then.")
    )
    extended_until = models.DateTimeField(
        null=True, blank=True, help_text=_("An extension granted by staff: the window closes then.")
    )

    class Meta:
        ordering = ["division", "match__round__number", "match__board"]

    def __str__(self) -> str:
        return f"{self.division.tournament} – {self.match}"

    @property
    def closes_at(self):
        """When this pairing's window closes: the extension, else the round's close."""
        return self.extended_until or self.match.round.closes_at
