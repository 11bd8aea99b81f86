from django.contrib import admin

from notifications.models import Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin[Notification]):
    list_display = ["user", "text", "created_at", "emailed_at", "read_at"]
    search_fields = ["user__username", "text", "event"]
