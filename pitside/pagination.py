from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.db.models import Model, Q, QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer
from rest_framework.views import APIView


class Pagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200


def paginate(
    request: Request,
    view: APIView,
    queryset: QuerySet[Any] | Sequence[Any],
    serializer_class: type[BaseSerializer[Any]],
    *,
    complete: Callable[[Sequence[Any]], Sequence[Any]] | None = None,
    **context: Any,
) -> Response:
    """One page of the queryset, serialized, with count/next/previous links. `complete`, when given, adds to the
    page's rows what is read for a page only (sums that would cost every row's, were they annotated before paging).

    A view that calls this sets `pagination_class = Pagination`, so that its OpenAPI schema
    describes this page rather than a bare list.
    """
    paginator = Pagination()
    page: Sequence[Any] = paginator.paginate_queryset(queryset, request, view=view) or []
    if complete is not None:
        page = complete(page)
    return paginator.get_paginated_response(serializer_class(page, many=True, context=context).data)


def page_parameters(what: str, size: int | None = None) -> list[OpenApiParameter]:
    """The OpenAPI parameters of a `page_with_own` answer: `what` names its rows ("games", "lines"), `size` its
    default page when not the settings' PAGE_SIZE."""
    default, most = size or settings.REST_FRAMEWORK["PAGE_SIZE"], Pagination.max_page_size
    return [
        OpenApiParameter("page", int, description="A page of them (default: the first)."),
        OpenApiParameter("page_size", int, description=f"{what.capitalize()} a page (default {default}, at most {most})."),
    ]


def page_with_own[M: Model](
    request: Request, view: APIView, rows: QuerySet[M], own: Q | None, size: int | None = None
) -> dict[str, Any]:
    """A page of the ordered rows (?page=, ?page_size= up to 200; `size` a page by default when not the settings'
    PAGE_SIZE) as count/next/previous/results, and `own`: the rows matching `own` (the requesting coach's,
    pitside.paging.coached_by) on any page, as many as a page may hold. Three queries whatever the list's length;
    the caller serializes them, beside its own keys."""
    paginator = Pagination()
    paginator.page_size = size or paginator.page_size
    page = paginator.paginate_queryset(rows, request, view=view) or []
    return {
        "count": paginator.page.paginator.count if paginator.page else 0,
        "next": paginator.get_next_link(),
        "previous": paginator.get_previous_link(),
        "results": page,
        "own": list(rows.filter(own)[: Pagination.max_page_size]) if own is not None else [],
    }
