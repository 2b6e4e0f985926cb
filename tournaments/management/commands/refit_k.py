"""``manage.py refit_k [--game G] [--min-matches N]``: propose a K per game and format
from the site's own rated matches (``tournaments.rating_fit.k_refit``).

Prints each proposal with its log-loss against the K in force on the last third of the
game's history; nothing is applied: staff apply a proposal in admin (Game K factors,
"Apply the proposed K"), then run ``manage.py recompute_ratings --game G``.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.rules import all_games, get_game
from tournaments.rating_fit import k_refit


class Command(BaseCommand):
    help = "Propose a K per game and format from the site's own rated matches."

    def add_arguments(self, parser):
        parser.add_argument("--game", help="a game's slug (default: every game)")
        parser.add_argument(
            "--min-matches",
            type=int,
            default=settings.RATING_REFIT_MIN_MATCHES,
            help="rated matches a format needs (default: RATING_REFIT_MIN_MATCHES)",
        )

    def handle(self, *args, **options):
        if options["min_matches"] < 0:
            raise CommandError("--min-matches cannot be negative")
        try:
            games = [get_game(options["game"])] if options["game"] else list(all_games())
        except (KeyError, ValueError) as error:
            raise CommandError(f"unknown game {options['game']!r}") from error
        proposed = 0
        for game in games:
            for row in k_refit(game=game.slug, min_matches=options["min_matches"]):
                proposed += 1
                self.stdout.write(
                    f"{row.game} {row.format}: K {row.provisional}/{row.regular}/{row.top}"
                    f" -> {row.proposed_provisional}/{row.proposed_regular}/{row.proposed_top}"
                    f" over {row.proposal_matches} matches; log-loss on the last third"
                    f" {_fmt(row.log_loss_current)} -> {_fmt(row.log_loss_proposed)}"
                )
        self.stdout.write(f"{proposed} proposal(s); apply them in admin.")


def _fmt(value):
    return "-" if value is None else f"{value:.4f}"
