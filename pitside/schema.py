"""The OpenAPI schema, generated once per process and language: it changes only with the code
(pitside.schema_view keeps its rendered bytes)."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from drf_spectacular.generators import SchemaGenerator


class OnceSchemaGenerator(SchemaGenerator):
    """drf-spectacular's generator (SPECTACULAR_SETTINGS' DEFAULT_GENERATOR_CLASS), keeping each schema it
    made: generating one inspects every view (half a second); each request still renders its format."""

    made: dict[tuple[str | None, bool, str | None], dict[str, Any]] = {}

    def get_schema(self, request: Any = None, public: bool = False) -> dict[str, Any]:
        key = (self.api_version, public, translation.get_language())  # its texts are in the active language
        if key not in self.made:
            self.made[key] = super().get_schema(request, public)  # type: ignore[no-untyped-call]
        return self.made[key]
