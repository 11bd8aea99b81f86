from django.urls import path

from rosters import views

urlpatterns = [
    path("leagues/<id:league_id>/teams/new/", views.team_create, name="team-create"),
    path("leagues/<id:league_id>/settings/grants/", views.league_grant, name="league-grant"),
    path("teams/<id:team_id>/", views.team_detail, name="team-detail"),
    path("teams/<id:team_id>/staff/", views.team_staff_hire, name="team-staff-hire"),
    path("teams/<id:team_id>/roster/", views.team_roster_sheet, name="team-roster-sheet"),
    path("teams/<id:team_id>/roster.pdf", views.team_roster_pdf, name="team-roster-pdf"),
    path("athletes/<id:athlete_id>/spend/", views.athlete_spend, name="athlete-spend"),
]
