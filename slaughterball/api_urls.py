from slaughterball.apis import calendar, pregame, results, teams

urlpatterns = [*teams.urlpatterns, *calendar.urlpatterns, *pregame.urlpatterns, *results.urlpatterns]
