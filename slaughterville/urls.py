"""The Slaughterville pages, included under /slaughterville/."""

from django.urls import path

from leagues.views import league_settings
from slaughterville import views

urlpatterns = [
    path("leagues/<id:league_id>/settings/", league_settings, name="sv-league-settings"),
    path("leagues/<id:league_id>/catalogue/", views.catalogue, name="sv-catalogue"),
    path("leagues/<id:league_id>/join/", views.member_join, name="sv-member-join"),
    path("leagues/<id:league_id>/sessions/new/", views.session_create, name="sv-session-create"),
    path("members/<id:team_id>/", views.member_detail, name="sv-member-detail"),
    path("sessions/<id:session_id>/", views.session_detail, name="sv-session-detail"),
    path("sessions/<id:session_id>/confirm/", views.session_confirm, name="sv-session-confirm"),
    path("sessions/<id:session_id>/dispute/", views.session_dispute, name="sv-session-dispute"),
    path("sessions/<id:session_id>/approve/", views.session_approve, name="sv-session-approve"),
    path("sessions/<id:session_id>/void/", views.session_void, name="sv-session-void"),
    path("sessions/<id:session_id>/sheet/", views.session_sheet, name="sv-session-sheet"),
    path("sessions/<id:session_id>/sheet.pdf", views.session_pdf, name="sv-session-pdf"),
]
