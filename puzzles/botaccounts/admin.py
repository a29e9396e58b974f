from typing import TYPE_CHECKING

from django.contrib import admin
from django.http import HttpRequest

from .models import BotAccount

# Django's ModelAdmin is generic only in its stubs (see daily/admin.py).
if TYPE_CHECKING:
    BotAccountAdminBase = admin.ModelAdmin[BotAccount]
else:
    BotAccountAdminBase = admin.ModelAdmin


@admin.register(BotAccount)
class BotAccountAdmin(BotAccountAdminBase):
    list_display = ("user", "created_at")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("created_at",)

    def has_delete_permission(self, request: HttpRequest, obj: BotAccount | None = None) -> bool:
        return False  # a bot is a bot for good: its rated games were played as one

    def has_change_permission(self, request: HttpRequest, obj: BotAccount | None = None) -> bool:
        return False
