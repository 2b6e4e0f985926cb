"""The match page (live play runs over the WebSocket, see docs/protocol.md) and the
player's own schedule.
"""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import hooks, services
from games.boards import deal_hidden
from games.bots import DEFAULT_LEVEL, LEVELS
from games.game_options import game_form, games_for_newcomers, options_from_post, seats_from_post
from games.models import Deal, Match
from games.replays import replay_steps
from games.rules import all_games, get_game
from games.services import player_matches
from games.time_controls import TIME_CONTROLS


def match(request: HttpRequest, match_id: int) -> HttpResponse:
    """The live table of one match: seated players play, anyone else watches."""
    match = get_object_or_404(Match.objects.select_related("round__tournament"), pk=match_id)
    seats = list(match.seats.select_related("player").order_by("number"))
    seat = next((s.number for s in seats if s.player_id == request.user.pk), None)
    tournament = match.round.tournament if match.round_id else None
    config = {
        "match_id": match.pk,
        "ws_path": f"/ws/matches/{match.pk}/",
        "seat": seat,
        "game": match.game,
        "players": [{"seat": s.number, "username": s.player.username} for s in seats],
        "username": request.user.username if request.user.is_authenticated else None,
        "standings_url": tournament.get_absolute_url() if tournament else None,
        # A casual match's rematch as it stands (then kept up by "rematch" messages).
        "rematch": {
            "asked": list(match.rematch_requests or []),
            "url": f"/matches/{match.rematch_id}/" if match.rematch_id else None,
        },
    }
    names = {s.number: s.player.username for s in seats}
    sides = match.sides if match.seat_count == len(seats) else tuple((n,) for n in names)
    side_names = [" & ".join(names.get(n, "?") for n in side) for side in sides]
    return render(
        request,
        "games/match.html",
        {
            "match": match,
            "match_config": config,
            "seats": seats,
            "side_names": side_names,
            "tournament": tournament,
            "seated": seat is not None,
            # Before a rated match ends: what each result would do to the viewer's rating.
            "stakes": hooks.rating_stakes(match, seat) if seat is not None else [],
        },
    )


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    """The logged-in player's scheduled, live and finished matches, each read from the
    player's side: partners and opponents, the score as "ours–theirs", won or lost (or the
    place at a table of three or more)."""
    matches = list(player_matches(request.user))
    for item in matches:
        item.seat_list = sorted(item.seats.all(), key=lambda s: s.number)
        item.my_seat = next(
            (s.number for s in item.seat_list if s.player_id == request.user.pk), None
        )
        _from_my_side(item)
    events = hooks.player_events(request.user)
    return render(request, "games/my_matches.html", {"matches": matches, "events": events})


def _from_my_side(match: Match) -> None:
    """Set ``partners``, ``opponents``, ``my_score``, ``their_scores``, ``won`` and
    ``my_place`` on ``match`` for the player at ``match.my_seat``."""
    names = {s.number: s.player.username for s in match.seat_list}
    sides = match.sides if match.seat_count == len(names) else tuple((n,) for n in names)
    mine = next((n for n, side in enumerate(sides) if match.my_seat in side), None)
    match.partners = (
        [names[n] for n in sides[mine] if n != match.my_seat] if mine is not None else []
    )
    match.opponents = [
        " & ".join(names.get(n, "?") for n in side) for i, side in enumerate(sides) if i != mine
    ]
    scores = list(match.scores or [])
    match.my_score = scores[mine] if mine is not None and mine < len(scores) else None
    match.their_scores = [score for i, score in enumerate(scores) if i != mine]
    match.won = match.winner_seat is not None and match.winner_seat == mine
    places = list(match.places or [])
    match.my_place = places[mine] if mine is not None and mine < len(places) else None


