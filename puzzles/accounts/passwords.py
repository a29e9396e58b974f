"""A password validator of the site's own, beside Django's: a password of
spaces only (or other white space) passes Django's length and "common
password" checks, yet is no secret at all."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class NotBlankValidator:
    def validate(self, password: str, user: Any = None) -> None:
        if not password.strip():
            raise ValidationError(_("This password is only spaces."), code="password_blank")

    def get_help_text(self) -> str:
        return _("Your password can't be only spaces.")
