from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from accounts.adapter import other_usernames
from accounts.admin_lookups import SecretLookupsRefused
from accounts.models import Player
from accounts.usernames import check_username


class _LookAlikeNamesRefused:
    """A Player form's username, when new or changed, checked as sign-up checks it
    (``accounts.usernames.check_username``): staff cannot give a player a name that
    passes for another's or for a computer opponent's."""

    def clean_username(self):
        parent = getattr(super(), "clean_username", None)  # the creation form has one
        username = parent() if parent else self.cleaned_data.get("username")
        if username and "username" in self.changed_data:
            check_username(username, other_usernames(exclude_pk=self.instance.pk))
        return username


class PlayerChangeForm(_LookAlikeNamesRefused, UserChangeForm):
    """Admin's change form for a player, with the look-alike check."""


class PlayerCreationForm(_LookAlikeNamesRefused, AdminUserCreationForm):
    """Admin's add form for a player, with the look-alike check."""


@admin.register(Player)
class PlayerAdmin(SecretLookupsRefused, UserAdmin):
    form = PlayerChangeForm
    add_form = PlayerCreationForm
    list_display = ["username", "email", "is_staff", "is_active", "date_joined", "last_login"]
    list_filter = ["is_staff", "is_active", "date_joined"]
    search_fields = ["username", "email", "first_name", "last_name"]
