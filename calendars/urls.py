from django.urls import path

from calendars import views

# A token is secrets.token_urlsafe's, letters, digits, - and _: a slug. Anything else (a NUL, which PostgreSQL
# refuses in a query, was a 500) is a 404 before any query.
urlpatterns = [
    path("leagues/<id:league_id>/calendar.ics", views.league_calendar, name="league-calendar"),
    path("teams/<id:team_id>/calendar.ics", views.team_calendar, name="team-calendar"),
    path("calendar/", views.calendar_page, name="calendar-page"),
    path("calendar/<slug:token>.ics", views.coach_calendar, name="coach-calendar"),
]
