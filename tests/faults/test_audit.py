"""The hidden-information audit of the load clients (bench/client.py) finds planted leaks.

The load and fault runs report "no audit problems"; these tests show that the audit would
have said otherwise: an opponent's card, a hidden packet card, the deck or a seed in a
message are each reported, and a whole deal of honest views is not.
"""

from __future__ import annotations

import copy
import random

from bench.client import SeatAudit
from games.rules import get_game


def _deal(seed: int = 5):
    return get_game("spizzichino").new_deal(seats=2, dealer=1, options={}, seed=seed)


def _message(deal, seat, seq: int, *, number: int = 1) -> dict:
    return {
        "type": "state",
        "seq": seq,
        "seat": seat,
        "match": {"deal_number": number, "status": "in_progress", "last_result": None},
        "view": deal.view(seat),
    }


def _play(deal, actions: int, rng: random.Random) -> None:
    for _ in range(actions):
        deal.apply(rng.choice(deal.legal_actions()))


def test_a_whole_deal_of_honest_views_passes_for_both_seats_and_a_spectator():
    deal, rng = _deal(), random.Random(3)
    audits = {seat: SeatAudit(seat) for seat in (0, 1, None)}
    seq = 1
    while True:
        for seat, audit in audits.items():
            audit.check(_message(deal, seat, seq))
        if deal.is_over:
            break
        _play(deal, 1, rng)
        seq += 1
    assert {seat: audit.problems for seat, audit in audits.items()} == {0: [], 1: [], None: []}
    assert audits[0].checked == seq


def test_the_opponents_hand_in_a_message_is_reported():
    deal = _deal()
    _play(deal, 14, random.Random(1))  # both have split: hands are formed
    honest = _message(deal, 0, 15)
    leaky = copy.deepcopy(honest)
    leaky["view"]["players"][1]["hand"] = deal.view(1)["players"][1]["hand"]
    audit = SeatAudit(0)

    audit.check(leaky)

    assert any("sees the hand of seat 1" in p for p in audit.problems)
    assert any("may not know" in p for p in audit.problems)


def test_a_hidden_card_anywhere_else_is_reported():
    deal = _deal()
    _play(deal, 14, random.Random(1))
    hidden = sorted(set(deal.record()["deck"]) - _visible_to(deal, 0))[0]
    message = _message(deal, 0, 15)
    message["view"]["hint"] = f"nice {hidden} you have there"
    audit = SeatAudit(0)

    audit.check(message)

    assert audit.problems and hidden in audit.problems[-1]


def test_the_deck_or_a_seed_before_the_deal_ends_is_reported():
    deal = _deal()
    for extra in ({"deck": []}, {"seed": 12345}):
        message = _message(deal, 0, 1)
        message["view"].update(extra)
        audit = SeatAudit(0)
        audit.check(message)
        assert any("secret keys" in p for p in audit.problems), extra


def test_known_cards_never_shown_before_are_reported():
    deal = _deal()
    _play(deal, 14, random.Random(1))
    audit = SeatAudit(0)
    audit.check(_message(deal, 0, 15))
    _play(deal, 1, random.Random(2))
    message = _message(deal, 0, 16)
    opponent_card = deal.view(1)["players"][1]["hand"][0]
    message["view"]["players"][1]["known_cards"].append(opponent_card)

    audit.check(message)

    assert any("known_cards never shown" in p for p in audit.problems)


def _visible_to(deal, seat) -> set[str]:
    from bench.client import codes_in, pack_codes

    return codes_in(deal.view(seat), pack_codes())
