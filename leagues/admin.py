"""Staff run leagues from here: admin actions call ``leagues.services``, never save rows
themselves (docs/leagues.md, "Running a league from admin")."""

from datetime import timedelta

from django import forms
from django.contrib import admin, messages
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from accounts import dates
from accounts.admin_lookups import SecretLookupsRefused
from games.rules import get_game
from leagues import services, views
from leagues.models import Division, Fixture, League, Member, Season


class LeagueForm(forms.ModelForm):
    """Validates the game options against the game's declared options."""

    class Meta:
        model = League
        fields = [
            "name", "slug", "game", "options", "rules", "division_size", "promote_count",
            "relegate_count", "double_round_robin", "window", "move_timeout",
        ]  # fmt: skip

    def clean(self):
        cleaned = super().clean()
        game, options = cleaned.get("game"), cleaned.get("options")
        if game:
            if options is not None and not isinstance(options, dict):
                self.add_error("options", _("Options must be a JSON object."))
                return cleaned
            try:
                cleaned["options"] = get_game(game).validate_options(options or {})
            except ValueError as error:
                self.add_error("options", str(error))
        return cleaned


class MemberInline(admin.TabularInline):
    """The league's members; staff add players here (they join the next season)."""

    model = Member
    extra = 0
    fields = ["player", "joined_at", "left_at"]
    readonly_fields = ["joined_at", "left_at"]
    autocomplete_fields = ["player"]


def _report(modeladmin, request, label, call) -> None:
    try:
        result = call()
    except services.LeagueError as error:
        modeladmin.message_user(request, f"{label}: {error}", messages.ERROR)
    else:
        modeladmin.message_user(request, f"{label}: {result}", messages.SUCCESS)


@admin.register(League)
class LeagueAdmin(SecretLookupsRefused, admin.ModelAdmin):
    """Leagues and their members; the first season is started by an action."""

    form = LeagueForm
    list_display = ["name", "game", "division_size", "promote_count", "relegate_count", "window"]
    list_filter = ["game"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MemberInline]
    actions = ["start_first_season"]

    @admin.action(description=_("Start the first season from the members"))
    def start_first_season(self, request, queryset):
        for league in queryset:
            _report(self, request, league, lambda league=league: _season_started(league))


def _season_started(league: League) -> str:
    season = services.season_start_first(league=league)
    return _("%(season)s started with %(count)s divisions.") % {
        "season": season,
        "count": season.divisions.count(),
    }


class DivisionInline(admin.TabularInline):
    """A season's divisions, each linked to its round robin (a tournament)."""

    model = Division
    extra = 0
    fields = ["level", "tournament"]
    readonly_fields = ["level", "tournament"]
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Season)
class SeasonAdmin(SecretLookupsRefused, admin.ModelAdmin):
    """Seasons; the one action at a season's end promotes, relegates and starts the next."""

    list_display = ["__str__", "league", "number", "status", "starts_at", "finished_at"]
    list_filter = ["status", "league"]
    readonly_fields = ["league", "number", "status", "starts_at", "finished_at", "standings_csv"]
    inlines = [DivisionInline]
    actions = ["promote_relegate_and_start_next", "export_standings_csv"]

    def has_add_permission(self, request):
        return False  # seasons are made by the actions, with their divisions

    @admin.action(description=_("Promote, relegate and start the next season (from the standings)"))
    def promote_relegate_and_start_next(self, request, queryset):
        for season in queryset.select_related("league"):
            _report(self, request, season, lambda season=season: _next_started(season))

    @admin.display(description=_("Standings"))
    def standings_csv(self, obj):
        """A link to the season's standings CSV (the season page's download)."""
        url = reverse("leagues:season_standings_csv", args=[obj.league.slug, obj.number])
        return format_html('<a href="{}">{}</a>', url, _("Download as CSV"))

    @admin.action(description=_("Export the standings as CSV (every division)"))
    def export_standings_csv(self, request, queryset):
        """The selected seasons' standings as the season page shows them, in one CSV."""
        return views.seasons_standings_csv(
            queryset.select_related("league").order_by("league__name", "number")
        )


def _next_started(season: Season) -> str:
    following = services.season_close_and_start_next(season=season)
    return _("closed; %(season)s started with %(count)s divisions.") % {
        "season": following,
        "count": following.divisions.count(),
    }


@admin.register(Fixture)
class FixtureAdmin(SecretLookupsRefused, admin.ModelAdmin):
    """League pairings: staff grant extensions here."""

    list_display = [
        "__str__", "division", "round_number", "match_status", "window_closes", "agreed_time",
        "extended_until",
    ]  # fmt: skip
    list_filter = ["division__season__league", "match__status"]
    search_fields = ["match__seats__player__username"]
    list_select_related = ["division__season__league", "match__round"]
    readonly_fields = [
        "division", "match", "proposed_time", "proposed_by", "agreed_time", "extended_until",
    ]  # fmt: skip
    actions = ["extend_one_day", "extend_three_days", "extend_one_window"]

    def has_add_permission(self, request):
        return False

    @admin.display(description=_("Round"), ordering="match__round__number")
    def round_number(self, obj):
        return obj.match.round.number

    @admin.display(description=_("Match"))
    def match_status(self, obj):
        return obj.match.get_status_display()

    @admin.display(description=_("Window closes"))
    def window_closes(self, obj):
        return obj.closes_at

    def _extend(self, request, queryset, length) -> None:
        for fixture in queryset.select_related("match__round", "division__season__league"):
            step = length(fixture)
            until = max(fixture.closes_at, timezone.now()) + step
            _report(
                self,
                request,
                fixture,
                lambda fixture=fixture, until=until: (
                    _("window extended to %(time)s.")
                    % {
                        "time": dates.format_when(
                            services.fixture_extend(fixture=fixture, until=until).extended_until
                        )
                    }
                ),
            )

    @admin.action(description=_("Grant an extension of one day"))
    def extend_one_day(self, request, queryset):
        self._extend(request, queryset, lambda fixture: timedelta(days=1))

    @admin.action(description=_("Grant an extension of three days"))
    def extend_three_days(self, request, queryset):
        self._extend(request, queryset, lambda fixture: timedelta(days=3))

    @admin.action(description=_("Grant an extension of one window (the league's)"))
    def extend_one_window(self, request, queryset):
        self._extend(request, queryset, lambda fixture: fixture.division.season.league.window)
