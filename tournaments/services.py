"""Services that change tournaments: registration, schedule, rounds, results, ratings.

Each is one transaction; views, admin actions and Celery tasks call these and never save
domain rows themselves. The algorithms are pure (``tournaments.pairing``,
``tournaments.rating``, ``tournaments.standings``); these functions load rows, call them
and save. Tasks are queued and broadcasts sent only after commit.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import timedelta
from types import SimpleNamespace

from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Player
from games import live
from games import services as game_services
from games.consumers import player_updates_group
from games.models import Match, Seat
from games.rules import get_game
from games.services import player_matches
from games.state import match_victory_points
from tournaments import phases
from tournaments.models import (
    STARTING_RATING,
    Entry,
    Rating,
    RatingChange,
    Round,
    Standing,
    Tournament,
)
from tournaments.pairing import round_robin_schedule
from tournaments.pairing.knockout import danish_round, first_round, next_round
from tournaments.pairing.swiss import SwissEntrant, SwissPairingError, pair_round
from tournaments.pairing.tables import table_schedule
from tournaments.rating import PlayerRating, k_factor, rate_sides, rated_format
from tournaments.rating_fit import k_factors_for, match_places
from tournaments.standings import MatchResult, compute_standings, tie_break_values
from tournaments.table_standings import TableResult, compute_table_standings


class TournamentError(Exception):
    """A refused request (registration closed, tournament full, ...); the message is for
    the user and nothing was changed.
    """


# Registration -------------------------------------------------------------------------


@transaction.atomic
def tournament_open_registration(*, tournament: Tournament) -> Tournament:
    """Open registration of a draft tournament.

    Raises:
        TournamentError: the tournament is past registration, or its options are invalid.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        raise TournamentError(_("%(event)s is past registration.") % {"event": tournament})
    try:
        tournament.options = get_game(tournament.game).validate_options(tournament.options)
    except ValueError as error:
        raise TournamentError(f"{tournament}: {error}") from None
    tournament.status = Tournament.Status.REGISTRATION
    tournament.save(update_fields=["status", "options"])
    return tournament


def _check_registration_window(tournament: Tournament) -> None:
    now = timezone.now()
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError("Registration for this tournament is not open.")
    if tournament.registration_opens_at and now < tournament.registration_opens_at:
        raise TournamentError("Registration has not opened yet.")
    if tournament.registration_closes_at and now >= tournament.registration_closes_at:
        raise TournamentError("Registration has closed.")


def entry_of(tournament: Tournament, player: Player) -> Entry | None:
    """The entry ``player`` plays in (as its player or as the partner), or None."""
    return (
        Entry.objects.filter(tournament=tournament)
        .filter(Q(player=player) | Q(partner=player))
        .first()
    )


@transaction.atomic
def entry_register(
    *, tournament: Tournament, player: Player, partner: Player | None = None
) -> Entry:
    """Register ``player`` in ``tournament``; in a pairs event with the ``partner`` they
    name, who must then confirm (``entry_confirm_partner``) before the pair is scheduled.

    Raises:
        TournamentError: registration is not open, the tournament is full, the player or
            the partner is already in an entry, a pairs event without a partner (or a
            partner named for an event of single players), or oneself as partner.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_registration_window(tournament)
    if player.is_bot or (partner is not None and partner.is_bot):
        raise TournamentError(_("Computer opponents do not enter tournaments."))
    if entry_of(tournament, player) is not None:
        raise TournamentError(_("You are already registered."))
    if tournament.pairs:
        if partner is None:
            raise TournamentError(_("Name your partner: this is an event for pairs."))
        if partner.pk == player.pk:
            raise TournamentError(_("Your partner must be another player."))
        if not partner.is_active:
            raise TournamentError(_("There is no such player."))
        if entry_of(tournament, partner) is not None:
            raise TournamentError(_("%(name)s is already registered.") % {"name": partner})
    elif partner is not None:
        raise TournamentError(_("This event is for single players: no partner is named."))
    if tournament.entries.count() >= tournament.capacity:
        raise TournamentError(_("This tournament is full."))
    return Entry.objects.create(tournament=tournament, player=player, partner=partner)


@transaction.atomic
def entry_confirm_partner(*, tournament: Tournament, player: Player) -> Entry:
    """``player`` confirms they play as the partner named in an entry of ``tournament``.

    Raises:
        TournamentError: registration is not open, or no entry names the player as partner
            (or it is already confirmed).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_registration_window(tournament)
    entry = Entry.objects.filter(
        tournament=tournament, partner=player, partner_confirmed=False
    ).first()
    if entry is None:
        raise TournamentError(_("No pair is waiting for you to confirm."))
    entry.partner_confirmed = True
    entry.save(update_fields=["partner_confirmed"])
    return entry


