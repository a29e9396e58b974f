from typing import TYPE_CHECKING

from django.contrib import admin

from .models import ImportedGame, OpenDataFile

# Django's ModelAdmin is generic only in its stubs (see daily/admin.py).
if TYPE_CHECKING:
    ImportedAdminBase = admin.ModelAdmin[ImportedGame]
    FileAdminBase = admin.ModelAdmin[OpenDataFile]
else:
    ImportedAdminBase = FileAdminBase = admin.ModelAdmin


@admin.register(ImportedGame)
class ImportedGameAdmin(ImportedAdminBase):
    list_display = ("id", "owner", "source", "number", "event", "players", "variant", "result", "created_at")
    search_fields = ("owner__username", "source", "event", "players")
    raw_id_fields = ("owner",)


@admin.register(OpenDataFile)
class OpenDataFileAdmin(FileAdminBase):
    list_display = ("month", "name", "games", "size", "sha256", "created_at")
