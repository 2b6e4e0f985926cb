"""Bad input answered as bad input (issue 29, item 6; docs/security.md, "Text the database
cannot store").

PostgreSQL cannot store a NUL character in text, and no UTF-8 text (so neither PostgreSQL
nor SQLite's) holds a lone surrogate: a query with either raised deep in a view and the
visitor got a server error (``/players/%00/``, ``/api/tournaments?game=%00``, a lobby offer
naming ``a%00b``). ``reject_unstorable_input`` refuses such a request where it enters,
before any view, form or middleware that would query with it: the path, the query string,
the headers (cookies included), the form fields and the names of uploaded files. Nothing
of a refused request is read or written.

``bad_request`` is the site's 400 page (``handler400``): the visitor's language and the
site's layout, or for ``/api/`` django-ninja's JSON error shape, ``{"detail": ...}``.
"""

from __future__ import annotations

import re

from asgiref.sync import iscoroutinefunction
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.decorators import sync_and_async_middleware
from django.utils.translation import gettext as _

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""A NUL or a lone surrogate (U+D800 to U+DFFF): text no database of the site can store."""


class UnstorableInput(BadRequest):
    """A request holding text no database of the site can store (``UNSTORABLE``)."""


def has_unstorable_text(request: HttpRequest) -> bool:
    """Whether the path, query string, headers, form fields or uploaded files' names of
    ``request`` hold a character in ``UNSTORABLE``.

    Raises:
        BadRequest: the form body cannot be parsed at all (a broken multipart body).
    """
    if UNSTORABLE.search(request.path):
        return True
    for name, value in request.META.items():
        if name.startswith("HTTP_") and isinstance(value, str) and UNSTORABLE.search(value):
            return True
    if _in_lists(request.GET):
        return True
    # A cookie's value may carry a NUL escaped ("\\000"), which only parsing reveals.
    if any(UNSTORABLE.search(k) or UNSTORABLE.search(v) for k, v in request.COOKIES.items()):
        return True
    if request.method == "POST":
        try:
            if _in_lists(request.POST):
                return True
            files = request.FILES
        except MultiPartParserError as error:
            raise BadRequest(str(error)) from error
        for name, uploads in files.lists():
            if UNSTORABLE.search(name) or any(UNSTORABLE.search(f.name or "") for f in uploads):
                return True
    return False


def _in_lists(data) -> bool:
    return any(
        UNSTORABLE.search(key) or any(UNSTORABLE.search(v) for v in values)
        for key, values in data.lists()
    )


@sync_and_async_middleware
def reject_unstorable_input(get_response):
    """Middleware: answers 400 (``bad_request``) to a request with unstorable text
    (``has_unstorable_text``) and passes every other one on. Sync and async, so that an
    ASGI request takes no extra thread hop."""
    if iscoroutinefunction(get_response):

        async def middleware(request):
            if has_unstorable_text(request):
                raise UnstorableInput("NUL or lone surrogate")
            return await get_response(request)

    else:

        def middleware(request):
            if has_unstorable_text(request):
                raise UnstorableInput("NUL or lone surrogate")
            return get_response(request)

    return middleware


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 400 answer (``handler400``): JSON ``{"detail": ...}`` under ``/api/``,
    else the 400 page in the site's layout. Says what was wrong in general terms only
    (an exception's own text may name internals)."""
    if isinstance(exception, UnstorableInput):
        message = _(
            "The address or the form held characters the site cannot accept (such as a "
            "NUL byte). Check what was typed and try again."
        )
    else:
        message = _("The site could not understand this request. Check the address or the form.")
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=400)
    return render(request, "400.html", {"message": message}, status=400)