@transaction.atomic
def entry_withdraw(*, tournament: Tournament, player: Player) -> None:
    """Withdraw ``player`` from ``tournament`` while registration is open.

    Raises:
        TournamentError: registration is not open, or the player is not registered.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_registration_window(tournament)
    entry = entry_of(tournament, player)
    if entry is None:
        raise TournamentError(_("You are not registered."))
    entry.delete()  # a partner who withdraws dissolves the pair


@transaction.atomic
def entry_withdraw_from_event(*, tournament: Tournament, player: Player) -> Entry:
    """Withdraw ``player``'s entry (a player, or the pair they belong to) from a scheduled
    or running event: its live and scheduled matches are lost by forfeit
    (``games.services.match_walkover``), later Swiss and Danish rounds are paired without
    it, and its results stand or are annulled as the event's ``withdrawal_results`` says
    (``_recompute_standings``).

    Raises:
        TournamentError: the event is not under way, the player has no entry, or the entry
            has already withdrawn.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status not in (Tournament.Status.SCHEDULED, Tournament.Status.RUNNING):
        raise TournamentError(_("You can withdraw from an event only while it is under way."))
    entry = entry_of(tournament, player)
    if entry is None:
        raise TournamentError(_("You are not registered."))
    if entry.withdrawn_at is not None:
        raise TournamentError(_("You have already withdrawn."))
    entry.withdrawn_at = timezone.now()
    entry.save(update_fields=["withdrawn_at"])
    players = [entry.player_id, *([entry.partner_id] if entry.partner_id else [])]
    open_matches = (
        Match.objects.filter(
            round__tournament=tournament,
            seats__player_id__in=players,
            status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS],
            is_bye=False,
        )
        .distinct()
        .prefetch_related("seats")
    )
    for match in open_matches:
        seat = next(s.number for s in match.seats.all() if s.player_id in players)
        game_services.match_walkover(match_id=match.pk, seat=seat)
    _recompute_standings(tournament)
    _announce_on_commit(tournament.game, tournament, players)
    return entry


# Schedule and rounds -------------------------------------------------------------------


@transaction.atomic
def tournament_close_registration(*, tournament: Tournament) -> Tournament:
    """Close registration and queue the making of the schedule.

    Raises:
        TournamentError: registration is not open, or fewer than two players entered.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError(_("%(event)s: registration is not open.") % {"event": tournament})
    if tournament.entries.count() < 2:
        raise TournamentError(
            _("%(event)s: at least two players must enter.") % {"event": tournament}
        )
    tournament.status = Tournament.Status.SCHEDULED
    tournament.save(update_fields=["status"])
    tournament_id = tournament.pk
    transaction.on_commit(lambda: _SCHEDULE_QUEUE[0](tournament_id))
    return tournament


_SCHEDULE_QUEUE: list = [
    lambda tournament_id: tournament_make_schedule(tournament_id=tournament_id)
]
"""How the making of a schedule is queued: tournaments/tasks.py registers its Celery task
(``register_schedule_queue``, from ``TournamentsConfig.ready``), so that this module need
not import the tasks; until then the schedule is made at once."""


def register_schedule_queue(queue) -> None:
    """Set how ``tournament_close_registration`` queues the making of a schedule."""
    _SCHEDULE_QUEUE[:] = [queue]


@transaction.atomic
def tournament_make_schedule(*, tournament_id: int) -> list[Round]:
    """Give the entries pairing numbers and create the rounds: a round robin's with every
    match by the Berger tables; a Swiss, knockout or Danish event's without matches (each
    is paired when it starts, ``round_start``).

    Safe to run twice: a tournament that already has rounds is left as it is.

    Steps:
      1. lock the tournament; return its rounds if it has any;
      2. give the entries pairing numbers 1..n: in a random order (drawing of lots) for a
         round robin, by rating in the game (the seeds, ties by lot) for the other formats;
      3. round r starts at ``first_round_at + (r - 1) * round_interval``
         (``first_round_at`` defaults to now);
      4. a round robin: build the (double) round robin with ``round_robin_schedule`` and
         create the Round, Match and Seat rows; a bye is a finished match won by its one
         player. The other formats: create the Round rows only.

    Returns:
        The tournament's rounds in order.

    Raises:
        TournamentError: too few complete entries; a Swiss, knockout or Danish event that
            is not of two-player matches; a Swiss of more rounds than opponents.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    existing = list(tournament.rounds.order_by("number"))
    if existing:
        return existing
    entries = [e for e in tournament.entries.select_related("player", "partner") if e.is_complete]
    # A pair whose partner never confirmed cannot play: it is dropped with the schedule.
    tournament.entries.exclude(pk__in=[e.pk for e in entries]).delete()
    needed = tournament.table_size if tournament.is_table_event or tournament.individual else 2
    if len(entries) < needed:
        if needed == 2:
            raise TournamentError(
                _("%(event)s: at least two entries must be complete.") % {"event": tournament}
            )
        raise TournamentError(
            _("%(event)s: at least %(needed)s players must enter a table event.")
            % {"event": tournament, "needed": needed}
        )
    if tournament.format == Tournament.Format.PHASES:
        order = _seeded(tournament, entries)
    elif tournament.pairs_each_round:
        _check_paired_each_round(tournament, len(entries))
        order = _seeded(tournament, entries)
    else:
        order = sorted(entries, key=lambda _: secrets.randbits(32))
    for number, entry in enumerate(order, start=1):
        entry.pairing_number = number
    Entry.objects.bulk_update(order, ["pairing_number"])
    if tournament.format == Tournament.Format.PHASES:
        try:
            rounds = phases.phases_make_rounds(tournament, _round_starts(tournament))
        except phases.PhaseError as error:
            raise TournamentError(str(error)) from None
    elif tournament.pairs_each_round:
        rounds = _make_empty_rounds(tournament, _round_count(tournament, len(order)))
    elif tournament.is_table_event:
        rounds = _make_table_rounds(tournament, order)
    else:
        rounds = _make_round_robin(tournament, order)
    if tournament.status in (Tournament.Status.REGISTRATION, Tournament.Status.DRAFT):
        tournament.status = Tournament.Status.SCHEDULED
        tournament.save(update_fields=["status"])
    _recompute_standings(tournament)
    return rounds


