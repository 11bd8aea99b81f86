from django.urls import path

from calendars import views

urlpatterns = [
    path("leagues/<id:league_id>/calendar.ics", views.league_calendar, name="league-calendar"),
    path("teams/<id:team_id>/calendar.ics", views.team_calendar, name="team-calendar"),
    path("calendar/", views.calendar_page, name="calendar-page"),
    path("calendar/<str:token>.ics", views.coach_calendar, name="coach-calendar"),
]
