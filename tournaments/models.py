"""Tournaments, their entries, rounds and standings; per-game Elo ratings.

Rows only: pairing, rating and standings are pure functions in ``tournaments.pairing``,
``tournaments.rating`` and ``tournaments.standings``; ``tournaments.services`` loads rows,
calls them and saves the result.
"""

from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.models import game_choices
from tournaments.rating import is_provisional
from tournaments.standings import DEFAULT_TIE_BREAKS

STARTING_RATING = 1500.0


class TieBreak(models.TextChoices):
    """The tie-breaks an event may order its standings by (``tournaments.standings``)."""

    HEAD_TO_HEAD = "head_to_head", _("Head-to-head")
    POINT_DIFFERENCE = "point_difference", _("Deal-point difference")
    SONNEBORN_BERGER = "sonneborn_berger", _("Sonneborn-Berger")
    BUCHHOLZ = "buchholz", _("Buchholz")
    MEDIAN_BUCHHOLZ = "median_buchholz", _("Median Buchholz")
    WINS = "wins", _("Wins")
    PROGRESSIVE = "progressive", _("Progressive score")


TIE_BREAK_COLUMNS = {
    TieBreak.HEAD_TO_HEAD: _("H2H"),
    TieBreak.POINT_DIFFERENCE: _("Deal diff"),
    TieBreak.SONNEBORN_BERGER: _("SB"),
    TieBreak.BUCHHOLZ: _("Bh"),
    TieBreak.MEDIAN_BUCHHOLZ: _("Med-Bh"),
    TieBreak.WINS: _("W"),
    TieBreak.PROGRESSIVE: _("Prog"),
}
"""Each tie-break's column heading on the standings table."""

TIE_BREAK_HELP = {
    TieBreak.HEAD_TO_HEAD: _(
        "match points scored in the matches among the tied players, when all of them have met."
    ),
    TieBreak.POINT_DIFFERENCE: _("deal points scored minus deal points conceded."),
    TieBreak.SONNEBORN_BERGER: _(
        "the final points of every opponent beaten, plus half those of every opponent drawn with."
    ),
    TieBreak.BUCHHOLZ: _("the sum of the opponents' final points."),
    TieBreak.MEDIAN_BUCHHOLZ: _("Buchholz without the best and the worst opponent's points."),
    TieBreak.WINS: _(
        "matches won, by play or by the opponent's resignation or forfeit (byes not counted)."
    ),
    TieBreak.PROGRESSIVE: _("the running score after each round, summed: early wins count more."),
}
"""One line on each tie-break, shown under the standings."""


