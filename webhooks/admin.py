from django.contrib import admin

from webhooks.models import Channel, Delivery


@admin.register(Channel)
class ChannelAdmin(admin.ModelAdmin[Channel]):
    list_display = ["league", "kind", "created_at"]
    exclude = ["secret"]


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin[Delivery]):
    list_display = ["channel", "event", "status", "tries", "last_error", "created_at", "sent_at"]
    list_filter = ["status", "event"]
