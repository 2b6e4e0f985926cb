"""``manage.py recompute_ratings --game G [--dry-run]``: rate a game's whole history
again with the K in force (``tournaments.rating_fit.ratings_recompute``), printing each
player's rating before and after; with ``--dry-run`` nothing is written.
"""

from django.core.management.base import BaseCommand, CommandError

from games.rules import get_game
from tournaments.rating_fit import ratings_recompute


class Command(BaseCommand):
    help = "Rate a game's history again with the K in force (--dry-run: only show it)."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help="a game's slug")
        parser.add_argument("--dry-run", action="store_true", help="show, change nothing")

    def handle(self, *args, **options):
        try:
            game = get_game(options["game"])
        except (KeyError, ValueError) as error:
            raise CommandError(f"unknown game {options['game']!r}") from error
        rows = ratings_recompute(game=game.slug, dry_run=options["dry_run"])
        for row in rows:
            self.stdout.write(
                f"{row.username}: {row.before:.1f} -> {row.after:.1f}"
                f" ({row.after - row.before:+.1f}, {row.rated_matches} matches)"
            )
        verb = "would change" if options["dry_run"] else "changed"
        moved = sum(1 for row in rows if abs(row.after - row.before) > 1e-9)
        self.stdout.write(f"{game.slug}: {verb} {moved} of {len(rows)} ratings.")
