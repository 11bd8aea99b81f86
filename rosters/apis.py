"""The pieces of the team API that every game system shares: what names a team in its output, and a
ledger row."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from rosters.models import LedgerEntry


class TeamIdentityOutputSerializer(serializers.Serializer[Any]):
    """What names a team in every game system's team output, read from an object with a `team`."""

    id = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    league = serializers.IntegerField(source="team.league_id")
    coach = serializers.CharField(source="team.coach.username")


class LedgerEntryOutputSerializer(serializers.ModelSerializer[LedgerEntry]):
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)

    class Meta:
        model = LedgerEntry
        fields = ["id", "team", "account", "amount", "kind", "reason", "purchase", "created_by", "created_at"]
        read_only_fields = fields
