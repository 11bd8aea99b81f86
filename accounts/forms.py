from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignupForm(UserCreationForm[User]):
    """Django's sign-up form, with the e-mail address that password resets and notices go to."""

    email = forms.EmailField(help_text="Password resets and league notices are sent there.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
