from django.contrib import admin

from rosters import admin as rosters_admin
from rosters.models import Team
from slaughterball.models import Athlete, Purchase


class AthleteInline(admin.TabularInline[Athlete, Team]):
    model = Athlete
    extra = 0


# A team's page in the admin lists its athletes: the shared team admin, with Slaughterball's inline.
admin.site.unregister(Team)


@admin.register(Team)
class TeamAdmin(rosters_admin.TeamAdmin):
    inlines = [AthleteInline]


@admin.register(Athlete)
class AthleteAdmin(admin.ModelAdmin[Athlete]):
    list_display = ["name", "number", "type", "team"]
    list_filter = ["type"]
    search_fields = ["name", "team__name"]


@admin.register(Purchase)
class PurchaseAdmin(rosters_admin.ImmutableAdmin[Purchase]):
    list_display = ["name", "team", "athlete", "kind", "cost", "created_at"]
    list_filter = ["kind"]
