"""Output serializers for the APIs' long lists."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cached_property
from operator import attrgetter
from typing import Any

from rest_framework import serializers


class PlainOutputSerializer(serializers.Serializer[Any]):
    """An output read straight off its source: plain values (numbers, text, JSON) as they are, any other field (a date,
    a nested list) by its own representation. A page of stables holds 250 fighters and one of combats 100 sides and
    lines, and DRF's field-by-field walk was most of those APIs' time. A source is read attribute by attribute: none on
    the way may be None."""

    @cached_property
    def readers(self) -> list[tuple[str, Callable[[Any], Any], serializers.Field[Any, Any, Any, Any] | None]]:
        """Each field's name, its source's reader and, when its value is not plain, the field: made once for a list."""
        return [
            (
                name,
                attrgetter(".".join(field.source_attrs)) if field.source_attrs else lambda instance: instance,
                None if type(field) in PLAIN_FIELDS else field,
            )
            for name, field in self.fields.items()
        ]

    def to_representation(self, instance: Any) -> dict[str, Any]:
        answer = {}
        for name, read, field in self.readers:
            value = read(instance)
            if field is not None and value is not None:
                if inspect.ismethod(value):  # a source such as "pit_fighters.all"
                    value = value()
                value = field.to_representation(value)
            answer[name] = value
        return answer


PLAIN_FIELDS = (serializers.IntegerField, serializers.CharField, serializers.BooleanField, serializers.JSONField)
