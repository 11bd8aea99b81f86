"""Account mail, sent by the worker (the `mail` queue), never inside the request: a password reset's link."""

from __future__ import annotations

from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from notifications.tasks import MAIL_ERRORS, MAIL_RETRIES


@shared_task(autoretry_for=MAIL_ERRORS, retry_backoff=True, max_retries=MAIL_RETRIES)
def password_reset_mail(
    user_id: int,
    context: dict[str, str],
    subject_template_name: str,
    email_template_name: str,
    from_email: str | None = None,
    html_email_template_name: str | None = None,
) -> bool:
    """Mail the reset link the request made (`context`: Django's reset context, its user as `user_id`) to the
    address it names. Django's own form logs a failed mail and drops it; here it raises, for Celery to retry.
    Returns whether a mail was sent (not when the user was deactivated or lost his password meanwhile)."""
    user = get_user_model()._default_manager.filter(pk=user_id, is_active=True).first()
    if user is None or not user.has_usable_password():  # as Django's form picks whom to mail
        return False
    rendering = {**context, "user": user}
    subject = "".join(render_to_string(subject_template_name, rendering).splitlines())
    message = EmailMultiAlternatives(subject, render_to_string(email_template_name, rendering), from_email, [context["email"]])
    if html_email_template_name is not None:
        message.attach_alternative(render_to_string(html_email_template_name, rendering), "text/html")
    message.send()
    return True
