"""Matches and deals in admin. A deal's deck and actions are shown only once the deal is
over, and no changelist takes a lookup on them (``/admin/games/deal/?deck__0=AH`` would
otherwise tell staff, who may also play, the hidden deck card by card): docs/security.md.
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy, ngettext

from accounts.admin_lookups import SecretLookupsRefused
from games.models import Challenge, Deal, Match, Seat


class SeatInline(admin.TabularInline):
    """Seats can be changed until the match starts; after that they are fixed (ratings,
    standings and each server process's cached ``games.state.match_context`` rely on it)."""

    model = Seat
    extra = 0
    autocomplete_fields = ["player"]

    def _started(self, obj) -> bool:
        return obj is not None and obj.status != Match.Status.SCHEDULED

    def get_readonly_fields(self, request, obj=None):
        return ["number", "player"] if self._started(obj) else []

    def has_add_permission(self, request, obj=None):
        return not self._started(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not self._started(obj) and super().has_delete_permission(request, obj)


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    fields = ["number", "dealer", "action_count", "result", "finished_at"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    @admin.display(description="Actions")
    def action_count(self, obj):
        return len(obj.actions)

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(SecretLookupsRefused, admin.ModelAdmin):
    list_display = ["__str__", "game", "round", "board", "status", "scores", "winner_seat"]
    list_filter = ["status", "game", "reason", "is_bye"]
    search_fields = ["seats__player__username", "round__tournament__name"]
    list_select_related = ["round__tournament"]
    readonly_fields = [
        "seq",
        "first_dealer",
        "scores",
        "winner_seat",
        "reason",
        "started_at",
        "finished_at",
    ]
    inlines = [SeatInline, DealInline]


@admin.register(Deal)
class DealAdmin(SecretLookupsRefused, admin.ModelAdmin):
    list_display = ["__str__", "dealer", "finished_at"]
    list_select_related = ["match"]
    search_fields = ["match__seats__player__username"]
    fields = ["match", "number", "dealer", "commitment", "deck_if_over", "actions_if_over"]
    fields += ["result", "finished_at"]
    readonly_fields = fields

    @admin.display(description="Deck (top first)")
    def deck_if_over(self, obj):
        return " ".join(obj.deck) if obj.is_over else "hidden until the deal is over"

    @admin.display(description="Actions")
    def actions_if_over(self, obj):
        if not obj.is_over:
            return f"{len(obj.actions)} so far; shown once the deal is over"
        return "; ".join(f"seat {a['seat']}: {a['action']}" for a in obj.actions)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    """The lobby's challenges (games/lobby.py), to see who offers what and to withdraw an
    open one. Challenges are made and taken in the lobby, not here: no adding, and only
    the status can be changed, by the action."""

    list_display = [
        "id", "creator", "game", "seats", "rated", "time_control", "opponent", "status",
        "created_at",
    ]  # fmt: skip
    list_filter = ["status", "game", "rated"]
    search_fields = ["creator__username", "opponent__username", "joined__username"]
    list_select_related = ["creator", "opponent"]
    readonly_fields = [
        "creator", "opponent", "joined", "game", "options", "seats", "rated", "time_control",
        "status", "match", "created_at",
    ]  # fmt: skip
    actions = ["withdraw"]

    def has_add_permission(self, request):
        return False

    @admin.action(description=gettext_lazy("Withdraw the selected open challenges"))
    def withdraw(self, request, queryset):
        """Cancel the open ones among ``queryset`` (``games.lobby.challenges_withdraw``)."""
        from games import lobby

        count = lobby.challenges_withdraw(queryset.values_list("pk", flat=True))
        self.message_user(
            request,
            ngettext(
                "%(count)d open challenge withdrawn.", "%(count)d open challenges withdrawn.", count
            )
            % {"count": count},
        )
