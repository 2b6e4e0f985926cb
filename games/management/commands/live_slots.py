"""``manage.py live_slots``: the socket slots held now, as one JSON object."""

import json

from django.core.management.base import BaseCommand

from games import slots


class Command(BaseCommand):
    help = (
        'Print the live sockets counted now, expired ones reaped: {"held": total, '
        '"keys": {key: count}} (games.slots.held; docs/security.md, "Socket slots").'
    )

    def handle(self, *args, **options) -> None:
        self.stdout.write(json.dumps(slots.held(), sort_keys=True))
