"""GET /api/schema/, rendered once per process and format (a module of its own: drf-spectacular's views import
the generator, pitside.schema, when they load)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.http import HttpResponse
from django.http.response import HttpResponseBase
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SCHEMA_KWARGS, SpectacularAPIView
from rest_framework.request import Request


class OnceSchemaView(SpectacularAPIView):
    """GET /api/schema/, keeping the bytes of each format it rendered: rendering the schema of hundreds of operations
    as YAML or JSON takes ~75 ms, and only the code changes it. A request for another language or version is
    rendered each time (its values are the client's, so they are not kept)."""

    rendered: ClassVar[dict[str, tuple[bytes, dict[str, str]]]] = {}

    @extend_schema(**SCHEMA_KWARGS)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.GET.get("lang") or request.GET.get("version"):
            return super().get(request, *args, **kwargs)  # type: ignore[no-untyped-call,no-any-return]
        key = str(request.accepted_media_type)  # one of the view's renderers' types
        if key not in self.rendered:
            response = super().get(request, *args, **kwargs)  # type: ignore[no-untyped-call]
            response.accepted_renderer = request.accepted_renderer
            response.accepted_media_type = request.accepted_media_type
            response.renderer_context = self.get_renderer_context()
            response.render()
            self.rendered[key] = (response.content, dict(response.items()))
        content, headers = self.rendered[key]
        return HttpResponse(content, headers=headers)
