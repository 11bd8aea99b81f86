from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from rosters.models import LedgerEntry, Team


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin[Team]):
    list_display = ["name", "league", "coach", "faction"]
    list_filter = ["league", "faction"]
    search_fields = ["name", "coach__username"]


class ImmutableAdmin[M: Model](admin.ModelAdmin[M]):
    """Purchases and ledger rows are history, written only through the services that check the rules
    (a correction is a commissioner's grant or fine): the admin shows them and nothing more."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ImmutableAdmin[LedgerEntry]):
    list_display = ["team", "account", "amount", "kind", "reason", "created_at"]
    list_filter = ["account", "kind"]
    search_fields = ["team__name", "reason"]