def deal_record(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """A finished deal's record as a JSON download, with the commitment published before
    it began and the salt that proves it (docs/fairness.md); ``python -m games.rules
    verify`` and ``replay`` read it. 404 while the deal goes on: its deck is secret."""
    deal = get_object_or_404(Deal.objects.select_related("match"), match_id=match_id, number=number)
    if not deal.is_over:
        raise Http404("This deal is not over: its record is published when it ends.")
    if deal_hidden(deal):
        raise Http404("This board is still being played at another table.")
    response = JsonResponse(deal.public_record(), json_dumps_params={"indent": 1})
    filename = f"{deal.match.game}-match{match_id}-deal{number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def deal_replay(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """A finished deal stepped through move by move, forwards and backwards, every hand
    shown (games/replays.py), with its record to download and verify. 404 while the deal
    goes on."""
    deal = get_object_or_404(Deal.objects.select_related("match"), match_id=match_id, number=number)
    if not deal.is_over:
        raise Http404("This deal is not over: it can be replayed once it ends.")
    if deal_hidden(deal):
        raise Http404("This board is still being played at another table.")
    match = deal.match
    seats = list(match.seats.select_related("player").order_by("number"))
    names = {s.number: s.player.username for s in seats}
    replay = {
        "game": match.game,
        "match_id": match.pk,
        "deal": number,
        "players": [{"seat": n, "username": name} for n, name in names.items()],
        "sides": [list(side) for side in match.sides],
        "steps": replay_steps(deal),
        "commitment": deal.commitment,
    }
    later = Deal.objects.filter(match=match, number__gt=number, result__isnull=False).exists()
    return render(
        request,
        "games/replay.html",
        {
            "match": match,
            "deal": deal,
            "replay": replay,
            "previous": number - 1 if number > 1 else None,
            "next": number + 1 if later else None,
        },
    )


@login_required
@require_POST
def play_the_computer(request: HttpRequest) -> HttpResponse:
    """Start a casual match against the computer: the player at seat 0 and bots of the chosen
    level in the other seats (``games.services.match_against_computer``), with the game
    options and player count of the form's fields (games/game_options.py), rated when the
    form's ``rated`` box is ticked; then its table. Bad input goes back to the page it
    came from with a message."""
    from django.contrib import messages
    from django.utils.translation import gettext as _

    back = request.POST.get("next") or "/"
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    try:
        game = get_game(request.POST.get("game", ""))
        options = options_from_post(game, request.POST)
        if request.POST.get("level", DEFAULT_LEVEL) not in LEVELS:
            raise ValueError(_("There is no such computer player."))
        match = services.match_against_computer(
            player=request.user,
            game=game.slug,
            seats=seats_from_post(game, request.POST, options),
            level=request.POST.get("level", DEFAULT_LEVEL),
            options=options,
            rated=request.POST.get("rated") == "on",
            time_control=request.POST.get("time_control", ""),
        )
    except KeyError:
        messages.error(request, _("That game cannot be played against the computer like that."))
        return redirect(back)
    except ValueError as error:
        messages.error(request, str(error))
        return redirect(back)
    return redirect(match.get_absolute_url())


def match_rating_changes(request: HttpRequest, match_id: int) -> HttpResponse:
    """The rating changes a finished match made, once recorded, as JSON for the match
    page's end banner: ``{"ready": bool, "changes": {"<seat>": {"before", "after",
    "change"}}}`` (``ready`` False while the result is being recorded, or for a match that
    is not rated). The changes come from the layer above (games/hooks.py)."""
    match = get_object_or_404(Match, pk=match_id)
    changes = hooks.rating_changes(match) if match.status == Match.Status.FINISHED else {}
    return JsonResponse({"ready": bool(changes), "changes": changes})


@login_required
@require_POST
def rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    """Ask for a rematch of a finished casual match (``services.match_request_rematch``):
    to the new match once everyone has asked, else back with a note."""
    from django.contrib import messages
    from django.utils.translation import gettext as _

    from games.errors import ClientError

    try:
        new = services.match_request_rematch(match_id=match_id, player_id=request.user.pk)
    except ClientError as error:
        messages.error(request, error.message if hasattr(error, "message") else str(error))
        return redirect(f"/matches/{match_id}/")
    if new is None:
        messages.info(request, _("Rematch asked: it starts when your opponents ask too."))
        return redirect(f"/matches/{match_id}/")
    return redirect(new.get_absolute_url())


def lobby_page(request: HttpRequest) -> HttpResponse:
    """The lobby: open challenges to accept, and a form to offer one (games/lobby.py).
    ``?partial=1``: the list only, re-fetched live when the lobby changes."""
    from games import lobby

    context = {
        **lobby.lobby_for(request.user),
        "time_controls": TIME_CONTROLS,
        "challenge_minutes": settings.CHALLENGE_MINUTES,
    }
    if not request.GET.get("partial"):
        context["games"] = [game_form(game) for game in games_for_newcomers(all_games())]
    template = "games/_lobby_list.html" if request.GET.get("partial") else "games/lobby.html"
    return render(request, template, context)


@login_required
@require_POST
def lobby_action(request: HttpRequest) -> HttpResponse:
    """Offer, accept, leave or withdraw a challenge, or start one's own with bots in the
    empty seats (``action`` = offer | accept | leave | cancel | bots, with ``level``). An
    offer's game options and player count come from the fields of games/game_options.py.
    Bad input comes back to the lobby with a message, never an error page."""
    from django.contrib import messages
    from django.utils.translation import gettext as _

    from games import lobby
    from games.errors import ClientError

    action = request.POST.get("action")
    try:
        if action == "offer":
            try:
                game = get_game(request.POST.get("game", ""))
            except KeyError:
                raise ValueError(_("There is no such game.")) from None
            options = options_from_post(game, request.POST)
            lobby.challenge_create(
                creator=request.user,
                game=game.slug,
                options=options,
                seats=seats_from_post(game, request.POST, options),
                rated=request.POST.get("rated") == "on",
                opponent=request.POST.get("opponent", "").strip(),
                time_control=request.POST.get("time_control", ""),
            )
        elif action in ("accept", "cancel", "leave", "bots"):
            raw = request.POST.get("challenge", "")
            if not raw.isdigit():
                raise ValueError(_("That challenge does not exist."))
            challenge_id = int(raw)
            if action == "accept":
                match = lobby.challenge_accept(challenge_id=challenge_id, player=request.user)
                if match is not None:
                    return redirect(match.get_absolute_url())
                messages.info(
                    request, _("You have a seat: the match starts when the table is full.")
                )
            elif action == "bots":
                match = lobby.challenge_fill_with_bots(
                    challenge_id=challenge_id,
                    player=request.user,
                    level=request.POST.get("level", ""),
                )
                return redirect(match.get_absolute_url())
            elif action == "leave":
                lobby.challenge_leave(challenge_id=challenge_id, player=request.user)
            else:
                lobby.challenge_cancel(challenge_id=challenge_id, player=request.user)
    except ClientError as error:
        messages.error(request, error.message)
    except ValueError as error:
        messages.error(request, str(error))
    return redirect("games:lobby")
