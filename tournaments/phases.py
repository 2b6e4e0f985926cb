"""Services of events in phases, as the federations run them (docs/tournaments.md,
"Events in phases"): Mitchell rounds (North-South stay, East-West move), Danish rounds
from the standings, individual rounds with a new partner each round; rounds of N deals
under a round clock; duplicate boards; the arbiter's acts.

The movements and the scoring are pure functions (tournaments/pairing/mitchell.py,
individual.py, tournaments/phase_standings.py, duplicate.py); this module loads rows,
calls them and saves. ``tournaments.services`` calls in here where an event in phases
differs: making the schedule, starting a round, recomputing the standings.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import boards as game_boards
from games.models import Deal, Match
from games.rules import get_game
from tournaments.models import (
    ArbiterAct,
    Entry,
    Phase,
    Round,
    Tournament,
    at_time_refusal,
    game_scores_as_it_stands,
)
from tournaments.pairing.individual import individual_rounds
from tournaments.pairing.knockout import danish_round
from tournaments.pairing.mitchell import mitchell, seat_pairs
from tournaments.phase_standings import PhaseRow, TableResult, phase_standings


class PhaseError(Exception):
    """A phased event's request that cannot be carried out; ``str()`` is for the user."""


def phases_check(tournament: Tournament) -> None:
    """Check an event in phases can be scheduled.

    Raises:
        PhaseError: no phase; a Mitchell or Danish phase in an event that is not of pairs;
            an individual phase in an event that is not individual; duplicate boards
            without a number of deals a round; a deal scored as it stands at time in
            a game that cannot score one part way; scoring by the difference from the
            average in a game without a Victory Points table.
    """
    phases = list(tournament.phases.order_by("number"))
    if not phases:
        raise PhaseError(_("%(event)s: add its phases first.") % {"event": tournament})
    game = get_game(tournament.game)
    for phase in phases:
        if phase.movement == Phase.Movement.INDIVIDUAL and not tournament.individual:
            raise PhaseError(_("An individual phase needs an individual event."))
        if phase.movement != Phase.Movement.INDIVIDUAL and not tournament.pairs:
            raise PhaseError(_("A Mitchell or Danish phase is played by pairs."))
        if phase.duplicate and not phase.deals_per_round:
            raise PhaseError(_("Duplicate boards need a number of deals a round."))
        if phase.at_time == Phase.AtTime.AS_IT_STANDS and not game_scores_as_it_stands(
            tournament.game, tournament.options
        ):
            raise PhaseError(at_time_refusal(game.name))
    if (
        tournament.duplicate_scoring == Tournament.DuplicateScoring.DATUM_VP
        and any(p.duplicate for p in phases)
        and not hasattr(game, "round_victory_points")
    ):
        raise PhaseError(
            _("%(game)s has no Victory Points table: score its boards by matchpoints.")
            % {"game": game.name}
        )


# Between two rounds on a round clock: the pairs move and sit down.
CHANGEOVER = timedelta(minutes=5)


def phases_make_rounds(tournament: Tournament, start) -> list[Round]:
    """Create every phase's rounds, numbered through the event, without matches (each
    is paired when it starts, ``phase_pair_round``). ``start(0)`` is round 1's planned
    start; a round on a round clock plans the next one its ``round_minutes`` and a
    ``CHANGEOVER`` later (a club evening's rounds follow each other), any other round
    the event's ``round_interval`` later. A round whose time comes while the one before
    is still being played waits for it (``start_due_rounds``).

    Raises:
        PhaseError: as ``phases_check``.
    """
    phases_check(tournament)
    rounds = []
    at = start(0)
    for phase in tournament.phases.order_by("number"):
        for _index in range(phase.rounds):
            rounds.append(
                Round.objects.create(
                    tournament=tournament, number=len(rounds) + 1, phase=phase, starts_at=at
                )
            )
            if phase.round_minutes:
                at += timedelta(minutes=phase.round_minutes) + CHANGEOVER
            else:
                at += tournament.round_interval
    return rounds


