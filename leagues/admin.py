from django.contrib import admin

from leagues.models import League


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin[League]):
    list_display = ["name", "game_system", "open_for_signups", "created_at"]
    list_filter = ["game_system", "open_for_signups"]
    search_fields = ["name"]
    filter_horizontal = ["commissioners"]
