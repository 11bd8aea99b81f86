from django.urls import path

from webhooks import views

urlpatterns = [
    path("leagues/<id:league_id>/settings/channels/", views.league_channel_add, name="league-channel-add"),
    path("channels/<id:channel_id>/delete/", views.channel_remove, name="channel-remove"),
]