def phase_pair_round(round_: Round, create_match, create_bye) -> None:
    """Create the matches of a round of an event in phases, when it starts.

    Call while holding select_for_update on ``round_``. ``create_match(round_, board,
    seating, game, options, **fields)`` and ``create_bye(round_, board, entry, game,
    options)`` make the rows (tournaments.services).

    Steps:
      1. refuse while an earlier round is not finished (a Danish round is paired from
         its results; a Mitchell's seating is fixed at its first round);
      2. seat the round: Mitchell from the phase's seating (made and saved at its first
         round: entry order, a draw or the organiser's choice) and the East-West move;
         Danish from the standings; individual from the event's rotation of partners;
      3. give every match the round's number of deals, its round clock (from now; and
         whether the deal in progress at time is stopped, ``Match.stop_at_time``) and,
         for duplicate boards, the same boards (``games.boards.boards_make``);
      4. a pair or player left out has a bye.

    Raises:
        PhaseError: an earlier round is not finished.
    """
    tournament = round_.tournament
    phase = round_.phase
    if (
        tournament.rounds.filter(number__lt=round_.number)
        .exclude(status=Round.Status.FINISHED)
        .exists()
    ):
        raise PhaseError(
            _("%(event)s: round %(number)s starts when round %(previous)s is over.")
            % {"event": tournament, "number": round_.number, "previous": round_.number - 1}
        )
    game = get_game(tournament.game)
    options = game.validate_options(tournament.options)
    entries = {
        e.pk: e for e in tournament.entries.order_by("pairing_number") if e.withdrawn_at is None
    }
    if phase.movement == Phase.Movement.MITCHELL:
        tables, byes = _mitchell_tables(round_, phase, entries)
    elif phase.movement == Phase.Movement.DANISH:
        tables, byes = _danish_tables(tournament, entries)
    else:
        tables, byes = _individual_tables(round_, phase, tournament, entries)
    fields = {}
    if phase.deals_per_round:
        fields["deal_limit"] = phase.deals_per_round
    if phase.round_minutes:
        fields["ends_at"] = timezone.now() + timedelta(minutes=phase.round_minutes)
        fields["stop_at_time"] = phase.at_time == Phase.AtTime.AS_IT_STANDS
    if phase.duplicate:
        fields["board_set"] = f"t{tournament.pk}-r{round_.number}"
        fields["boards"] = game_boards.boards_make(
            game=tournament.game,
            seat_count=4,
            options=options,
            count=phase.deals_per_round,
        )
    for board, seating in enumerate(tables, start=1):
        create_match(round_, board, seating, tournament.game, options, **fields)
    for board, entry in enumerate(byes, start=len(tables) + 1):
        create_bye(round_, board, entry, tournament.game, options)


def _index_in_phase(round_: Round) -> int:
    return round_.phase.round_set.filter(number__lt=round_.number).count()


def _mitchell_tables(round_: Round, phase: Phase, entries: dict[int, Entry]):
    """The seatings of a Mitchell round (N, E, S, W: NS pair's players at 0 and 2) and
    the pairs with a bye (against the phantom, or whose opponents have withdrawn)."""
    if phase.seated is None:
        # "Entry order" is the order the pairs entered in (registration, or the rows staff
        # added in admin), not the seeds of the pairing numbers.
        entered = sorted(entries.values(), key=lambda e: (e.created_at, e.pk))
        north, east = seat_pairs(
            [e.pk for e in entered],
            seating=phase.seating,
            seed=phase.pk,
            north_south=phase.north_south,
        )
        phase.seated = {"ns": north, "ew": east}
        phase.save(update_fields=["seated"])
    north, east = phase.seated["ns"], phase.seated["ew"]
    schedule = mitchell(north, east, phase.rounds, phase.skip)
    tables, byes = [], []
    for table in schedule[_index_in_phase(round_)]:
        ns, ew = entries.get(table.north_south), entries.get(table.east_west)
        if ns and ew:
            tables.append([ns.player, ew.player, ns.partner, ew.partner])
        else:
            byes.extend(entry for entry in (ns, ew) if entry)
    return tables, byes