def _round_starts(tournament: Tournament):
    start = tournament.first_round_at or timezone.now()
    return lambda index: start + index * tournament.round_interval


def _make_round_robin(tournament: Tournament, order: list[Entry]) -> list[Round]:
    """Rounds by the Berger tables of players, or of pairs (partners sit opposite)."""
    entries = {entry.pairing_number: entry for entry in order}
    schedule = round_robin_schedule(
        [entry.pairing_number for entry in order],
        double=tournament.format == Tournament.Format.DOUBLE_ROUND_ROBIN,
    )
    options = get_game(tournament.game).validate_options(tournament.options)
    starts = _round_starts(tournament)
    rounds = []
    for index, pairings in enumerate(schedule):
        round_ = Round.objects.create(
            tournament=tournament, number=index + 1, starts_at=starts(index)
        )
        rounds.append(round_)
        for pairing in pairings:
            first = entries[pairing.first_seat]
            if pairing.bye:
                _create_bye(round_, pairing.board, first, tournament.game, options)
                continue
            second = entries[pairing.second_seat]
            if tournament.pairs:  # partners opposite: seats 0 and 2 against 1 and 3
                seating = [first.player, second.player, first.partner, second.partner]
            else:
                seating = [first.player, second.player]
            _create_match(round_, pairing.board, seating, tournament.game, options)
    return rounds


def _make_table_rounds(tournament: Tournament, order: list[Entry]) -> list[Round]:
    """Rounds of tables (``tournaments.pairing.tables``): every two players meet as evenly
    as the numbers allow; those sitting out a round get a bye (``table_standings``)."""
    size = tournament.table_size
    count = tournament.table_rounds or max(1, -(-(len(order) - 1) // (size - 1)))
    schedule = table_schedule(len(order), count, size=size)
    options = get_game(tournament.game).validate_options(tournament.options)
    starts = _round_starts(tournament)
    rounds = []
    for index, table_round in enumerate(schedule):
        round_ = Round.objects.create(
            tournament=tournament, number=index + 1, starts_at=starts(index)
        )
        rounds.append(round_)
        board = 0
        for board, table in enumerate(table_round.tables, start=1):
            seating = [order[i].player for i in table]
            _create_match(round_, board, seating, tournament.game, options)
        for extra, i in enumerate(table_round.sitting_out, start=board + 1):
            _create_bye(round_, extra, order[i], tournament.game, options)
    return rounds


def _create_match(round_, board: int, seating: list, game: str, options: dict, **fields) -> Match:
    """A scheduled match of ``round_`` with ``seating[n]`` at seat ``n``; ``fields``: more
    of the Match's fields (an event in phases: deals, round clock, duplicate boards)."""
    match = Match.objects.create(
        **fields,
        game=game,
        options=options,
        round=round_,
        board=board,
        seat_count=len(seating),
        move_timeout=round_.tournament.move_timeout,
        clock_base=round_.tournament.match_clock,
        clock_increment=round_.tournament.clock_increment,
    )
    Seat.objects.bulk_create(
        [Seat(match=match, number=n, player=player) for n, player in enumerate(seating)]
    )
    return match


def _create_bye(round_, board: int, entry: Entry, game: str, options: dict) -> Match:
    """A finished bye of ``round_`` for ``entry`` (its player at seat 0)."""
    match = Match.objects.create(
        game=game,
        options=options,
        round=round_,
        board=board,
        is_bye=True,
        seat_count=1,
        status=Match.Status.FINISHED,
        winner_seat=0,
        places=[1],
        reason=Match.Reason.BYE,
        scores=[0],
        finished_at=timezone.now(),
        move_timeout=round_.tournament.move_timeout,
    )
    Seat.objects.create(match=match, number=0, player=entry.player)
    return match


@transaction.atomic
def round_start(*, round_id: int) -> Round:
    """Start a pending round: a Swiss, knockout or Danish round is paired first
    (``_pair_round``), then every match of it is dealt its first deal.

    Safe to run twice: a round that is not pending is returned unchanged.

    Raises:
        TournamentError: a round to pair whose previous round is not over, a Swiss
            round that cannot be paired without a rematch, or a league round (one with a
            play window: leagues/ opens it); nothing is changed.
    """
    round_ = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_id)
    )
    if round_.status != Round.Status.PENDING:
        return round_
    if round_.opens_at is not None:
        raise TournamentError(
            _("A league round opens with its play window; its players start its matches.")
        )
    if round_.tournament.pairs_each_round and not round_.matches.exists():
        _pair_round(round_)
    elif round_.phase_id is not None and not round_.matches.exists():
        try:
            phases.phase_pair_round(round_, _create_match, _create_bye)
        except phases.PhaseError as error:
            raise TournamentError(str(error)) from None
    for match_id in round_.matches.filter(is_bye=False).values_list("pk", flat=True):
        game_services.match_start(match_id=match_id)
    round_.status = Round.Status.STARTED
    round_.started_at = timezone.now()
    round_.save(update_fields=["status", "started_at"])
    tournament = round_.tournament
    if tournament.status == Tournament.Status.SCHEDULED:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    _finish_round_if_done(round_)
    _recompute_standings(tournament)
    _announce_on_commit(tournament.game, tournament)
    return round_


