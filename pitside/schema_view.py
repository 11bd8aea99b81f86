"""GET /api/schema/, rendered once per process, language and format (a module of its own: drf-spectacular's views
import the generator, pitside.schema, when they load)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.utils import translation
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SCHEMA_KWARGS, SpectacularAPIView
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request


def schema_language(lang: str) -> str:
    """The supported language (settings.LANGUAGES) `lang` names, else the default one. A client's `lang` picks one
    of these few, never a key of its own: the schema kept per language cannot be filled with copies."""
    try:
        # Lower case: Django finds "EN" as English and answers it as given, which would be a key of its own.
        return translation.get_supported_language_variant(lang).lower()
    except LookupError:
        return translation.get_supported_language_variant(settings.LANGUAGE_CODE)


class OnceSchemaView(SpectacularAPIView):
    """GET /api/schema/, keeping the bytes of each language and format it rendered: rendering the schema of hundreds
    of operations as YAML or JSON takes ~75 ms (generating it, ~1 s), and only the code changes it. The API has one
    version, so a `version` is refused (a 400): each one the client named was a schema generated and kept."""

    rendered: ClassVar[dict[tuple[str, str], tuple[bytes, dict[str, str]]]] = {}

    @extend_schema(**SCHEMA_KWARGS)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if "version" in request.query_params:
            raise ValidationError({"version": ["Pitside's API has one version: ask for its schema without one."]})
        language = schema_language(request.query_params.get("lang", ""))
        key = (language, str(request.accepted_media_type))  # the media type: one of the view's renderers'
        if key not in self.rendered:
            # Generated and rendered in that language (drf-spectacular's own get() would use the client's `lang`).
            with translation.override(language):
                response = self._get_schema_response(request)  # type: ignore[no-untyped-call]
                response.accepted_renderer = request.accepted_renderer
                response.accepted_media_type = request.accepted_media_type
                response.renderer_context = self.get_renderer_context()
                response.render()
            self.rendered[key] = (response.content, dict(response.items()))
        content, headers = self.rendered[key]
        return HttpResponse(content, headers=headers)
