"""Serializers shared by the apps' APIs."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from rest_framework import serializers

PLAIN_FIELDS = (serializers.IntegerField, serializers.CharField, serializers.BooleanField, serializers.JSONField)


class PlainOutputSerializer(serializers.Serializer[Any]):
    """An output read straight off its source (an object, or a row as a dict): plain values (numbers, text, JSON) as
    they are, any other field (a date, a nested serializer) by its own representation. A page of Pit Fighter stables
    holds 250 fighters, one of combats 100 sides and lines, one of Slaughterball teams 50 teams and their athletes:
    DRF's field-by-field walk was most of those APIs' time. None on the way to a source may be None."""

    @cached_property
    def readers(self) -> list[tuple[str, list[str], serializers.Field[Any, Any, Any, Any] | None]]:
        """Each field's name, its source's path and, when its value is not plain, the field: made once for a list."""
        return [(name, field.source_attrs, None if type(field) in PLAIN_FIELDS else field) for name, field in self.fields.items()]

    def to_representation(self, instance: Any) -> dict[str, Any]:
        answer = {}
        for name, path, field in self.readers:
            value = instance
            for attribute in path:
                value = value[attribute] if isinstance(value, Mapping) else getattr(value, attribute)
            if field is not None and value is not None:
                if inspect.ismethod(value):  # a source such as "pit_fighters.all"
                    value = value()
                value = field.to_representation(value)
            answer[name] = value
        return answer