def tournament_start_next_round(*, tournament: Tournament) -> Round:
    """Start the first pending round of a scheduled or running tournament.

    Raises:
        TournamentError: the tournament has no schedule yet or no pending round.
    """
    if tournament.status not in (Tournament.Status.SCHEDULED, Tournament.Status.RUNNING):
        raise TournamentError(_("%(event)s: make the schedule first.") % {"event": tournament})
    pending = tournament.rounds.filter(status=Round.Status.PENDING).order_by("number").first()
    if pending is None:
        raise TournamentError(_("%(event)s: every round has started.") % {"event": tournament})
    return round_start(round_id=pending.pk)


def start_due_rounds(*, now=None) -> list[int]:
    """Start every pending round whose start time has come (run by beat every minute).
    A Swiss, knockout or Danish round whose previous round is still being played waits
    for a later call.

    Returns:
        The ids of the rounds started.
    """
    now = now or timezone.now()
    due = Round.objects.filter(
        status=Round.Status.PENDING,
        starts_at__lte=now,
        tournament__status__in=[Tournament.Status.SCHEDULED, Tournament.Status.RUNNING],
    ).order_by("tournament_id", "number")
    started = []
    for round_id in due.values_list("pk", flat=True):
        try:
            round_ = round_start(round_id=round_id)
        except TournamentError:
            continue  # paired from results not all in yet: the next call tries again
        if round_.status != Round.Status.PENDING:
            started.append(round_id)
    return started


def _finish_round_if_done(round_: Round) -> None:
    """Mark a started round finished when all its matches are; the tournament likewise,
    naming a knockout's winner (the winner of its final)."""
    if round_.status != Round.Status.STARTED:
        return
    if round_.matches.exclude(status=Match.Status.FINISHED).exists():
        return
    round_.status = Round.Status.FINISHED
    round_.finished_at = timezone.now()
    round_.save(update_fields=["status", "finished_at"])
    tournament = round_.tournament
    if not tournament.rounds.exclude(status=Round.Status.FINISHED).exists():
        tournament.status = Tournament.Status.FINISHED
        if tournament.format == Tournament.Format.KNOCKOUT:
            tournament.winner = _knockout_winner(tournament.rounds.order_by("number").last())
        tournament.save(update_fields=["status", "winner"])


# Rounds paired as they start: Swiss, knockout, Danish ----------------------------------


def _check_paired_each_round(tournament: Tournament, count: int) -> None:
    """Refuse a Swiss, knockout or Danish event that cannot be played (the admin form
    says the same before it is saved)."""
    pairs_danish = tournament.pairs and tournament.format == Tournament.Format.DANISH
    if not pairs_danish and (tournament.pairs or tournament.table_size != 2):
        raise TournamentError(
            _("%(event)s: a %(format)s event is for two-player matches only.")
            % {"event": tournament, "format": tournament.get_format_display()}
        )
    most = count - 1 + count % 2  # rounds before someone has met everyone (or sat out)
    if tournament.format == Tournament.Format.SWISS and _round_count(tournament, count) > most:
        raise TournamentError(
            _("%(event)s: %(count)s entries can play at most %(most)s Swiss rounds.")
            % {"event": tournament, "count": count, "most": most}
        )


