from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.db import transaction

from accounts.tasks import password_reset_mail


class SignupForm(UserCreationForm[User]):
    """Django's sign-up form, with the e-mail address that password resets and notices go to."""

    email = forms.EmailField(help_text="Password resets and league notices are sent there.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's reset form, whose link is mailed by the worker (accounts.tasks) after the request commits."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        user_id = context["user"].pk
        strings = {key: str(value) for key, value in context.items() if key != "user"}
        args = (user_id, strings, subject_template_name, email_template_name, from_email, html_email_template_name)
        # robust: with the broker down the page answers as for any address (the user asks again), never a 500.
        transaction.on_commit(lambda: password_reset_mail.apply_async(args, ignore_result=True), robust=True)
