from django.urls import path

from home import views

urlpatterns = [
    path("", views.home, name="home"),
    path("home/live/", views.home_live, name="home-live"),
]
