from typing import TYPE_CHECKING

from django.contrib import admin

from .models import PersonalToken

# Django's ModelAdmin is generic only in its stubs (see daily/admin.py).
if TYPE_CHECKING:
    PersonalTokenAdminBase = admin.ModelAdmin[PersonalToken]
else:
    PersonalTokenAdminBase = admin.ModelAdmin


@admin.register(PersonalToken)
class PersonalTokenAdmin(PersonalTokenAdminBase):
    """Tokens seen, never their text (only a digest is stored); the admin may revoke one."""

    list_display = ("name", "user", "hint", "scopes", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("name", "user__username", "hint")
    readonly_fields = ("user", "name", "hint", "digest", "scopes", "created_at", "last_used_at")
    raw_id_fields = ("user",)
