from django.urls import path

from rosters import views

urlpatterns = [
    path("leagues/<int:league_id>/teams/new/", views.team_create, name="team-create"),
    path("leagues/<int:league_id>/settings/grants/", views.league_grant, name="league-grant"),
    path("teams/<int:team_id>/", views.team_detail, name="team-detail"),
    path("teams/<int:team_id>/staff/", views.team_staff_hire, name="team-staff-hire"),
    path("teams/<int:team_id>/roster/", views.team_roster_sheet, name="team-roster-sheet"),
    path("teams/<int:team_id>/roster.pdf", views.team_roster_pdf, name="team-roster-pdf"),
    path("athletes/<int:athlete_id>/spend/", views.athlete_spend, name="athlete-spend"),
]