def _danish_tables(tournament: Tournament, entries: dict[int, Entry]):
    """A Danish round of pairs from the event's standings (1 v 2, 3 v 4, ...), rematches
    avoided when the event says so."""
    ranked = [row.entrant for row in _rows(tournament) if row.entrant in entries]
    entry_of = _entry_of_player(entries.values())
    met = set()
    for match in _finished(tournament).filter(is_bye=False):
        sides = _side_entries(match, entry_of)
        if len(sides) == 2 and all(len(side) == 1 for side in sides):
            met.add(frozenset((sides[0][0], sides[1][0])))
    pairs, bye = danish_round(ranked, met, avoid_rematches=tournament.danish_avoid_repeats)
    tables = [
        [entries[a].player, entries[b].player, entries[a].partner, entries[b].partner]
        for a, b in pairs
    ]
    return tables, [entries[bye]] if bye is not None else []


def _individual_tables(round_: Round, phase: Phase, tournament: Tournament, entries):
    """An individual round: the event's rotation of partners (``individual_rounds``,
    over every individual phase's rounds), N-S partners at seats 0 and 2."""
    order = list(entries.values())
    before = Round.objects.filter(
        tournament=tournament,
        phase__movement=Phase.Movement.INDIVIDUAL,
        number__lt=round_.number,
    ).count()
    total = sum(p.rounds for p in tournament.phases.filter(movement=Phase.Movement.INDIVIDUAL))
    schedule = individual_rounds(len(order), max(total, before + 1), seed=tournament.pk)
    this = schedule[before]
    tables = [[order[i].player for i in this.seats(t)] for t in range(len(this.tables))]
    return tables, [order[i] for i in this.sitting_out]


def _finished(tournament: Tournament):
    return (
        Match.objects.filter(round__tournament=tournament, status=Match.Status.FINISHED)
        .exclude(round__status=Round.Status.PENDING)
        .select_related("round")
        .prefetch_related("seats")
    )


def _entry_of_player(entries) -> dict[int, int]:
    found = {}
    for entry in entries:
        found[entry.player_id] = entry.pk
        if entry.partner_id:
            found[entry.partner_id] = entry.pk
    return found


def _side_entries(match: Match, entry_of: dict[int, int]) -> list[list[int]]:
    """The entries of each side of ``match``: one pair entry a side in a pairs event,
    the two partners' own entries in an individual event."""
    player_at = {seat.number: seat.player_id for seat in match.seats.all()}
    sides = []
    for side in match.sides:
        ids = []
        for seat in side:
            entry = entry_of.get(player_at.get(seat))
            if entry is not None and entry not in ids:
                ids.append(entry)
        sides.append(ids)
    return sides


def _rows(tournament: Tournament) -> list[PhaseRow]:
    """The event's standings now (``phase_standings``) over every entry, seeds first."""
    entries = list(tournament.entries.order_by("pairing_number", "created_at"))
    entry_of = _entry_of_player(entries)
    game = get_game(tournament.game)
    vp_table = getattr(game, "round_victory_points", None)
    tables, byes = [], []
    matches = list(_finished(tournament).prefetch_related("deals"))
    for match in matches:
        if board_hidden(match):
            continue  # counted once every table has finished the boards
        if match.is_bye:
            seat = next(iter(match.seats.all()))
            byes.append((match.round.number, entry_of[seat.player_id]))
            continue
        results = [d.result for d in sorted(match.deals.all(), key=lambda d: d.number) if d.result]
        deals = tuple(tuple(game.match_scores([r], match.options)) for r in results)
        tables.append(
            TableResult(
                round_number=match.round.number,
                sides=tuple(tuple(side) for side in _side_entries(match, entry_of)),
                totals=tuple(match.scores or [0] * len(match.sides)),
                winner=match.winner_seat,
                deals=deals,
                board_set=match.board_set,
            )
        )
    adjustments: dict[int, float] = {}
    for act in ArbiterAct.objects.filter(tournament=tournament, entry__isnull=False):
        adjustments[act.entry_id] = adjustments.get(act.entry_id, 0.0) + act.points
    return phase_standings(
        [e.pk for e in entries],
        tables,
        byes=byes,
        adjustments=adjustments,
        vp_table=vp_table,
        method=tournament.duplicate_scoring,
    )


