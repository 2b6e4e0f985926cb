from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.admin_lookups import SecretLookupsRefused
from accounts.models import Player


@admin.register(Player)
class PlayerAdmin(SecretLookupsRefused, UserAdmin):
    list_display = ["username", "email", "is_staff", "is_active", "date_joined", "last_login"]
    list_filter = ["is_staff", "is_active", "date_joined"]
    search_fields = ["username", "email", "first_name", "last_name"]