def _seeded(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """``entries`` best seed first: by rating in the tournament's game (the starting
    rating for a player not yet rated), players rated alike in an order drawn by lot."""
    ratings = dict(
        Rating.objects.filter(
            game=tournament.game, player_id__in=[e.player_id for e in entries]
        ).values_list("player_id", "rating")
    )
    lots = {entry.pk: secrets.randbits(32) for entry in entries}
    return sorted(entries, key=lambda e: (-ratings.get(e.player_id, STARTING_RATING), lots[e.pk]))


def _round_count(tournament: Tournament, count: int) -> int:
    """Rounds of a Swiss, knockout or Danish event of ``count`` entries: a knockout's
    bracket needs log2 of its slots; a Swiss or Danish event plays its chosen number, by
    default as many as a knockout (enough for one entrant to win them all alone)."""
    needed = max(1, (count - 1).bit_length())
    if tournament.format == Tournament.Format.SWISS:
        return tournament.swiss_rounds or needed
    if tournament.format == Tournament.Format.DANISH:
        return tournament.danish_rounds or needed
    return needed


def _make_empty_rounds(tournament: Tournament, count: int) -> list[Round]:
    starts = _round_starts(tournament)
    return [
        Round.objects.create(tournament=tournament, number=index + 1, starts_at=starts(index))
        for index in range(count)
    ]


def _pair_round(round_: Round) -> None:
    """Create the matches of a Swiss, knockout or Danish round from the results so far.

    Call while holding select_for_update on ``round_``.

    Steps:
      1. refuse while an earlier round is not finished (its results decide this one);
      2. load the entries (by pairing number, the seeds) and every finished match;
      3. pair: a Swiss by ``pair_round`` (FIDE C.04 weights), a Danish round by
         ``danish_round`` from the standings, a knockout round by ``first_round`` from
         the seeds, then ``next_round`` from the winners in bracket order (with the
         third-place match on board 2 of the final when chosen);
      4. create the matches, seat 0 to the first of each pair, and a finished bye
         (worth a win) for the entrant left out.

    Raises:
        TournamentError: an earlier round is not finished, or no Swiss pairing avoids a
            rematch.
    """
    tournament = round_.tournament
    earlier = tournament.rounds.filter(number__lt=round_.number)
    if earlier.exclude(status=Round.Status.FINISHED).exists():
        raise TournamentError(
            _("%(event)s: round %(number)s is paired from the results of round %(previous)s.")
            % {"event": tournament, "number": round_.number, "previous": round_.number - 1}
        )
    entries = {entry.pk: entry for entry in tournament.entries.order_by("pairing_number")}
    matches = list(_finished_matches(tournament))
    if tournament.format == Tournament.Format.KNOCKOUT:
        ties = _knockout_ties(tournament, round_, entries, matches)
    elif tournament.format == Tournament.Format.SWISS:
        ties = _swiss_ties(tournament, entries, matches)
    else:
        ties = _danish_ties(tournament, entries, matches)
    options = get_game(tournament.game).validate_options(tournament.options)
    for board, (first, second) in enumerate(ties, start=1):
        if second is None:
            _create_bye(round_, board, entries[first], tournament.game, options)
        elif tournament.pairs:  # a Danish pairs event: partners opposite
            a, b = entries[first], entries[second]
            seating = [a.player, b.player, a.partner, b.partner]
            _create_match(round_, board, seating, tournament.game, options)
        else:
            seating = [entries[first].player, entries[second].player]
            _create_match(round_, board, seating, tournament.game, options)


Ties = list[tuple[int, int | None]]
"""A round's pairs of entry ids by board, seat 0 first; ``(entry, None)`` is a bye."""


def _swiss_ties(tournament, entries, matches) -> Ties:
    """A Swiss round by ``pair_round``: each entrant's score, seed, opponents, bye and
    seats so far; the bye (odd count) to the lowest-ranked entrant without one."""
    entry_of = _entry_of_player(entries.values())
    rows = {row.entrant: row for row in _standing_rows(tournament, entries, matches)}
    met: dict[int, set] = {pk: set() for pk in entries}
    seats: dict[int, list[int]] = {pk: [] for pk in entries}
    had_bye = set()
    for match in sorted(matches, key=lambda m: (m.round.number, m.board)):
        sides = [entry_of[seat.player_id] for seat in _seats(match)]
        if match.is_bye:
            had_bye.add(sides[0])
            continue
        first, second = sides
        met[first].add(second)
        met[second].add(first)
        seats[first].append(0)
        seats[second].append(1)
    swiss = [
        SwissEntrant(
            entrant=pk,
            score=rows[pk].match_points,
            rank=entry.pairing_number,
            opponents=frozenset(met[pk]),
            had_bye=pk in had_bye,
            firsts=seats[pk].count(0),
            seconds=seats[pk].count(1),
            last_seat=seats[pk][-1] if seats[pk] else None,
        )
        for pk, entry in entries.items()
        if entry.withdrawn_at is None  # a withdrawn entry is paired no more
    ]
    try:
        paired = pair_round(swiss)
    except SwissPairingError as error:
        raise TournamentError(f"{tournament}: {error}") from None
    return [*paired.pairs, *([(paired.bye, None)] if paired.bye is not None else [])]


def _danish_ties(tournament, entries, matches) -> Ties:
    """A Danish round by ``danish_round``: 1 v 2, 3 v 4, ... in the standings (seeds
    breaking ties left by the tie-breaks), rematches avoided when the event says so;
    the last entrant has the bye."""
    entry_of = _entry_of_player(entries.values())
    ranked = [
        row.entrant
        for row in _standing_rows(tournament, entries, matches)
        if entries[row.entrant].withdrawn_at is None
    ]
    met = set()
    for match in matches:
        if not match.is_bye:
            met.add(frozenset(entry_of[seat.player_id] for seat in _seats(match)))
    pairs, bye = danish_round(ranked, met, avoid_rematches=tournament.danish_avoid_repeats)
    return [*pairs, *([(bye, None)] if bye is not None else [])]


def _knockout_ties(tournament, round_, entries, matches) -> Ties:
    """A knockout round: round 1 from the seeds in bracket order (``first_round``: the
    top seeds' byes keep their slots' boards, so that board order stays bracket order),
    later rounds from the winners of the round before in board order (``next_round``);
    the final adds the third-place match on board 2 when chosen and both semi-finals
    were played."""
    if round_.number == 1:
        return first_round(list(entries))
    entry_of = _entry_of_player(entries.values())
    previous = sorted(
        (m for m in matches if m.round.number == round_.number - 1), key=lambda m: m.board
    )
    ties: Ties = list(next_round([_tie_result(m, entry_of)[0] for m in previous]))
    semi_finals = [match for match in previous if not match.is_bye]
    final = round_.number == tournament.rounds.count()
    if final and tournament.third_place_match and len(semi_finals) == 2:
        first, second = (_tie_result(match, entry_of)[1] for match in semi_finals)
        ties.append((first, second))
    return ties


def _tie_result(match: Match, entry_of: dict[int, int]) -> tuple[int, int | None]:
    """``(winner, loser)`` entry ids of a finished knockout tie (loser None for a bye).
    A tie without a winner (our games always have one; an arbiter's ruling might not)
    goes to the higher seed, the entrant in seat 0."""
    sides = [entry_of[seat.player_id] for seat in _seats(match)]
    if match.is_bye:
        return sides[0], None
    won = match.winner_seat if match.winner_seat is not None else 0
    return sides[won], sides[1 - won]


def _knockout_winner(final_round: Round) -> Entry | None:
    """The winner of the final (board 1 of the last round), or None before it is over."""
    final = (
        final_round.matches.filter(board=1, status=Match.Status.FINISHED)
        .prefetch_related("seats")
        .first()
    )
    if final is None:
        return None
    entries = list(final_round.tournament.entries.all())
    winner, _loser = _tie_result(final, _entry_of_player(entries))
    return next(entry for entry in entries if entry.pk == winner)


def _seats(match: Match) -> list[Seat]:
    return sorted(match.seats.all(), key=lambda seat: seat.number)


def _entry_of_player(entries) -> dict[int, int]:
    """Player id -> the id of the entry they play in."""
    return {player_id: entry.pk for entry in entries for player_id in entry.player_ids}


# Results, ratings, standings -----------------------------------------------------------


@transaction.atomic
def match_result_record(*, match_id: int) -> bool:
    """Record a finished match: Elo for both players, the tournament's standings, the
    round's and tournament's completion; then tell the pages that show them.

    Safe to run twice: ratings change once per (match, player) (a unique RatingChange),
    and standings are recomputed from all results, never incremented.

    Returns:
        True when ratings were updated by this call, False when already recorded (or a bye).
    """
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=match_id)
    )
    if match.status != Match.Status.FINISHED:
        return False
    rated = False
    # Casual matches are rated only when marked rated (a rated challenge, or a rated match
    # against the computer: the bots' ratings move too, listed apart from the players').
    if not match.is_bye and (match.round_id is not None or match.rated):
        rated = _rate(match)
    tournament = None
    if match.round_id is not None:
        round_ = Round.objects.select_for_update().get(pk=match.round_id)
        tournament = round_.tournament
        _finish_round_if_done(round_)
        _recompute_standings(tournament)
    players = list(match.seats.values_list("player_id", flat=True))
    _announce_on_commit(match.game, tournament, players)
    return rated


