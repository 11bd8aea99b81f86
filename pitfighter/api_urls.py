"""The Pit Fighter API, included under /api/."""

from django.urls import path

from pitfighter import apis

urlpatterns = [
    path("pitfighter/leagues/<id:league_id>/", apis.CampaignApi.as_view(), name="api-pit-campaign"),
    path("pitfighter/leagues/<id:league_id>/stables/", apis.StablesApi.as_view(), name="api-pit-stables"),
    path("pitfighter/leagues/<id:league_id>/combats/", apis.CombatsApi.as_view(), name="api-pit-combats"),
    path("pitfighter/leagues/<id:league_id>/arrange/", apis.CombatArrangeApi.as_view(), name="api-pit-arrange"),
    path("pitfighter/stables/<id:team_id>/", apis.StableApi.as_view(), name="api-pit-stable"),
    path("pitfighter/fighters/<id:fighter_id>/", apis.FighterApi.as_view(), name="api-pit-fighter"),
    path("pitfighter/fighters/<id:fighter_id>/train/", apis.FighterTrainApi.as_view(), name="api-pit-train"),
    path("pitfighter/combats/<id:combat_id>/", apis.CombatApi.as_view(), name="api-pit-combat"),
    path("pitfighter/combats/<id:combat_id>/report/", apis.CombatReportApi.as_view(), name="api-pit-report"),
    path("pitfighter/combats/<id:combat_id>/confirm/", apis.CombatConfirmApi.as_view(), name="api-pit-confirm"),
    path("pitfighter/combats/<id:combat_id>/dispute/", apis.CombatDisputeApi.as_view(), name="api-pit-dispute"),
    path("pitfighter/combats/<id:combat_id>/void/", apis.CombatVoidApi.as_view(), name="api-pit-void"),
    path("pitfighter/combats/<id:combat_id>/schedule/", apis.CombatScheduleApi.as_view(), name="api-pit-schedule"),
]
