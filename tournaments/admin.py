"""Staff run tournaments from here: admin actions call services, never save rows themselves."""

from django import forms
from django.contrib import admin, messages
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from accounts.admin_lookups import SecretLookupsRefused
from games.rules import get_game
from tournaments import phases, rating_fit, services, views
from tournaments.models import (
    ArbiterAct,
    Entry,
    GameKFactor,
    Phase,
    Rating,
    RatingChange,
    Round,
    Standing,
    TieBreak,
    Tournament,
)


class TieBreakListField(forms.CharField):
    """An ordered list of tie-breaks typed as their names separated by commas, e.g.
    ``buchholz, sonneborn_berger``; cleaned to a list of names. Whether each is known and
    listed once is checked by ``Tournament.clean`` (the model's rule, for every way in)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault(
            "help_text",
            _("In order, separated by commas, from: %(names)s. Empty: the format's defaults.")
            % {"names": ", ".join(TieBreak.values)},
        )
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return ", ".join(map(str, value))
        return value

    def to_python(self, value) -> list[str]:
        text = super().to_python(value)
        return [name.strip() for name in text.split(",") if name.strip()]


class TournamentForm(forms.ModelForm):
    """Validates the game options against the game's declared options; the tie-breaks are
    typed in order (``TieBreakListField``)."""

    tiebreaks = TieBreakListField(label=_("Tie-breaks"))

    class Meta:
        model = Tournament
        fields = [
            "name",
            "slug",
            "game",
            "options",
            "format",
            "swiss_rounds",
            "third_place_match",
            "danish_rounds",
            "danish_avoid_repeats",
            "tiebreaks",
            "status",
            "description",
            "capacity",
            "registration_opens_at",
            "registration_closes_at",
            "first_round_at",
            "round_interval",
            "move_timeout",
            "match_clock",
            "clock_increment",
            "table_size",
            "pairs",
            "individual",
            "duplicate_scoring",
            "table_rounds",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "table_size" in self.fields:
            self.fields["table_size"].required = False
        if "duplicate_scoring" in self.fields:
            self.fields["duplicate_scoring"].required = False

    def clean_table_size(self):
        return self.cleaned_data.get("table_size") or 2

    def clean_duplicate_scoring(self):
        """Left empty (a form from before events in phases): the model's default."""
        return self.cleaned_data.get("duplicate_scoring") or Tournament.DuplicateScoring.DATUM_VP

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
        opens, closes = cleaned.get("registration_opens_at"), cleaned.get("registration_closes_at")
        if opens and closes and closes <= opens:
            self.add_error("registration_closes_at", _("Registration must close after it opens."))
        return cleaned


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = [
        "player", "partner", "partner_confirmed", "pairing_number", "created_at", "withdrawn_at",
    ]  # fmt: skip
    readonly_fields = ["pairing_number", "created_at", "withdrawn_at"]
    autocomplete_fields = ["player", "partner"]


class PhaseInline(admin.StackedInline):
    """The phases of an event in phases (format "In phases"), in order."""

    model = Phase
    extra = 0
    fields = [
        ("number", "movement", "rounds"),
        ("skip", "seating", "north_south"),
        ("duplicate", "deals_per_round", "round_minutes", "at_time"),
    ]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "starts_at", "status", "started_at", "finished_at"]
    readonly_fields = ["number", "status", "started_at", "finished_at"]
    show_change_link = True


def _run(modeladmin, request, queryset, service, done: str) -> None:
    for tournament in queryset:
        try:
            service(tournament=tournament)
        except services.TournamentError as error:
            modeladmin.message_user(request, str(error), messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament}: {done}", messages.SUCCESS)