def matches_record_unrecorded(
    *, now=None, settle_seconds: int = 60, lookback_days: int = 7, limit: int = 200
) -> list[int]:
    """Record every finished match whose recording task was lost (beat, every minute).

    A task can vanish without running: kombu's Redis transport takes it off the queue before
    it counts as unacknowledged, so a worker killed in between, or Redis restarting without
    persistence, loses it (docs/reliability.md). A finished two-seat match with a winner but
    no ``RatingChange`` was not recorded; this calls ``match_result_record`` for it, which is
    idempotent, so racing a late task is harmless. Matches finished less than
    ``settle_seconds`` ago are left to their own task, and only the last ``lookback_days``
    are searched (so the sweep stays cheap as matches pile up); at most ``limit`` a call.

    Returns:
        The ids of the matches recorded by this call.
    """
    now = now or timezone.now()
    lost = (
        Match.objects.filter(
            status=Match.Status.FINISHED,
            is_bye=False,
            winner_seat__isnull=False,
            finished_at__lt=now - timedelta(seconds=settle_seconds),
            finished_at__gte=now - timedelta(days=lookback_days),
        )
        .annotate(seated=Count("seats"))
        .filter(seated__gte=2)
        .exclude(Exists(RatingChange.objects.filter(match=OuterRef("pk"))))
        .order_by("finished_at")
        .values_list("pk", flat=True)[:limit]
    )
    return [match_id for match_id in list(lost) if match_result_record(match_id=match_id)]


