"""Sign up, log in, password change and reset, and the API token page, on Django auth (django-axes locks out
guessing; the throttles limit what one address or one account asks for)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm, SetPasswordForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme
from rest_framework.authtoken.models import Token

from accounts.forms import PasswordResetForm, SignupForm
from accounts.services import token_expires_at, token_revoke
from pitside.confirm import confirmation_asked
from pitside.http import require_form_page
from pitside.throttling import (
    LoginPageThrottle,
    PasswordResetAccountThrottle,
    PasswordResetThrottle,
    SignupThrottle,
    throttled,
)


@require_form_page
@throttled(SignupThrottle, ("POST",))
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome to Pitside, {user.username}.")
        next_url = request.GET.get("next", "")
        safe = url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure())
        return redirect(next_url if safe else "home")
    return render(request, "accounts/signup.html", {"form": form})


@method_decorator(throttled(LoginPageThrottle, ("POST",)), name="dispatch")
class LoginView(auth_views.LoginView):
    """Django's log-in page, its tries counted per address before a password is checked (each costs the hasher)."""


# The address first: a client over its own limit does not use up the account's.
@method_decorator(throttled(PasswordResetThrottle, ("POST",)), name="dispatch")
@method_decorator(throttled(PasswordResetAccountThrottle, ("POST",)), name="dispatch")
class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page: the same answer whether an account has the address or not, its mail sent by the worker."""

    form_class = PasswordResetForm


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change, which also revokes the user's API token: whoever had the old password may have it."""

    success_url = reverse_lazy("password_change_done")

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        response = super().form_valid(form)
        token_revoke(user=form.user)
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's new password from a reset link, which also revokes the user's API token."""

    def form_valid(self, form: SetPasswordForm[User]) -> HttpResponse:
        response = super().form_valid(form)
        token_revoke(user=form.user)
        return response


@login_required
@require_form_page
def api_token(request: HttpRequest) -> HttpResponse:
    """The user's API token and when it expires; POST revokes it."""
    assert request.user.is_authenticated  # @login_required
    token = Token.objects.filter(user=request.user).first()
    if request.method == "POST":
        if token is not None:
            asked = confirmation_asked(
                request,
                title="Revoke your API token?",
                consequences=[
                    f"Your API token (made {token.created:%d %b %Y}) stops working at once: every script or app that "
                    "sends it is refused.",
                    "To use the API again, get a new one with POST /api/auth/token/ and your username and password.",
                ],
                button="Revoke the token",
                back=reverse("account-token"),
            )
            if asked is not None:
                return asked
        if token_revoke(user=request.user):
            messages.success(request, "Your API token is revoked: it no longer works.")
        return redirect("account-token")
    expires = token_expires_at(token) if token else None
    return render(request, "accounts/api_token.html", {"token": token, "expires": expires})
