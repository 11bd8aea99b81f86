"""Sign up, log in (throttled against brute force), log out and password change, on Django auth."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from pitside.throttles import SignupThrottle, throttled


def _failure_key(request: HttpRequest, username: str) -> str:
    return f"login-failures:{request.META.get('REMOTE_ADDR', '')}:{username.lower()[:150]}"


class ThrottledLoginView(LoginView):
    """After LOGIN_FAILURE_LIMIT failures for one username from one address, refuse for a while."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        key = _failure_key(request, request.POST.get("username", ""))
        if cache.get(key, 0) >= settings.LOGIN_FAILURE_LIMIT:
            form = self.get_form()
            form.add_error(None, "Too many failed log-ins. Wait a few minutes and try again.")
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        key = _failure_key(self.request, self.request.POST.get("username", ""))
        cache.add(key, 0, settings.LOGIN_LOCKOUT_SECONDS)
        cache.incr(key)
        return super().form_invalid(form)


@require_http_methods(["GET", "POST"])
@throttled(SignupThrottle, ("POST",))
def signup(request: HttpRequest) -> HttpResponse:
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, f"Welcome to Pitside, {user.username}.")
        next_url = request.GET.get("next", "")
        safe = url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure())
        return redirect(next_url if safe else "home")
    return render(request, "accounts/signup.html", {"form": form})
