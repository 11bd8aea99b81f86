"""The one shape of an API write to a game (or anything a URL names by id): the input checked by a
serializer, one service call, the object answered as it is now.

    class MatchDisputeApi(MatchWriteApi):
        '''The other coach disputes the report: a commissioner then decides.'''

        input_serializer = ReasonInputSerializer
        service = staticmethod(services.report_dispute)

A game system's base subclass says how its objects are found (a 404 otherwise) and answered; each
write names its input serializer and its service, and its docstring is its description in the schema.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitside.api_errors import ERRORS
from pitside.idempotency import IDEMPOTENCY_KEY_HEADER, idempotency_key_of


class WriteApi(APIView):
    """POST: `input_serializer` checks the body (none: the body is not read), then `service` is called
    with the URL's id (by its name in the URL: game_id=, match_id=), the user and the validated input.
    An `idempotent` write also gets the Idempotency-Key header and returns (object, changed): its answer
    is 201 when it changed something, 200 when it was already so. The answer is `answer(...)`. Who may
    write is the service's to decide (the API's default: logged in to write)."""

    input_serializer: ClassVar[type[serializers.Serializer[Any]] | None] = None
    output_serializer: ClassVar[type[serializers.Serializer[Any]]]
    idempotent: ClassVar[bool] = False
    input_as: ClassVar[str | None] = None  # the whole input as this one argument (report=), not field by field
    service: Any  # a staticmethod

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "service"):  # a game system's base: its writes are documented one by one
            return
        answers = {status.HTTP_201_CREATED: cls.output_serializer} if cls.idempotent else {}
        extend_schema_view(
            post=extend_schema(
                parameters=[IDEMPOTENCY_KEY_HEADER] if cls.idempotent else None,
                request=cls.input_serializer,
                responses={**answers, status.HTTP_200_OK: cls.output_serializer, **ERRORS},
                description=cls.__doc__,
            )
        )(cls)

    def found(self, object_id: int) -> Any:
        """The object the URL names, or Http404."""
        raise NotImplementedError

    def answer(self, object_id: int, written: Any) -> Any:
        """What the write answers: the object the URL names, as it is now (a write that makes something
        else, a purchase, answers with `written`, what its service returned)."""
        return self.output_serializer(self.found(object_id)).data

    def post(self, request: Request, **url: int) -> Response:
        ((id_name, object_id),) = url.items()
        self.found(object_id)
        data: dict[str, Any] = {}
        if self.input_serializer is not None:
            checked = self.input_serializer(data=request.data)
            checked.is_valid(raise_exception=True)
            data = {self.input_as: checked.validated_data} if self.input_as else dict(checked.validated_data)
        arguments = {id_name: object_id, "user": request.user, **data}
        if not self.idempotent:
            return Response(self.answer(object_id, self.service(**arguments)))
        written, changed = self.service(**arguments, idempotency_key=idempotency_key_of(request))
        return Response(self.answer(object_id, written), status=status.HTTP_201_CREATED if changed else status.HTTP_200_OK)
