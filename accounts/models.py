"""The player account: the site's custom user model, present from the first migration."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts import bot_names


class Player(AbstractUser):
    """A registered player (also staff, who run events from admin).

    Ratings per game live in ``tournaments.Rating``; the public profile shows them.
    ``is_bot`` marks the computer opponents (games/bots.py): they play casual matches only,
    never log in and never enter tournaments. ``high_contrast_cards`` and ``large_cards``
    are the player's display settings (``body_classes`` gives their CSS classes).
    """

    is_bot = models.BooleanField(default=False, help_text="A computer opponent (games/bots.py).")
    time_zone = models.CharField(
        max_length=64,
        blank=True,
        default="",
        help_text=_(
            "The IANA time zone pages show times in (e.g. Europe/Rome); empty: the browser's."
        ),
    )
    # Display settings (docs/accessibility.md): classes on <body> that static/css/cards.css
    # reads, on every page the player opens.
    high_contrast_cards = models.BooleanField(
        _("high-contrast cards"),
        default=False,
        help_text=_("Cards drawn in black and white with bold marks and a thick outline."),
    )
    large_cards = models.BooleanField(
        _("larger cards"),
        default=False,
        help_text=_("Cards and their names drawn larger at the table."),
    )

    class Meta:
        ordering = ["username"]
        verbose_name = "player"

    def __str__(self) -> str:
        return self.username

    @property
    def display_name(self) -> str:
        """What pages call the player: the username, or a computer opponent's person's
        name with the computer mark ("Nonna Pina (computer)", accounts/bot_names.py)."""
        return bot_names.display_name(self.username)

    @property
    def body_classes(self) -> str:
        """The classes base.html puts on <body> for the display settings, space-separated:
        ``cards-high-contrast`` and ``cards-large`` (static/css/cards.css), or ""."""
        classes = []
        if self.high_contrast_cards:
            classes.append("cards-high-contrast")
        if self.large_cards:
            classes.append("cards-large")
        return " ".join(classes)

    def get_absolute_url(self) -> str:
        return reverse("accounts:profile", kwargs={"username": self.username})