def phase_standing_rows(tournament: Tournament) -> list[tuple[Entry, PhaseRow]]:
    """``(entry, row)`` best first, for ``tournaments.services`` to save as Standing rows."""
    entries = {e.pk: e for e in tournament.entries.all()}
    return [(entries[row.entrant], row) for row in _rows(tournament)]


def board_hidden(match: Match) -> bool:
    """True while ``match``'s results must not be shown: it plays duplicate boards that
    some table of its set has not finished (games.boards)."""
    if not match.board_set:
        return False
    last = match.deal_limit or len(match.boards or [])
    return not all(
        game_boards.board_finished_everywhere(match.board_set, number)
        for number in range(1, last + 1)
    )


# The arbiter ---------------------------------------------------------------------------


def _act(**fields) -> ArbiterAct:
    if not (fields.get("reason") or "").strip():
        raise PhaseError(_("Give the reason for the arbiter's decision."))
    return ArbiterAct.objects.create(**fields)


@transaction.atomic
def arbiter_adjust(
    *,
    tournament: Tournament,
    entry: Entry,
    points: float,
    reason: str,
    staff,
    penalty: bool = False,
    round_: Round | None = None,
) -> ArbiterAct:
    """Add ``points`` to ``entry``'s event score (a result adjusted), or, as a
    ``penalty``, take them away (``points`` is given positive), with a reason; kept in
    the event log and the standings recomputed by the caller.

    Raises:
        PhaseError: no reason, an entry of another event, or a penalty not positive.
    """
    if entry.tournament_id != tournament.pk:
        raise PhaseError(_("That entry is not in this event."))
    if penalty and points <= 0:
        raise PhaseError(_("A penalty takes away a positive number of points."))
    return _act(
        tournament=tournament,
        round=round_,
        entry=entry,
        kind=ArbiterAct.Kind.PENALTY if penalty else ArbiterAct.Kind.ADJUSTMENT,
        points=-points if penalty else points,
        reason=reason,
        staff=staff,
    )


def _between_rounds(tournament: Tournament) -> None:
    if tournament.rounds.filter(status=Round.Status.STARTED).exists():
        raise PhaseError(_("Wait until the round in play is over."))


@transaction.atomic
def arbiter_replace(
    *, tournament: Tournament, entry: Entry, leaving, joining, reason: str, staff
) -> ArbiterAct:
    """Replace the player ``leaving`` of ``entry`` by ``joining`` between rounds: later
    rounds seat ``joining``; the results played stand for the entry.

    Raises:
        PhaseError: a round is in play, ``leaving`` is not of the entry, ``joining`` is
            already entered, or no reason.
    """
    _between_rounds(tournament)
    if leaving.pk not in entry.player_ids:
        raise PhaseError(_("%(player)s does not play for that entry.") % {"player": leaving})
    if (
        tournament.entries.filter(player=joining).exists()
        or tournament.entries.filter(partner=joining).exists()
    ):
        raise PhaseError(_("%(player)s is already entered.") % {"player": joining})
    act = _act(
        tournament=tournament,
        entry=entry,
        kind=ArbiterAct.Kind.REPLACEMENT,
        reason=reason,
        staff=staff,
        details={"leaving": leaving.username, "joining": joining.username},
    )
    if entry.player_id == leaving.pk:
        entry.player = joining
    else:
        entry.partner = joining
    entry.save(update_fields=["player", "partner"])
    return act


