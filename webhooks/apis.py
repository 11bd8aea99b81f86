"""A league's channels, for its commissioners: the URL and the secret are written, never read back (the
answer shows the URL's host and whether a secret is set), with each channel's latest deliveries."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.models import League
from pitside.api_errors import ERRORS
from webhooks.models import Channel, Delivery
from webhooks.selectors import channel_failing, channel_host, channels_with_deliveries, league_channels
from webhooks.services import channel_create, channel_delete, channel_get, channel_update


class DeliveryOutputSerializer(serializers.ModelSerializer[Delivery]):
    id = serializers.UUIDField(source="uid", help_text="The id every try of this post carries (X-Pitside-Delivery).")

    class Meta:
        model = Delivery
        fields = ["id", "event", "text", "status", "tries", "last_error", "created_at", "next_try_at", "sent_at"]


class ChannelOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    league = serializers.IntegerField(source="league_id")
    kind = serializers.ChoiceField(choices=Channel.Kind.choices)
    host = serializers.SerializerMethodField(help_text="The URL's host: the URL itself is never shown.")
    has_secret = serializers.SerializerMethodField()
    events = serializers.ListField(child=serializers.ChoiceField(choices=Channel.Event.choices))
    failing = serializers.SerializerMethodField(help_text="The latest finished try failed.")
    deliveries = DeliveryOutputSerializer(many=True, source="latest_deliveries")
    created_at = serializers.DateTimeField()

    def get_host(self, channel: Channel) -> str:
        return channel_host(channel)

    def get_has_secret(self, channel: Channel) -> bool:
        return bool(channel.secret)

    def get_failing(self, channel: Channel) -> bool:
        return channel_failing(channel)


def _answer(channel_id: int) -> Any:
    return ChannelOutputSerializer(channels_with_deliveries().get(pk=channel_id)).data


class ChannelListApi(APIView):
    class ChannelCreateInputSerializer(serializers.Serializer[Any]):
        kind = serializers.ChoiceField(choices=Channel.Kind.choices)
        url = serializers.URLField(max_length=500, write_only=True)
        secret = serializers.CharField(max_length=200, required=False, default="", allow_blank=True, write_only=True)
        events = serializers.ListField(child=serializers.ChoiceField(choices=Channel.Event.choices), allow_empty=False)

    @extend_schema(responses={200: ChannelOutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, league_id: int) -> Response:
        league = get_object_or_404(League, pk=league_id)
        return Response(ChannelOutputSerializer(league_channels(league=league, user=request.user), many=True).data)

    @extend_schema(request=ChannelCreateInputSerializer, responses={201: ChannelOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        get_object_or_404(League, pk=league_id)
        data = self.ChannelCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        channel = channel_create(league_id=league_id, user=request.user, **data.validated_data)
        return Response(_answer(channel.pk), status=status.HTTP_201_CREATED)


class ChannelDetailApi(APIView):
    class ChannelUpdateInputSerializer(serializers.Serializer[Any]):
        url = serializers.URLField(max_length=500, required=False, write_only=True)
        secret = serializers.CharField(max_length=200, required=False, allow_blank=True, write_only=True)
        events = serializers.ListField(
            child=serializers.ChoiceField(choices=Channel.Event.choices), allow_empty=False, required=False
        )

    @extend_schema(responses={200: ChannelOutputSerializer, **ERRORS})
    def get(self, request: Request, channel_id: int) -> Response:
        channel_get(channel_id=channel_id, user=request.user)
        return Response(_answer(channel_id))

    @extend_schema(request=ChannelUpdateInputSerializer, responses={200: ChannelOutputSerializer, **ERRORS})
    def patch(self, request: Request, channel_id: int) -> Response:
        data = self.ChannelUpdateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        channel_update(channel_id=channel_id, user=request.user, **data.validated_data)
        return Response(_answer(channel_id))

    @extend_schema(request=None, responses={204: None, **ERRORS})
    def delete(self, request: Request, channel_id: int) -> Response:
        channel_delete(channel_id=channel_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
