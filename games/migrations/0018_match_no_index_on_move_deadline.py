"""No index on a column every move writes, and room on each page of the matches' table,
so that a move's UPDATE of its match can be heap-only (HOT): no new entry in each of the
table's indexes for every move (docs/performance.md, "Where the slow moves came from")."""

from django.db import migrations

FILLFACTOR = 85


def _set_fillfactor(apps, schema_editor, value: int | None) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return  # SQLite (the embedded default) has no such setting
    table = apps.get_model("games", "Match")._meta.db_table
    quoted = schema_editor.quote_name(table)
    if value is None:
        schema_editor.execute(f"ALTER TABLE {quoted} RESET (fillfactor)")
    else:
        schema_editor.execute(f"ALTER TABLE {quoted} SET (fillfactor = {int(value)})")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_round_clock_at_time"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="match",
            name="games_match_status_9b3f17_idx",
        ),
        migrations.RunPython(
            lambda apps, schema_editor: _set_fillfactor(apps, schema_editor, FILLFACTOR),
            lambda apps, schema_editor: _set_fillfactor(apps, schema_editor, None),
        ),
    ]
