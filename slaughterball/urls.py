from slaughterball.views import calendar, pregame, results

urlpatterns = [*calendar.urlpatterns, *pregame.urlpatterns, *results.urlpatterns]