@transaction.atomic
def arbiter_admit_late(
    *, tournament: Tournament, player, partner=None, reason: str, staff
) -> Entry:
    """Admit a late entry between rounds: it is paired from the next round (a Danish or
    individual round; in a Mitchell it takes the phantom's seat, where there is one).

    Raises:
        PhaseError: a round is in play, the player (or partner) is already entered, a
            pairs event without a partner, or no reason.
    """
    _between_rounds(tournament)
    if tournament.pairs and partner is None:
        raise PhaseError(_("A pairs event admits a pair: name the partner."))
    for someone in (player, partner):
        if someone is not None and (
            tournament.entries.filter(player=someone).exists()
            or tournament.entries.filter(partner=someone).exists()
        ):
            raise PhaseError(_("%(player)s is already entered.") % {"player": someone})
    number = (tournament.entries.order_by("-pairing_number").first().pairing_number or 0) + 1
    entry = Entry.objects.create(
        tournament=tournament,
        player=player,
        partner=partner,
        partner_confirmed=partner is not None,
        pairing_number=number,
    )
    for phase in tournament.phases.filter(movement=Phase.Movement.MITCHELL):
        if phase.seated and None in phase.seated["ew"]:
            phase.seated["ew"][phase.seated["ew"].index(None)] = entry.pk
            phase.save(update_fields=["seated"])
    _act(
        tournament=tournament,
        entry=entry,
        kind=ArbiterAct.Kind.LATE_ENTRY,
        reason=reason,
        staff=staff,
    )
    return entry


@transaction.atomic
def arbiter_disqualify(*, tournament: Tournament, entry: Entry, reason: str, staff) -> ArbiterAct:
    """Disqualify ``entry``: it is paired no more (its Mitchell opponents have a bye);
    its results so far stand. Kept in the event log.

    Raises:
        PhaseError: an entry of another event, already out, or no reason.
    """
    if entry.tournament_id != tournament.pk:
        raise PhaseError(_("That entry is not in this event."))
    if entry.withdrawn_at is not None:
        raise PhaseError(_("That entry is already out of the event."))
    act = _act(
        tournament=tournament,
        entry=entry,
        kind=ArbiterAct.Kind.DISQUALIFICATION,
        reason=reason,
        staff=staff,
    )
    entry.withdrawn_at = timezone.now()
    entry.save(update_fields=["withdrawn_at"])
    return act


def scorecard(match: Match) -> list[dict]:
    """A table's round deal by deal: ``[{"deal": n, "points": [per side]}]`` and a last
    line ``{"deal": None, "points": totals}``; empty while its boards are hidden."""
    if board_hidden(match):
        return []
    game = get_game(match.game)
    lines = [
        {"deal": d.number, "points": game.match_scores([d.result], match.options)}
        for d in Deal.objects.filter(match=match, result__isnull=False).order_by("number")
    ]
    if lines:
        lines.append({"deal": None, "points": list(match.scores)})
    return lines


# What the event page shows -------------------------------------------------------------


def phases_overview(tournament: Tournament) -> list[dict]:
    """Each phase for the event page: ``{"phase", "rounds": [numbers], "movement"}``, where
    ``movement`` is a Mitchell's plan once its seating is made: one row a table,
    ``{"table", "north_south", "east_west": [entry name each round]}`` (names of the
    entries, "—" for the phantom: that pair sits out); None otherwise."""
    names = {e.pk: e.name for e in tournament.entries.select_related("player", "partner")}
    overview = []
    for phase in tournament.phases.prefetch_related("round_set").order_by("number"):
        movement = None
        if phase.movement == Phase.Movement.MITCHELL and phase.seated:
            north, east = phase.seated["ns"], phase.seated["ew"]
            schedule = mitchell(north, east, phase.rounds, phase.skip)
            movement = [
                {
                    "table": number + 1,
                    "north_south": names.get(north[number], "—"),
                    "east_west": [names.get(r[number].east_west, "—") for r in schedule],
                }
                for number in range(len(north))
            ]
        overview.append(
            {
                "phase": phase,
                "rounds": sorted(r.number for r in phase.round_set.all()),
                "movement": movement,
            }
        )
    return overview


def event_log(tournament: Tournament):
    """The arbiter's acts, oldest first, with their entries and staff."""
    return tournament.arbiter_acts.select_related(
        "entry__player", "entry__partner", "round", "staff"
    ).order_by("created_at", "id")