def _rate(match: Match) -> bool:
    """Apply the Elo update of a finished match, once: FIDE Elo between two players, and
    for partnerships and tables ``rate_sides`` (a side's rating is its players' mean and
    each partner moves by the side's change; a table counts pairwise, K over opponents),
    with the K in force for the game and format (``rating_fit.k_factors_for``).
    Each player's RatingChange names as ``opponent`` the player seated after them."""
    seats = list(match.seats.order_by("number"))
    places = match_places(match)
    if len(seats) < 2 or places is None:
        return False  # no result to rate (a pairing lost by both sides)
    if RatingChange.objects.filter(match=match).exists():
        return False
    sides = match.sides
    player_at = {seat.number: seat.player_id for seat in seats}
    for seat in seats:
        Rating.objects.get_or_create(player_id=seat.player_id, game=match.game)
    rows = {
        r.player_id: r
        for r in Rating.objects.select_for_update()
        .filter(game=match.game, player_id__in=list(player_at.values()))
        .order_by("player_id")
    }
    before = [[_player_rating(rows[player_at[n]]) for n in side] for side in sides]
    k = k_factors_for(match.game, rated_format(sides))
    after = rate_sides(before, places, k)
    try:
        with transaction.atomic():
            for side_number, side in enumerate(sides):
                others = [p for number, p in enumerate(places) if number != side_number]
                score = sum(
                    1.0 if places[side_number] < p else 0.5 if places[side_number] == p else 0.0
                    for p in others
                ) / len(others)
                for old, new, number in zip(
                    before[side_number], after[side_number], side, strict=True
                ):
                    row = rows[player_at[number]]
                    RatingChange.objects.create(
                        player_id=row.player_id,
                        opponent_id=player_at[(number + 1) % len(seats)],
                        game=match.game,
                        match=match,
                        score=score,
                        rating_before=old.rating,
                        rating_after=new.rating,
                        k_factor=k_factor(old, k),
                    )
                    row.rating = new.rating
                    row.rated_matches = new.rated_matches
                    row.reached_2400 = new.reached_2400
                    row.last_change = new.rating - old.rating
                    row.save()
    except IntegrityError:
        # Another worker recorded this match first; its update stands.
        return False
    return True


def _player_rating(row: Rating) -> PlayerRating:
    return PlayerRating(
        rating=row.rating, rated_matches=row.rated_matches, reached_2400=row.reached_2400
    )


def _recompute_standings(tournament: Tournament) -> None:
    """Rebuild the tournament's Standing rows from every finished match: by entry (a player
    or a pair) with ``compute_standings``, ties broken by the event's tie-breaks, or for a
    table event with ``compute_table_standings``."""
    entries = {e.pk: e for e in tournament.entries.all()}  # by pairing number
    matches = list(_finished_matches(tournament))
    if tournament.withdrawal_results == Tournament.WithdrawalResults.ANNUL:
        # Annulled: the withdrawn entries and every match they played leave the standings.
        gone = {e.player_id for e in entries.values() if e.withdrawn_at is not None}
        gone |= {e.partner_id for e in entries.values() if e.withdrawn_at and e.partner_id}
        entries = {pk: e for pk, e in entries.items() if e.withdrawn_at is None}
        matches = [m for m in matches if not any(s.player_id in gone for s in m.seats.all())]
    if tournament.is_table_event:
        _save_table_standings(tournament, entries, _entry_of_player(entries.values()), matches)
        return
    if tournament.format == Tournament.Format.PHASES:
        _replace_standings(
            tournament,
            [
                (
                    entry,
                    SimpleNamespace(
                        rank=row.rank, played=row.played, wins=row.wins, losses=row.losses,
                        byes=row.byes, match_points=round(row.total, 4),
                    ),
                    {
                        "deal_points_for": row.points_for,
                        "deal_points_against": row.points_against,
                        "percentage": row.percentage,
                    },
                )
                for entry, row in phases.phase_standing_rows(tournament)
            ],
        )  # fmt: skip
        return
    results = _match_results(entries, matches)
    rows = compute_standings(
        list(entries),
        results,
        tournament.tie_break_names,
        victory_points=tournament.scored_in_victory_points,
    )
    values = tie_break_values(list(entries), results)
    _replace_standings(
        tournament,
        [
            (
                entries[row.entrant],
                row,
                {
                    "deal_points_for": row.deal_points_for,
                    "deal_points_against": row.deal_points_against,
                    "head_to_head": row.head_to_head,
                    "sonneborn_berger": row.sonneborn_berger,
                    "buchholz": values[row.entrant]["buchholz"],
                    "median_buchholz": values[row.entrant]["median_buchholz"],
                    "progressive": values[row.entrant]["progressive"],
                },
            )
            for row in rows
        ],
    )


