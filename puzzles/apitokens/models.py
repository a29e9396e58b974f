"""A personal API token: made by an account on its tokens page, shown once,
stored as the SHA-256 of its text (the text is 32 random bytes, so a slow
hash adds nothing), limited to its scopes, revoked by its owner."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# The start of every personal token's text: a token is recognised at a glance
# (and by secret scanners), and told from an OAuth2 access token.
PREFIX = "od_"


class PersonalToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("account")
    )
    name = models.CharField(_("name"), max_length=60)
    # The token's first characters, shown on the tokens page to tell tokens apart.
    hint = models.CharField(_("starts with"), max_length=12)
    digest = models.CharField(max_length=64, unique=True)  # hex SHA-256 of the token's text
    scopes = models.CharField(_("scopes"), max_length=64)  # space-separated, as OAuth2 writes them
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        db_table = "puzzles_personaltoken"
        ordering = ["-created_at", "-id"]
        verbose_name = _("personal API token")
        verbose_name_plural = _("personal API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"

    @property
    def scope_list(self) -> list[str]:
        return self.scopes.split()

    @property
    def active(self) -> bool:
        return self.revoked_at is None
