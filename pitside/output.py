"""Output serializers for the APIs' long lists."""

from __future__ import annotations

import inspect
from typing import Any

from rest_framework import serializers


class PlainOutputSerializer(serializers.Serializer[Any]):
    """An output read straight off its source: plain values (numbers, text, JSON) as they are, any other field (a date,
    a nested list) by its own representation. A page of stables holds 250 fighters and one of combats 100 sides and
    lines, and DRF's field-by-field walk was most of those APIs' time. A source is read attribute by attribute: none on
    the way may be None."""

    def to_representation(self, instance: Any) -> dict[str, Any]:
        answer = {}
        for name, field in self.fields.items():
            value = instance
            for attribute in field.source_attrs:
                value = getattr(value, attribute)
            if inspect.ismethod(value):  # a source such as "pit_fighters.all"
                value = value()
            answer[name] = value if value is None or type(field) in PLAIN_FIELDS else field.to_representation(value)
        return answer


PLAIN_FIELDS = (serializers.IntegerField, serializers.CharField, serializers.BooleanField, serializers.JSONField)
