"""Django's changepassword, which also revokes the user's API token, as every password change does."""

from __future__ import annotations

import getpass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.management.commands import changepassword

from accounts.services import token_revoke


class Command(changepassword.Command):
    def handle(self, *args: Any, **options: Any) -> str | None:
        users = get_user_model()._default_manager.db_manager(options["database"])
        username = options["username"] or getpass.getuser()
        before = users.filter(**{get_user_model().USERNAME_FIELD: username}).values_list("password", flat=True).first()
        result: str | None = super().handle(*args, **options)  # raises CommandError when the user does not exist
        user = users.get(**{get_user_model().USERNAME_FIELD: username})
        if user.password != before:
            token_revoke(user=user)
        return result
