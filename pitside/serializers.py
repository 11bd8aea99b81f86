"""Serializers shared by the apps' APIs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers


class PlainOutputSerializer(serializers.Serializer[Any]):
    """An output of plain values (numbers, text, JSON), each read straight off its source; a nested serializer field
    serializes its own value. A page of Pit Fighter stables holds 250 fighters, one of combats 100 sides and lines, one
    of Slaughterball teams 50 teams and their athletes: DRF's field-by-field walk was most of those APIs' time."""

    def to_representation(self, instance: Any) -> dict[str, Any]:
        answer = {}
        for name, field in self.fields.items():
            value = instance
            for attribute in field.source_attrs:
                value = value[attribute] if isinstance(value, Mapping) else getattr(value, attribute)
            answer[name] = field.to_representation(value) if isinstance(field, serializers.BaseSerializer) else value
        return answer