@admin.register(Tournament)
class TournamentAdmin(SecretLookupsRefused, admin.ModelAdmin):
    form = TournamentForm
    list_display = ["name", "game", "format", "status", "entry_count", "capacity", "first_round_at"]
    list_filter = ["status", "game", "format"]
    search_fields = ["name", "slug", "description"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "created_at"
    readonly_fields = ["status", "winner", "arbiter"]
    inlines = [PhaseInline, EntryInline, RoundInline]

    @admin.display(description=_("Arbiter"))
    def arbiter(self, obj):
        """A link to the event's arbiter page (adjustments, penalties, replacements)."""
        from django.urls import reverse
        from django.utils.html import format_html

        if obj is None or obj.pk is None:
            return "–"
        url = reverse("admin:tournaments_tournament_arbiter", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', url, _("Decisions and the event log"))

    actions = [
        "open_registration",
        "close_registration_and_make_schedule",
        "start_next_round",
        "recompute_standings",
        "export_standings_csv",
        "export_schedule_csv",
        "export_results_csv",
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(entry_total=Count("entries"))

    def get_urls(self):
        from django.urls import path

        return [
            path(
                "<int:tournament_id>/arbiter/",
                self.admin_site.admin_view(self.arbiter_view),
                name="tournaments_tournament_arbiter",
            ),
            *super().get_urls(),
        ]

    def arbiter_view(self, request, tournament_id: int):
        """The arbiter's form: adjust a result, give a penalty, replace a player, admit a
        late entry or disqualify, each with a reason (tournaments.phases); every act is
        kept in the event log and the standings are recomputed."""
        from django.shortcuts import get_object_or_404, redirect
        from django.template.response import TemplateResponse

        tournament = get_object_or_404(Tournament, pk=tournament_id)
        if not self.has_change_permission(request, tournament):
            from django.core.exceptions import PermissionDenied

            raise PermissionDenied
        form = ArbiterForm(request.POST or None, tournament=tournament)
        if request.method == "POST" and form.is_valid():
            try:
                form.apply(staff=request.user)
            except (phases.PhaseError, services.TournamentError) as error:
                form.add_error(None, str(error))
            else:
                services.tournament_recompute_standings(tournament=tournament)
                self.message_user(request, _("The decision is recorded."), messages.SUCCESS)
                return redirect(request.path)
        context = {
            **self.admin_site.each_context(request),
            "title": _("Arbiter: %(event)s") % {"event": tournament},
            "tournament": tournament,
            "form": form,
            "event_log": phases.event_log(tournament),
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/tournaments/arbiter.html", context)

    @admin.display(description="Entries", ordering="entry_total")
    def entry_count(self, obj):
        return obj.entry_total

    @admin.action(description=_("Open registration"))
    def open_registration(self, request, queryset):
        _run(
            self, request, queryset, services.tournament_open_registration, _("registration open.")
        )

    @admin.action(description=_("Close registration and make the schedule"))
    def close_registration_and_make_schedule(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            services.tournament_close_registration,
            _("registration closed; the schedule is being made."),
        )

    @admin.action(description=_("Start the next round"))
    def start_next_round(self, request, queryset):
        _run(
            self, request, queryset, services.tournament_start_next_round, _("next round started.")
        )

    @admin.action(description=_("Recompute standings"))
    def recompute_standings(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            services.tournament_recompute_standings,
            _("standings updated."),
        )

    @admin.action(description=_("Export the standings (CSV)"))
    def export_standings_csv(self, request, queryset):
        return views.csv_response(
            "standings", queryset.order_by("slug"), views.standings_table, several=True
        )

    @admin.action(description=_("Export the schedule (CSV)"))
    def export_schedule_csv(self, request, queryset):
        return views.csv_response(
            "schedule", queryset.order_by("slug"), views.schedule_table, several=True
        )

    @admin.action(description=_("Export the results (CSV)"))
    def export_results_csv(self, request, queryset):
        return views.csv_response(
            "results", queryset.order_by("slug"), views.results_table, several=True
        )


class ArbiterForm(forms.Form):
    """One arbiter's decision. ``points`` for an adjustment (added, may be negative) or a
    penalty (taken away); ``leaving`` and ``joining`` (usernames) for a replacement;
    ``joining`` (and ``partner``) for a late entry."""

    kind = forms.ChoiceField(label=_("Decision"), choices=ArbiterAct.Kind.choices)
    entry = forms.ModelChoiceField(label=_("Entry"), queryset=Entry.objects.none(), required=False)
    points = forms.FloatField(label=_("Points"), required=False)
    leaving = forms.CharField(label=_("Player leaving"), required=False, max_length=150)
    joining = forms.CharField(label=_("Player joining"), required=False, max_length=150)
    partner = forms.CharField(label=_("Partner (late pair)"), required=False, max_length=150)
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["entry"].queryset = tournament.entries.select_related("player", "partner")

    def _player(self, field: str):
        from accounts.models import Player

        name = (self.cleaned_data.get(field) or "").strip()
        if not name:
            return None
        try:
            return Player.objects.get(username__iexact=name)
        except Player.DoesNotExist:
            raise phases.PhaseError(_("There is no player %(name)s.") % {"name": name}) from None

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("kind")
        needs_entry = kind != ArbiterAct.Kind.LATE_ENTRY
        if needs_entry and not cleaned.get("entry"):
            self.add_error("entry", _("Choose the entry."))
        if kind in (ArbiterAct.Kind.ADJUSTMENT, ArbiterAct.Kind.PENALTY) and not cleaned.get(
            "points"
        ):
            self.add_error("points", _("Give the points."))
        if kind == ArbiterAct.Kind.REPLACEMENT and not (
            cleaned.get("leaving") and cleaned.get("joining")
        ):
            self.add_error("joining", _("Name the player leaving and the one joining."))
        if kind == ArbiterAct.Kind.LATE_ENTRY and not cleaned.get("joining"):
            self.add_error("joining", _("Name the player joining."))
        return cleaned

    def apply(self, *, staff) -> None:
        """Carry the decision out through tournaments.phases.

        Raises:
            phases.PhaseError: the service refuses it (its message is for the user).
        """
        data, event = self.cleaned_data, self.tournament
        kind, reason = data["kind"], data["reason"]
        if kind in (ArbiterAct.Kind.ADJUSTMENT, ArbiterAct.Kind.PENALTY):
            phases.arbiter_adjust(
                tournament=event, entry=data["entry"], points=data["points"], reason=reason,
                staff=staff, penalty=kind == ArbiterAct.Kind.PENALTY,
            )  # fmt: skip
        elif kind == ArbiterAct.Kind.REPLACEMENT:
            phases.arbiter_replace(
                tournament=event, entry=data["entry"], leaving=self._player("leaving"),
                joining=self._player("joining"), reason=reason, staff=staff,
            )  # fmt: skip
        elif kind == ArbiterAct.Kind.LATE_ENTRY:
            phases.arbiter_admit_late(
                tournament=event, player=self._player("joining"),
                partner=self._player("partner"), reason=reason, staff=staff,
            )  # fmt: skip
        else:
            phases.arbiter_disqualify(
                tournament=event, entry=data["entry"], reason=reason, staff=staff
            )


@admin.register(ArbiterAct)
class ArbiterActAdmin(SecretLookupsRefused, admin.ModelAdmin):
    """The event logs, read only: decisions are taken on an event's arbiter page."""

    list_display = ["tournament", "kind", "entry", "points", "reason", "staff", "created_at"]
    list_filter = ["kind", "tournament"]
    list_select_related = ["tournament", "entry__player", "staff"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(SecretLookupsRefused, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "starts_at", "started_at", "finished_at"]
    list_filter = ["status", "tournament__game"]
    search_fields = ["tournament__name"]
    list_select_related = ["tournament"]
    readonly_fields = ["status", "started_at", "finished_at"]


@admin.register(Standing)
class StandingAdmin(SecretLookupsRefused, admin.ModelAdmin):
    list_display = ["tournament", "rank", "entry", "match_points", "played", "sonneborn_berger"]
    list_filter = ["tournament"]
    search_fields = ["entry__player__username", "tournament__name"]
    list_select_related = ["tournament", "entry__player"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(Rating)
class RatingAdmin(SecretLookupsRefused, admin.ModelAdmin):
    list_display = ["player", "game", "rating", "rated_matches", "last_change", "updated_at"]
    list_filter = ["game"]
    search_fields = ["player__username"]
    list_select_related = ["player"]
    readonly_fields = ["rating", "rated_matches", "reached_2400", "last_change"]


@admin.register(RatingChange)
class RatingChangeAdmin(SecretLookupsRefused, admin.ModelAdmin):
    list_display = ["player", "opponent", "game", "score", "rating_before", "rating_after"]
    list_filter = ["game"]
    search_fields = ["player__username", "opponent__username"]
    list_select_related = ["player", "opponent"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(GameKFactor)
class GameKFactorAdmin(SecretLookupsRefused, admin.ModelAdmin):
    """The K in force per game and format, and each refit's proposal with its measured
    gain (``manage.py refit_k``); staff apply a proposal with the action, and then
    recompute the game's ratings (``manage.py recompute_ratings --game G``)."""

    list_display = [
        "game", "format", "provisional", "regular", "top", "proposed_provisional",
        "proposed_regular", "proposed_top", "proposal_matches", "log_loss_current",
        "log_loss_proposed", "proposed_at", "applied_at",
    ]  # fmt: skip
    list_filter = ["game", "format"]
    readonly_fields = [
        "proposed_provisional", "proposed_regular", "proposed_top", "proposal_matches",
        "log_loss_current", "log_loss_proposed", "proposed_at", "applied_at",
    ]  # fmt: skip
    actions = ["apply_proposal"]

    def get_readonly_fields(self, request, obj=None):
        # The K in force changes only by applying a proposal (or when the row is made).
        if obj is not None:
            return [*self.readonly_fields, "game", "format", "provisional", "regular", "top"]
        return self.readonly_fields

    @admin.action(description=_("Apply the proposed K"))
    def apply_proposal(self, request, queryset):
        for row in queryset:
            try:
                applied = rating_fit.k_apply_proposal(row_id=row.pk)
            except rating_fit.NoProposalError:
                self.message_user(
                    request, _("%(row)s has no proposed K.") % {"row": row}, messages.WARNING
                )
            else:
                self.message_user(
                    request,
                    _("%(row)s is in force; recompute the ratings with manage.py "
                      "recompute_ratings --game %(game)s.") % {"row": applied, "game": row.game},
                    messages.SUCCESS,
                )  # fmt: skip


@admin.register(Entry)
class EntryAdmin(SecretLookupsRefused, admin.ModelAdmin):
    """Entries across events; staff withdraw an entry from a running event here."""

    list_display = ["__str__", "tournament", "pairing_number", "withdrawn_at"]
    list_filter = ["tournament"]
    search_fields = ["player__username", "partner__username", "tournament__name"]
    readonly_fields = ["withdrawn_at", "pairing_number", "created_at"]
    actions = ["withdraw_from_event"]

    @admin.action(description=_("Withdraw the selected entries from their event"))
    def withdraw_from_event(self, request, queryset):
        for entry in queryset.select_related("tournament", "player"):
            try:
                services.entry_withdraw_from_event(tournament=entry.tournament, player=entry.player)
            except services.TournamentError as error:
                self.message_user(request, f"{entry}: {error}", messages.ERROR)
            else:
                self.message_user(request, f"{entry}: {_('withdrawn')}", messages.SUCCESS)
