from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from notifications.models import Notification
from notifications.services import notifications_mark_read


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    assert request.user.is_authenticated  # @login_required
    notifications = Notification.objects.filter(user=request.user)[:100]
    return render(request, "notifications/dashboard.html", {"notifications": notifications})


@login_required
@require_POST
def mark_read(request: HttpRequest) -> HttpResponse:
    notifications_mark_read(user=request.user)
    return redirect("dashboard")