def _finished_matches(tournament: Tournament):
    """The tournament's finished matches and byes, with their rounds and seats."""
    return (
        Match.objects.filter(round__tournament=tournament, status=Match.Status.FINISHED)
        # A bye is made finished with the schedule; it counts once its round has started.
        .exclude(round__status=Round.Status.PENDING)
        .select_related("round")
        .prefetch_related("seats")
    )


def _match_results(entries: dict[int, Entry], matches) -> list[MatchResult]:
    """``matches`` (finished, seats prefetched) as results between entry ids."""
    entry_of = _entry_of_player(entries.values())
    results = []
    for match in matches:
        if match.reason == Match.Reason.FORFEIT and match.winner_seat is None:
            continue  # lost by both (a league window closed, neither ready): no points
        seats = _seats(match)
        first = entry_of[seats[0].player_id]
        second = entry_of[seats[1].player_id] if len(seats) > 1 else None
        scores = match.scores or [0, 0]
        winner = None if match.winner_seat is None else entry_of[seats[match.winner_seat].player_id]
        vp = None if match.is_bye else match_victory_points(match)
        results.append(
            MatchResult(
                round_number=match.round.number,
                first=first,
                second=second,
                winner=winner,
                first_deal_points=scores[0] if scores else 0,
                second_deal_points=scores[1] if len(scores) > 1 else 0,
                bye=match.is_bye,
                first_victory_points=vp[0] if vp else None,
                second_victory_points=vp[1] if vp else None,
            )
        )
    return results


def _standing_rows(tournament: Tournament, entries: dict[int, Entry], matches):
    """The standings now (``compute_standings``), best first; entrants level on
    everything keep the order of ``entries`` (the seeds)."""
    results = _match_results(entries, matches)
    return compute_standings(
        list(entries),
        results,
        tournament.tie_break_names,
        victory_points=tournament.scored_in_victory_points,
    )


def _replace_standings(tournament: Tournament, rows) -> None:
    """Replace the tournament's Standing rows: ``rows`` are ``(entry, row, extra)`` with
    ``row`` giving rank, played, wins, losses, byes and match points and ``extra`` the
    remaining fields."""
    Standing.objects.filter(tournament=tournament).delete()
    Standing.objects.bulk_create(
        [
            Standing(
                tournament=tournament,
                entry=entry,
                rank=row.rank,
                played=row.played,
                wins=row.wins,
                losses=row.losses,
                byes=row.byes,
                match_points=row.match_points,
                **extra,
            )
            for entry, row, extra in rows
        ]
    )


def _seat_places_and_points(match: Match, seats) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Each seat's place and points (in ``seats``' order) from the match's, which are per
    side: a seat takes its side's (at a table of a partnership game, such as Briscola at
    four in an event that is neither pairs nor individual, both partners share them). A bye
    is first with its points (none)."""
    if match.is_bye:
        return tuple(match.places or [1]), tuple(match.scores or [0] * len(seats))
    sides = match.sides
    side_of = {seat: number for number, side in enumerate(sides) for seat in side}
    places = list(match.places)
    scores = list(match.scores) or [0] * len(sides)
    return (
        tuple(places[side_of[s.number]] for s in seats),
        tuple(scores[side_of[s.number]] for s in seats),
    )


def _save_table_standings(tournament, entries, entry_of, matches) -> None:
    results = []
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda s: s.number)
        places, points = _seat_places_and_points(match, seats)
        results.append(
            TableResult(
                round_number=match.round.number,
                entrants=tuple(entry_of[s.player_id] for s in seats),
                places=places,
                points=points,
                bye=match.is_bye,
                table_size=tournament.table_size,
            )
        )
    rank_by = "points" if get_game(tournament.game).ranked_by_chips else "places"
    rows = compute_table_standings(list(entries), results, rank_by=rank_by)
    _replace_standings(
        tournament,
        [(entries[row.entrant], row, {"deal_points_for": row.points}) for row in rows],
    )


@transaction.atomic
def tournament_recompute_standings(*, tournament: Tournament) -> None:
    """Recompute a tournament's standings from its results and tell its pages."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _recompute_standings(tournament)
    _announce_on_commit(tournament.game, tournament)


def _announce_on_commit(
    game: str, tournament: Tournament | None, player_ids: Sequence[int] = ()
) -> None:
    """After commit, tell the pages that show these results: the game's leaderboard, the
    tournament's page and the profiles of ``player_ids`` (``{"type": "changed"}``)."""
    groups = [f"leaderboard-{game}"]
    if tournament is not None:
        groups.append(tournament.group_name)
    groups += [player_updates_group(player_id) for player_id in player_ids]

    def announce() -> None:
        for group in groups:
            live.group_send(group, {"type": "results.changed"})

    transaction.on_commit(announce)


def player_schedule(player: Player):
    """The player's matches, newest rounds first, with what the schedule page shows
    (``games.services.player_matches``)."""
    return player_matches(player)
