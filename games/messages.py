"""The engine's refusals in the player's language, and the language of a socket.

The rules engine (games/rules/) stays free of Django and says why it refuses an action
with an ``IllegalAction``: a message ``key``, its ``params`` and an English message. Live
play sends a player the refusal translated by its key (docs/i18n.md); a key this table
does not know yet falls back to the engine's English message, so a new refusal in a game
is never lost, only untranslated until it is added here.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.utils.translation import get_language_from_request, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.rules import IllegalAction

# Every key the engines raise (tests/i18n/test_i18n.py checks the list against the
# engines' source). A template names only the params every engine raising that key gives.
ILLEGAL_ACTIONS = {
    # Every game (games/rules/base.py).
    "malformed": _("That is not a move of this game."),
    "deal_over": _("The deal is over."),
    "not_your_turn": _("It is not your turn."),
    "wrong_phase": _("That move is not possible at this point of the deal."),
    # Playing a card.
    "card_not_in_hand": _("%(card)s is not in your hand."),
    "card_not_available": _("You do not hold that card."),
    "must_follow_suit": _("You must follow suit (%(suit)s)."),
    "must_follow": _("You must follow suit."),
    "must_beat": _("You must beat the trick with a higher %(suit)s."),
    "must_win": _("You must beat the card led with a higher card of its suit."),
    "must_trump": _("You must play a trump."),
    "must_overtrump": _("You must overtrump if you can."),
    # Scopa.
    "must_capture": _("%(card)s can capture, so it cannot be played to the table."),
    "must_pair": _(
        "A card of the same rank as %(card)s is on the table: pairing takes precedence, take it."
    ),
    "wrong_sum": _("The cards taken add up to %(total)s, not to the value of %(card)s."),
    "not_on_board": _("Not on the table: %(cards)s."),
    # Calabrasella.
    "call_not_allowed": _(
        "You cannot call %(card)s: call a 3 you lack, or a 2 you lack when you hold every 3."
    ),
    "cannot_return_called_card": _("Give back another card for the called %(card)s."),
    "no_discard": _("Discard at least one card before turning the widow."),
    "too_many_discards": _("You may discard %(limit)s cards at most; turn the widow."),
    "card_not_in_widow": _("%(card)s is not in the widow."),
    # Spizzichino.
    "packet_taken": _("Packet %(packet)s has already been picked."),
    "not_your_packet": _("Both packets must be among yours."),
    "not_on_top": _("%(card)s is not on top of one of your face-up packets."),
    "not_a_pizzico": _("Only a 3, a 2 or an ace can be taken into the hand (%(card)s)."),
    # Tressette.
    "signal_not_allowed": _("That signal is not allowed now."),
    # Tute.
    "declaration_not_allowed": _(
        "Declarations are made after winning a trick, before leading, one at a time, "
        "the cuarenta before any veinte."
    ),
    # Pinch tarot.
    "meld_already_scored": _("That meld has already scored in this hand."),
    "meld_too_few_trumps": _("Taròcchi shows at least %(min)s trumps: you chose %(count)s."),
    "tarocchi_not_more": _(
        "You have already shown %(best)s trumps: show more than %(best)s to score again "
        "(you chose %(count)s)."
    ),
    "meld_cards_not_held": _("You do not hold %(cards)s."),
    # Bazzica.
    "not_this_trump": _("That declaration is not possible with this trump suit."),
    "nothing_to_exchange": _("The upcard is already a 7."),
    "already_used": _("A card cannot join a second combination of the same kind."),
    "no_new_card": _("The combination needs a card new to its family."),
    "not_blank": _(
        "Only a hand with no K, Q or J can declare carta bianca, before its first card."
    ),
    "cannot_pass": _(
        "Only the winner of a trick in Bazzica in quattro may leave the declaration to his partner."
    ),
    # Sette e mezzo and Ziginette.
    "bad_limits": _("The limits are a minimum and a maximum bet from %(low)s to %(high)s chips."),
    "bet_out_of_limits": _("The banker's limits are %(low)s to %(high)s chips."),
    "bet_over_stack": _("You have %(stack)s chips."),
    "stock_empty": _("There are no cards left to draw."),
    "already_bet": _("You already have a bet on %(card)s."),
    # Machiavelli.
    "stock_not_empty": _("You may pass only once the stock is empty: draw or play."),
    "table_card_missing": _("%(card)s is on the table and must stay there."),
    "no_card_from_hand": _("A table you submit must add at least one card from your hand."),
    # Rumino.
    "just_taken": _("You took %(card)s from the pile this turn and may not discard it."),
    "cannot_knock": _("Knocking needs a deadwood of 1 to 7; yours is %(deadwood)s."),
    "cannot_go_gin": _("Gin needs a deadwood of 0; yours is %(deadwood)s."),
    # Burraco (docs/games/burraco.md, "Refusals").
    "discard_pile_empty": _("The discard pile is empty: draw from the talon."),
    "cards_not_in_hand": _("You do not hold those cards."),
    "no_such_meld": _("Your side has no such meld."),
    "one_set_per_rank": _("Your side already has a set of that rank: add to it."),
    "must_keep_a_card": _("You must keep a card to discard."),
    "no_discard_left": _("Your last card could not be discarded: keep another card."),
    "cannot_discard_taken_card": _(
        "You took that one card from the discard pile: discard another card this turn."
    ),
    "close_needs_burraco": _("To close, your side needs its pozzetto and a burraco."),
    "cannot_close_with_wild": _("You cannot close by discarding a wild card."),
    "meld_too_short": _("A meld has at least three cards."),
    "bad_card": _("That is not a card of this game."),
    "wild_needs_position": _("Say which card the wild card stands for in a run."),
    "natural_with_position": _("That card is not wild here: it stands for itself."),
    "one_wild_per_meld": _("A meld holds one wild card at most."),
    "no_set_of_wilds": _("2s and jokers cannot make a meld by themselves."),
    "run_mixed_suits": _("A run is of one suit, a set of one rank."),
    "run_one_ace": _("A run holds one ace, low or high, not both."),
    "run_duplicate_rank": _("A run holds each rank once."),
    "run_not_consecutive": _("The cards of a run must follow one another."),
    "wild_at_low_end": _(
        "A wild card fills a gap or stands at the low end of the run "
        "(the high end after a low ace)."
    ),
    "wild_position_mismatch": _("The wild card must stand where the run has a gap."),
    "add_changes_meld": _("Cards added to a meld keep its kind, its suit or its rank."),
    "add_removes_cards": _("An addition keeps every card already in the meld."),
    "add_nothing": _("An addition adds at least one card."),
    "wild_replaced_by_wild": _("A wild card is never replaced by another wild card."),
}

# Suit letters in the params (games/rules/cards.py): Italian suits keep their Italian
# names in every language, as the cards on the table do (static/js/live-table.js).
_ITALIAN_SUITS = {"C": "Bastoni", "D": "Denari", "H": "Coppe", "S": "Spade"}
_FRENCH_SUITS = {
    "C": pgettext_lazy("French suit", "Clubs"),
    "D": pgettext_lazy("French suit", "Diamonds"),
    "H": pgettext_lazy("French suit", "Hearts"),
    "S": pgettext_lazy("French suit", "Spades"),
    "T": pgettext_lazy("tarot suit", "Trumps"),
}


def _suit_name(letter: Any, pack: str) -> Any:
    names = _ITALIAN_SUITS if pack.startswith("italian") else _FRENCH_SUITS
    return names.get(letter, letter) if isinstance(letter, str) else letter


def illegal_action_message(error: IllegalAction, pack: str = "italian") -> str:
    """The refusal ``error`` in the active language, from its key and params; the engine's
    English message for a key not in ``ILLEGAL_ACTIONS`` or params that do not fit.

    ``pack`` is the game's pack name (``Game.pack.name``): it says how a suit is named.
    """
    template = ILLEGAL_ACTIONS.get(error.key)
    if template is None:
        return str(error)
    params = {
        name: ", ".join(map(str, value)) if isinstance(value, list | tuple) else value
        for name, value in error.params.items()
    }
    if "suit" in params:
        params["suit"] = _suit_name(params["suit"], pack)
    try:
        return str(template) % params
    except (KeyError, TypeError, ValueError):
        return str(error)


def socket_language(scope: dict) -> str:
    """The language of a WebSocket's messages, chosen as LocaleMiddleware chooses a page's:
    the set_language cookie, else the handshake's Accept-Language, else LANGUAGE_CODE."""
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    request = SimpleNamespace(
        COOKIES=scope.get("cookies") or {}, META={"HTTP_ACCEPT_LANGUAGE": accept}
    )
    return get_language_from_request(request)  # type: ignore[arg-type]
