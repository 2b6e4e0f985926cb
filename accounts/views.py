"""Public profile pages, and the player's own display settings."""

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import dates, services
from accounts.charts import rating_chart
from accounts.forms import DisplaySettingsForm
from accounts.models import Player
from accounts.services import player_set_display
from games.models import Match
from tournaments.models import Rating, RatingChange

RECENT_DAYS = 183  # "the last six months" of matches on a profile


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public profile: rating per game and the rating history."""
    player = get_object_or_404(Player, username=username, is_active=True)
    ratings = Rating.objects.filter(player=player).order_by("game")
    history = (
        RatingChange.objects.filter(player=player)
        .select_related("match", "opponent")
        .order_by("-created_at", "-id")[:50]
    )
    # The live page re-fetches its body when one of the player's results is recorded.
    partial = request.GET.get("partial") == "1"
    charts = []
    for rating in ratings:
        changes = list(
            RatingChange.objects.filter(player=player, game=rating.game)
            .order_by("created_at", "id")
            .values_list("rating_before", "rating_after")
        )
        series = [changes[0][0], *(after for _, after in changes)] if changes else []
        charts.append((rating, rating_chart(series, f"{rating.get_game_display()} rating")))
    since = timezone.now() - timedelta(days=RECENT_DAYS)
    matches = (
        Match.objects.filter(seats__player=player, is_bye=False, created_at__gte=since)
        .exclude(status=Match.Status.SCHEDULED)
        .select_related("round__tournament")
        .prefetch_related("seats__player")
        .order_by("-created_at", "-id")[:100]
    )
    return render(
        request,
        "accounts/_profile_body.html" if partial else "accounts/profile.html",
        {
            "profile": player,
            "ratings": ratings,
            "history": history,
            "charts": charts,
            "matches": matches,
            "time_zones": dates.time_zone_choices() if request.user == player else (),
        },
    )


@login_required
@require_POST
def set_time_zone(request: HttpRequest) -> HttpResponse:
    """Save the signed-in player's time zone (form field ``time_zone``: an IANA name, or
    empty for the browser's) and return to their profile; an unknown name is refused with
    a message and changes nothing."""
    try:
        services.player_set_time_zone(player=request.user, name=request.POST.get("time_zone", ""))
    except services.InvalidTimeZoneError:
        messages.error(request, _("Unknown time zone: choose one from the list."))
    else:
        messages.success(request, _("Time zone saved."))
    return redirect(request.user.get_absolute_url())


@login_required
def display_settings(request: HttpRequest) -> HttpResponse:
    """The logged-in player's display settings (high-contrast and larger cards): the form,
    and on a valid POST the settings saved and a redirect back to this page."""
    form = DisplaySettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        player_set_display(
            player=request.user,
            high_contrast_cards=form.cleaned_data["high_contrast_cards"],
            large_cards=form.cleaned_data["large_cards"],
        )
        messages.success(request, _("Display settings saved."))
        return redirect("accounts:display")
    return render(request, "accounts/display.html", {"form": form})
