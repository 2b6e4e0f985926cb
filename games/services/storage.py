"""The statements that store a move: a move that does not end its deal (one conditional
statement, ``_store_move``), a deal's end with the earlier deals' results
(``_store_deal_end``), and the match with its next deal (``_store_match_and_deal``).

PostgreSQL gets one statement each; any other database (the embedded default, SQLite)
the same conditions and changes through the ORM. The callers are in ``moves``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from django.db import connection, transaction
from django.utils import timezone

from games.models import Deal, Match

# One statement for a move that does not end its deal: the match's seq and clocks move on
# only if it is still at the seq the move was made on, live and (unless the caller holds
# its lock) out of its grace; the action is appended to the deal only if the match moved.
# The tables are Match's and Deal's (tests/games/test_live_cache.py checks the names).
_STORE_MOVE_SQL = (
    "WITH moved AS (UPDATE games_match SET seq = %s, move_deadline = %s, grace_until = %s, "
    "clock_banks = %s::jsonb, turn_started_at = %s "
    "WHERE id = %s AND seq = %s AND status = %s AND (%s OR grace_until IS NULL) "
    "AND (%s OR (EXISTS (SELECT 1 FROM django_session WHERE session_key = %s "
    "AND expire_date > %s) AND EXISTS (SELECT 1 FROM accounts_player WHERE id = %s "
    "AND is_active))) "
    "RETURNING id) "
    "UPDATE games_deal SET actions = actions || %s::jsonb "
    "WHERE id = %s AND match_id = (SELECT id FROM moved)"
)
# The same statement for the kept move on the event loop, whose commit does not wait for
# the disk unless settings.LIVE_MOVE_SYNCHRONOUS_COMMIT: ``set_config(..., true)`` is SET
# LOCAL, for this statement's own transaction only (so it holds behind PgBouncer's
# transaction pooling too), evaluated when the deal's row is about to be written. A flush
# of the commit costs a write 0.15 ms on this machine idle, 1.2-1.7 ms at the median and
# 5-12 ms at p99 on it busy (bench/commit_flush.py; docs/performance.md, "Where the slow
# moves came from"); what a crash of the PostgreSQL server can then lose:
# docs/reliability.md, "A PostgreSQL crash".
_STORE_MOVE_NO_FLUSH_SQL = (
    _STORE_MOVE_SQL + " AND set_config('synchronous_commit', 'off', true) IS NOT NULL"
)


def _store_move(
    match: Match,
    deal: Deal,
    entry: dict,
    *,
    expected_seq: int,
    locked: bool,
    session: tuple[str | None, int] = (None, 0),
) -> bool:
    """Store a move that does not end its deal with one statement (``_STORE_MOVE_SQL``):
    the match's new ``seq`` and clocks from ``match`` (already changed), ``entry``
    appended to ``deal``'s log. Atomic as one statement; two racing moves on one seq are
    ordered by the match row's lock, and the second finds the seq moved on.

    Returns:
        True when stored; False (nothing changed) when the match is no longer at
        ``expected_seq``, live, and out of its grace (the grace is not checked when
        ``locked``: the caller holds the match's row lock and read it), or, with a
        ``session`` (session key, player id) whose key is not None, when that session
        row is gone or expired or the player is inactive.
    """
    if connection.vendor != "postgresql":
        return _store_move_portable(
            match, deal, entry, expected_seq=expected_seq, locked=locked, session=session
        )
    with connection.cursor() as cursor:
        cursor.execute(
            _STORE_MOVE_SQL,
            _store_move_params(
                match, deal, entry, expected_seq=expected_seq, locked=locked, session=session
            ),
        )
        return cursor.rowcount == 1


def _store_move_params(
    match: Match,
    deal: Deal,
    entry: dict,
    *,
    expected_seq: int,
    locked: bool,
    session: tuple[str | None, int],
) -> list:
    """The parameters of ``_STORE_MOVE_SQL``, in its order, for ``_store_move`` and
    ``match_apply_kept_async`` (arguments as ``_store_move``'s)."""
    session_key, player_id = session
    banks = None if match.clock_banks is None else json.dumps(match.clock_banks)
    return [
        match.seq,
        match.move_deadline,
        match.grace_until,
        banks,
        match.turn_started_at,
        match.pk,
        expected_seq,
        Match.Status.IN_PROGRESS.value,
        locked,
        session_key is None,
        session_key,
        timezone.now(),
        player_id,
        json.dumps([entry]),
        deal.pk,
    ]


def _store_move_portable(
    match: Match,
    deal: Deal,
    entry: dict,
    *,
    expected_seq: int,
    locked: bool,
    session: tuple[str | None, int],
) -> bool:
    """``_store_move`` on a database other than PostgreSQL (the embedded default, SQLite),
    whose statement is PostgreSQL's: the same conditions and changes through the ORM in
    one transaction, the match's row updated first (SQLite then holds its write lock, so
    writers are serialized). Returns as ``_store_move``; on False nothing is changed."""
    from django.contrib.sessions.models import Session

    from accounts.models import Player

    session_key, player_id = session
    with transaction.atomic():
        rows = Match.objects.filter(pk=match.pk, seq=expected_seq, status=Match.Status.IN_PROGRESS)
        if not locked:
            rows = rows.filter(grace_until__isnull=True)
        moved = rows.update(
            seq=match.seq,
            move_deadline=match.move_deadline,
            grace_until=match.grace_until,
            clock_banks=match.clock_banks,
            turn_started_at=match.turn_started_at,
        )
        signed_in = session_key is None or (
            Session.objects.filter(session_key=session_key, expire_date__gt=timezone.now()).exists()
            and Player.objects.filter(pk=player_id, is_active=True).exists()
        )
        actions = (
            Deal.objects.filter(pk=deal.pk, match_id=match.pk)
            .values_list("actions", flat=True)
            .first()
        )
        if moved != 1 or not signed_in or actions is None:
            transaction.set_rollback(True)
            return False
        Deal.objects.filter(pk=deal.pk).update(actions=[*actions, entry])
    return True


# The match's fields that the end of a deal changes (``_apply_locked``).
_DEAL_END_FIELDS = (
    "seq",
    "scores",
    "deal_points",
    "last_result",
    "status",
    "winner_seat",
    "places",
    "reason",
    "finished_at",
    "move_deadline",
    "grace_until",
    "clock_banks",
    "turn_started_at",
)


# One statement for a deal's end: the deal's log, result and finish time stored, and the
# results of the match's deals finished before it read (the statement's snapshot does not
# see its own update, and the deal is also left out by id).
_STORE_DEAL_END_SQL = (
    "WITH ended AS (UPDATE games_deal SET actions = %s, result = %s, finished_at = %s "
    "WHERE id = %s RETURNING id) "
    "SELECT (SELECT count(*) FROM ended), "
    "(SELECT coalesce(jsonb_agg(result ORDER BY number), '[]'::jsonb) FROM games_deal "
    "WHERE match_id = %s AND result IS NOT NULL AND id <> %s)"
)


def _db_values(instance, names, *, add: bool = False) -> tuple[list[str], list]:
    """The quoted columns of ``instance``'s fields ``names`` and their values prepared for
    the database as the ORM's save would (``pre_save``, then ``get_db_prep_save``;
    ``add``: as for an insert, so ``auto_now_add`` fields are set)."""
    columns, values = [], []
    for name in names:
        field = instance._meta.get_field(name)
        columns.append(connection.ops.quote_name(field.column))
        values.append(field.get_db_prep_save(field.pre_save(instance, add), connection))
    return columns, values


def _store_deal_end(deal: Deal) -> list:
    """Store a finished deal's ``actions``, ``result`` and ``finished_at`` and read the
    results of the match's deals before it, in one statement (``_STORE_DEAL_END_SQL``).

    Call while holding select_for_update on the Match.

    Returns:
        Every finished deal's result in deal order, this one's last, as the database
        gives them back (JSON).

    Raises:
        RuntimeError: the deal's row is gone (nothing is stored).
    """
    if connection.vendor != "postgresql":
        # The embedded default (SQLite): the same through the ORM, under the match's lock.
        if not Deal.objects.filter(pk=deal.pk).exists():
            raise RuntimeError(f"deal {deal.pk}: its end not stored")
        deal.save(update_fields=["actions", "result", "finished_at"])
        earlier = list(
            Deal.objects.filter(match_id=deal.match_id, result__isnull=False)
            .exclude(pk=deal.pk)
            .order_by("number")
            .values_list("result", flat=True)
        )
        return [*earlier, json.loads(json.dumps(deal.result))]
    _, values = _db_values(deal, ["actions", "result", "finished_at"])
    with connection.cursor() as cursor:
        cursor.execute(_STORE_DEAL_END_SQL, [*values, deal.pk, deal.match_id, deal.pk])
        ended, earlier = cursor.fetchone()
    if ended != 1:
        raise RuntimeError(f"deal {deal.pk}: its end not stored")
    earlier = json.loads(earlier) if isinstance(earlier, str) else earlier
    # This deal's result as the database holds it (a JSON round trip), like the others'.
    return [*earlier, json.loads(json.dumps(deal.result))]


def _store_match_and_deal(match: Match, fields: Sequence[str], deal: Deal | None) -> None:
    """Save ``match``'s ``fields``; with ``deal`` (a new, unsaved deal of the match), insert
    it in the same statement and give it its id.

    Call while holding select_for_update on the Match.
    """
    if deal is None or connection.vendor != "postgresql":
        # Without ``deal``, or on the embedded default (SQLite): two statements, the ORM's.
        if deal is not None:
            deal.save(force_insert=True)
        match.save(update_fields=list(fields))
        return
    quote = connection.ops.quote_name
    columns, values = _db_values(match, fields)
    inserted = [f.name for f in Deal._meta.concrete_fields if not f.primary_key]
    deal_columns, deal_values = _db_values(deal, inserted, add=True)
    # Names from the models' metadata only; every value is a parameter.
    deal_table, match_table = quote(Deal._meta.db_table), quote(Match._meta.db_table)
    into = ", ".join(deal_columns)
    slots = ", ".join(["%s"] * len(deal_values))
    assignments = ", ".join(f"{column} = %s" for column in columns)
    sql = (
        f"WITH dealt AS (INSERT INTO {deal_table} ({into}) VALUES ({slots}) "  # noqa: S608
        f"RETURNING {quote(Deal._meta.pk.column)}) "
        f"UPDATE {match_table} SET {assignments} "
        f"WHERE {quote(Match._meta.pk.column)} = %s RETURNING (SELECT * FROM dealt)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*deal_values, *values, match.pk])
        row = cursor.fetchone()
    if row is None or row[0] is None:
        raise RuntimeError(f"match {match.pk}: the next deal not stored")
    deal.pk = row[0]
    deal._state.adding = False
    deal._state.db = connection.alias