class Tournament(models.Model):
    """A tournament of one game, run by staff from admin: a (double) round robin, a Swiss,
    a knockout or a Danish event (docs/tournaments.md).

    Life cycle: draft -> registration (players join and withdraw) -> scheduled (rounds
    made; a round robin's pairings by the Berger tables, the other formats' when each
    round starts) -> running (first round started) -> finished.
    """

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration open")
        SCHEDULED = "scheduled", _("Scheduled")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Single round robin")
        DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Knockout")
        DANISH = "danish", _("Danish")
        PHASES = "phases", _("In phases (Mitchell, Danish, individual)")

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
    swiss_rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Rounds of a Swiss event; empty: enough for one clear winner (log2 of entries)."
        ),
    )
    third_place_match = models.BooleanField(
        default=False, help_text=_("Knockout: the losing semi-finalists play for third place.")
    )

    class WithdrawalResults(models.TextChoices):
        STAND = "stand", _("Played results stand; the rest are lost by forfeit")
        ANNUL = "annul", _("Every result of the withdrawn entry is annulled")

    withdrawal_results = models.CharField(
        max_length=10,
        choices=WithdrawalResults.choices,
        default=WithdrawalResults.STAND,
        help_text=_("What happens to the results of an entry that withdraws mid-event."),
    )
    danish_rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Rounds of a Danish event; empty: enough for one clear winner (log2 of entries)."
        ),
    )
    danish_avoid_repeats = models.BooleanField(
        default=True,
        help_text=_("Danish: pair an entrant with the next one not yet met (modified Danish)."),
    )
    individual = models.BooleanField(
        default=False,
        help_text=_(
            "An individual event of a partnership game: players enter alone and the "
            "partners change every round (table size 4)."
        ),
    )

    class DuplicateScoring(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("Matchpoints (2 for each score beaten, 1 for a tie)")
        DATUM_VP = "datum_vp", _("Difference from the board's average, in Victory Points")

    duplicate_scoring = models.CharField(
        max_length=12,
        choices=DuplicateScoring.choices,
        default=DuplicateScoring.DATUM_VP,
        help_text=_("How duplicate boards are scored, among those who held the same cards."),
    )
    tiebreaks = models.JSONField(
        default=list,
        blank=True,
        help_text=_("Tie-breaks in order, after match points; empty: the format's defaults."),
    )
    winner = models.ForeignKey(
        "Entry",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("A knockout's winner, named when its final is over."),
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
    match_clock = models.DurationField(
        null=True,
        blank=True,
        help_text=_(
            "A match clock: each player's time bank for the whole match (a Fischer clock); "
            "empty: none. A player whose bank runs out loses by forfeit."
        ),
    )
    clock_increment = models.DurationField(
        default=timedelta(0),
        blank=True,
        help_text=_("Time added to a player's bank after each of their moves."),
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
        """Players are seated at tables of three or more (not pairs, not head-to-head, not an
        individual event of a partnership game)."""
        return not self.pairs and not self.individual and self.table_size > 2

    @property
    def pairs_each_round(self) -> bool:
        """Swiss, knockout and Danish events pair a round when it starts, from the results
        so far; a round robin's pairings are all made with the schedule."""
        return self.format in PAIRED_EACH_ROUND

    @property
    def scored_in_victory_points(self) -> bool:
        """The event's matches are scored in Victory Points: its game has
        ``victory_points`` and its options play a fixed number of hands (Burraco's
        ``3_hands`` / ``4_hands``). Standings then rank by VP, then by the difference in
        match points (``tournaments.standings``). Bad options: False."""
        from games.rules import get_game

        game = get_game(self.game)
        if self.format == self.Format.PHASES:
            return hasattr(game, "round_victory_points")
        if not hasattr(game, "victory_points") or self.is_table_event:
            return False
        try:
            options = game.validate_options(self.options or {})
        except ValueError:
            return False
        return options.get("match") in ("3_hands", "4_hands")

    @property
    def shows_percentage(self) -> bool:
        """An event in phases with duplicate boards scored by matchpoints: its standings
        show each entry's matchpoints as a percentage."""
        return (
            self.format == self.Format.PHASES
            and self.duplicate_scoring == self.DuplicateScoring.MATCHPOINTS
            and self.phases.filter(duplicate=True).exists()
        )

    @property
    def tie_break_names(self) -> tuple[str, ...]:
        """The tie-breaks that order the standings after match points: the event's choice,
        else the format's defaults (``DEFAULT_TIE_BREAKS_OF``); a table event is ranked
        by the points at its tables, then first places (``tournaments.table_standings``).
        """
        if self.is_table_event:
            return (TieBreak.POINT_DIFFERENCE.value, TieBreak.WINS.value)
        if self.format == self.Format.PHASES:  # tournaments/phase_standings.py
            return (TieBreak.POINT_DIFFERENCE.value,)
        if self.tiebreaks:
            return tuple(self.tiebreaks)
        return DEFAULT_TIE_BREAKS_OF.get(self.format, DEFAULT_TIE_BREAKS)

    def clean(self) -> None:
        """Admin check: a pairs event is played at tables of four, the game must be played
        by ``table_size`` players, a Swiss, knockout or Danish event by two, and the
        tie-breaks must be known, listed once, and for an event of head-to-head matches."""
        from django.core.exceptions import ValidationError

        from games.rules import get_game

        if self.pairs and self.table_size != 4:
            raise ValidationError({"table_size": "A pairs event is played at tables of four."})
        if self.individual and (self.pairs or self.table_size != 4):
            raise ValidationError(
                {
                    "individual": _(
                        "An individual event seats its players in pairs at tables of four: "
                        "table size 4, not a pairs event."
                    )
                }
            )
        if self.individual and self.format != self.Format.PHASES:
            raise ValidationError(
                {"format": _("An individual event is run in phases: choose In phases.")}
            )
        pairs_danish = self.pairs and self.format == self.Format.DANISH
        if (
            self.format in PAIRED_EACH_ROUND
            and not pairs_danish
            and (self.pairs or self.table_size != 2)
        ):
            raise ValidationError(
                {
                    "format": _(
                        "%(format)s is for two-player matches only (table size 2, no pairs): "
                        "choose a round robin or a Danish event for pairs, a round robin "
                        "for table events."
                    )
                    % {"format": self.get_format_display()}
                }
            )
        names = list(self.tiebreaks or [])
        unknown = [name for name in names if name not in TieBreak.values]
        if not isinstance(self.tiebreaks, list) or unknown:
            raise ValidationError(
                {
                    "tiebreaks": _("Unknown tie-breaks: %(names)s. Choose from %(known)s.")
                    % {"names": ", ".join(map(str, unknown)), "known": ", ".join(TieBreak.values)}
                }
            )
        if len(set(names)) != len(names):
            raise ValidationError({"tiebreaks": _("Name each tie-break once.")})
        if names and self.is_table_event:
            raise ValidationError(
                {
                    "tiebreaks": _(
                        "A table event is ranked by the points at its tables, then first "
                        "places: leave the tie-breaks empty."
                    )
                }
            )
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


PAIRED_EACH_ROUND = (
    Tournament.Format.SWISS,
    Tournament.Format.KNOCKOUT,
    Tournament.Format.DANISH,
)

DEFAULT_TIE_BREAKS_OF = {
    Tournament.Format.SWISS: ("buchholz", "median_buchholz", "sonneborn_berger"),
    Tournament.Format.DANISH: ("buchholz", "median_buchholz", "sonneborn_berger"),
    Tournament.Format.KNOCKOUT: ("wins", "point_difference"),
}
"""Tie-breaks of an event that chooses none; a round robin's are ``DEFAULT_TIE_BREAKS``."""


class Phase(models.Model):
    """A phase of an event in phases (``Tournament.Format.PHASES``): a number of rounds of
    one movement, e.g. two Mitchell rounds with duplicate boards, then two Danish rounds
    (docs/tournaments.md). Standings run through the phases in the event's scoring."""

    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell (North-South stay, East-West move)")
        DANISH = "danish", _("Danish (1 v 2, 3 v 4 in the standings)")
        INDIVIDUAL = "individual", _("Individual (a new partner every round)")

    class Seating(models.TextChoices):
        ORDER = "order", _("Entry order: the first half North-South")
        DRAW = "draw", _("A draw")
        CHOSEN = "chosen", _("The organiser's choice")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="phases")
    number = models.PositiveSmallIntegerField()
    movement = models.CharField(max_length=12, choices=Movement.choices)
    rounds = models.PositiveSmallIntegerField(default=1)
    skip = models.PositiveSmallIntegerField(
        default=1, help_text=_("Mitchell: tables the East-West pairs move on after each round.")
    )
    seating = models.CharField(max_length=8, choices=Seating.choices, default=Seating.ORDER)
    north_south = models.JSONField(
        default=list,
        blank=True,
        help_text=_("Mitchell, the organiser's choice: the entries (ids) that sit North-South."),
    )
    seated = models.JSONField(
        null=True,
        blank=True,
        help_text=_('The Mitchell seating once made: {"ns": [entry ids], "ew": [...]}.'),
    )
    duplicate = models.BooleanField(
        default=False,
        help_text=_("Every table plays the same cards for each board (carte uguali)."),
    )
    deals_per_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Deals (boards) a round; empty: the game's own match."),
    )
    round_minutes = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "The round clock: no deal starts after this many minutes from the round's "
            'start; the deal in progress ends as "At time" says. Empty: no round clock.'
        ),
    )

    class AtTime(models.TextChoices):
        PLAY_OUT = "play_out", _("The deal in progress is played out")
        AS_IT_STANDS = "as_it_stands", _("The deal in progress is scored as it stands")

    at_time = models.CharField(
        _("at time"),
        max_length=12,
        choices=AtTime.choices,
        default=AtTime.PLAY_OUT,
        help_text=_(
            "When the round clock runs out: play the deal in progress out, or stop it and "
            "score what each side has won so far."
        ),
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="phase_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – phase {self.number} ({self.get_movement_display()})"

    def clean(self) -> None:
        """Refuse "scored as it stands" for a game that cannot score a deal stopped part
        way (its engine's ``result_as_it_stands`` gives None for a fresh deal)."""
        from games.rules import get_game

        super().clean()
        if self.at_time != self.AtTime.AS_IT_STANDS:
            return
        try:
            tournament = self.tournament  # in admin, the event being added or changed
        except Tournament.DoesNotExist:
            return
        if not game_scores_as_it_stands(tournament.game, tournament.options):
            raise ValidationError({"at_time": at_time_refusal(get_game(tournament.game).name)})


def at_time_refusal(game_name: str) -> str:
    """The message refusing "scored as it stands" for a game that cannot do it."""
    return _(
        "%(game)s cannot score a deal stopped part way: choose to play the deal in progress out."
    ) % {"game": game_name}


def game_scores_as_it_stands(slug: str, options: dict | None) -> bool:
    """Whether the engine of game ``slug`` scores a deal stopped part way
    (``Game.result_as_it_stands`` of a fresh deal of four seats, or of the first count
    the options allow, is not None). False for an unknown game or bad options."""
    from games.rules import get_game

    try:
        game = get_game(slug)
        options = game.validate_options(options or {})
    except (KeyError, ValueError):
        return False
    counts = game.seat_counts(options)
    seats = 4 if 4 in counts else counts[0]
    return game.result_as_it_stands(game.new_deal(seats=seats, options=options, seed=0)) is not None


class ArbiterAct(models.Model):
    """An arbiter's act in an event, kept in its log and shown on the event page: a score
    adjustment or penalty (``points`` added to the entry's event score, negative for a
    penalty), a replacement, a late entry or a disqualification, always with a reason."""

    class Kind(models.TextChoices):
        ADJUSTMENT = "adjustment", _("Score adjustment")
        PENALTY = "penalty", _("Penalty")
        REPLACEMENT = "replacement", _("Replacement")
        LATE_ENTRY = "late_entry", _("Late entry")
        DISQUALIFICATION = "disqualification", _("Disqualification")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="arbiter_acts"
    )
    round = models.ForeignKey(
        "Round", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    entry = models.ForeignKey(
        "Entry", on_delete=models.CASCADE, null=True, blank=True, related_name="arbiter_acts"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    points = models.FloatField(default=0)
    reason = models.TextField()
    details = models.JSONField(default=dict, blank=True)
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.entry or self.tournament}"


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
    withdrawn_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When the entry withdrew from the running event (later pairings skip it)."),
    )
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
    """One round of a tournament; its matches are ``games.Match`` rows (``round.matches``).

    A league round (leagues/) has a play window, ``opens_at`` to ``closes_at``, and no
    ``starts_at``: its matches start when their players are ready, not with the round.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        STARTED = "started", _("Started")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    phase = models.ForeignKey(
        Phase, on_delete=models.CASCADE, null=True, blank=True, related_name="round_set"
    )
    starts_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    opens_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("A league round's play window opens (empty: not a league round)."),
    )
    closes_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("A league round's play window closes: a pairing not started is forfeited."),
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – round {self.number}"

    @property
    def start_time(self):
        """When the round started if it has (``started_at``: a round may start before or
        after its planned time), else when it is planned to (``starts_at``), else None.
        The one start every page, export and calendar shows."""
        return self.started_at or self.starts_at


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
    buchholz = models.FloatField(default=0)
    median_buchholz = models.FloatField(default=0)
    progressive = models.FloatField(default=0)
    percentage = models.FloatField(
        null=True, blank=True, help_text=_("Duplicate boards: matchpoints as a percentage.")
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament", "rank", "entry__player__username"]

    def __str__(self) -> str:
        return f"{self.rank}. {self.entry.player}"

    @property
    def deal_point_difference(self) -> int:
        return self.deal_points_for - self.deal_points_against

    def tie_break(self, name: str) -> float | None:
        """The value of the tie-break ``name`` (a ``TieBreak``) on this row.

        Raises:
            KeyError: an unknown name.
        """
        if name not in TieBreak.values:
            raise KeyError(name)
        return getattr(self, "deal_point_difference" if name == "point_difference" else name)


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

    @property
    def is_provisional(self) -> bool:
        """True while the player has too few rated matches in the game for the rating to
        have settled (``tournaments.rating.is_provisional``)."""
        return is_provisional(self.rated_matches)


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


class GameKFactor(models.Model):
    """The Elo K of one game and format in force on the site, and a refit's proposal.

    A row overrides ``tournaments.rating.K_TABLE`` (``tournaments.rating_fit.k_factors_for``).
    ``manage.py refit_k`` (and its beat task) fills in the ``proposed_*`` fields and the
    log-loss of both on the game's own history; staff apply a proposal with the admin
    action (``rating_fit.k_apply_proposal``), never by editing the numbers in force.
    """

    class Format(models.TextChoices):
        TWO = "two", _("Two players")
        PAIRS = "pairs", _("Pairs")
        TABLE = "table", _("Table")

    game = models.CharField(max_length=40, choices=game_choices)
    format = models.CharField(max_length=8, choices=Format.choices)
    provisional = models.PositiveSmallIntegerField()
    regular = models.PositiveSmallIntegerField()
    top = models.PositiveSmallIntegerField()
    proposed_provisional = models.PositiveSmallIntegerField(null=True, blank=True)
    proposed_regular = models.PositiveSmallIntegerField(null=True, blank=True)
    proposed_top = models.PositiveSmallIntegerField(null=True, blank=True)
    proposal_matches = models.PositiveIntegerField(default=0)
    log_loss_current = models.FloatField(null=True, blank=True)
    log_loss_proposed = models.FloatField(null=True, blank=True)
    proposed_at = models.DateTimeField(null=True, blank=True)
    applied_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "format"]
        constraints = [
            models.UniqueConstraint(fields=["game", "format"], name="gamekfactor_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.format} K {self.provisional}/{self.regular}/{self.top}"

    @property
    def has_proposal(self) -> bool:
        return self.proposed_regular is not None
