"""Public profile pages."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.models import Player
from tournaments.models import Rating, RatingChange


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
    return render(
        request,
        "accounts/_profile_body.html" if partial else "accounts/profile.html",
        {"profile": player, "ratings": ratings, "history": history},
    )
