from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.contrib.auth import admin as auth_admin
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse

from accounts.services import token_revoke

admin.site.unregister(User)


@admin.register(User)
class UserAdmin(auth_admin.UserAdmin[User]):
    """Django's user admin, where setting a user's password revokes his API token, as every password change does."""

    def user_change_password(self, request: HttpRequest, id: str, form_url: str = "") -> HttpResponse:
        user = self.get_object(request, unquote(id))
        response = super().user_change_password(request, id, form_url)
        if user is not None and User.objects.filter(pk=user.pk).exclude(password=user.password).exists():
            token_revoke(user=user)
        return response
