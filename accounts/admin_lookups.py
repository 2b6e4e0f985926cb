"""Changelist lookups that would reveal hidden cards, refused in every admin.

Django admin accepts field lookups in a changelist URL; ``/admin/games/deal/?deck__0=AH``
lists a deal only when its top card is the ace of hearts, so repeated per position it
recovers a live deal's deck, and staff may also play (docs/security.md, finding 1).
"""

SECRET_FIELDS = frozenset({"deck", "actions", "salt"})
"""Fields of a deal that hold hidden information while it is played."""


class SecretLookupsRefused:
    """A ModelAdmin mixin: a changelist lookup that reaches a deal's ``deck`` or
    ``actions`` (directly or through a relation, e.g. ``seats__match__deals__deck__0``) is
    refused (Django answers 400, DisallowedModelAdminLookup), whatever else the admin
    allows."""

    def lookup_allowed(self, lookup, value, request=None):
        if set(lookup.split("__")) & SECRET_FIELDS:
            return False
        return super().lookup_allowed(lookup, value, request)
