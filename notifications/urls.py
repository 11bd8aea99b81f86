from django.urls import path

from notifications import views

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("read/", views.mark_read, name="notifications-read"),
]
