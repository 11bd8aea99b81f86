"""The Slaughterville API, included under /api/."""

from django.urls import path

from slaughterville import apis

urlpatterns = [
    path("slaughterville/leagues/<id:league_id>/catalogue/", apis.CatalogueApi.as_view(), name="api-sv-catalogue"),
    path("slaughterville/leagues/<id:league_id>/members/", apis.MembersApi.as_view(), name="api-sv-members"),
    path("slaughterville/leagues/<id:league_id>/sessions/", apis.SessionsApi.as_view(), name="api-sv-sessions"),
    path("slaughterville/leagues/<id:league_id>/statistics/", apis.StatisticsApi.as_view(), name="api-sv-statistics"),
    path("slaughterville/sessions/<id:session_id>/", apis.SessionDetailApi.as_view(), name="api-sv-session"),
    path("slaughterville/sessions/<id:session_id>/confirm/", apis.SessionConfirmApi.as_view(), name="api-sv-session-confirm"),
    path("slaughterville/sessions/<id:session_id>/dispute/", apis.SessionDisputeApi.as_view(), name="api-sv-session-dispute"),
    path("slaughterville/sessions/<id:session_id>/approve/", apis.SessionApproveApi.as_view(), name="api-sv-session-approve"),
    path("slaughterville/sessions/<id:session_id>/void/", apis.SessionVoidApi.as_view(), name="api-sv-session-void"),
]
