from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import QuerySet
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
    **context: Any,
) -> Response:
    """One page of the queryset, serialized, with count/next/previous links.

    A view that calls this sets `pagination_class = Pagination`, so that its OpenAPI schema
    describes this page rather than a bare list.
    """
    paginator = Pagination()
    page = paginator.paginate_queryset(queryset, request, view=view)
    return paginator.get_paginated_response(serializer_class(page, many=True, context=context).data)
