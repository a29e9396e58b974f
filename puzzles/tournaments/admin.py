from typing import TYPE_CHECKING

from django.contrib import admin

from puzzles.core.admin_inlines import ReadOnlyInline

from .models import Entry, Pairing, Tournament

# Django's ModelAdmin is generic only in its stubs (see daily/admin.py).
if TYPE_CHECKING:
    TournamentAdminBase = admin.ModelAdmin[Tournament]
    PairingAdminBase = admin.ModelAdmin[Pairing]
else:
    TournamentAdminBase = PairingAdminBase = admin.ModelAdmin


class EntryInline(ReadOnlyInline):
    model = Entry
    fields = ("name", "owner", "session_key", "rating", "score", "active", "on_fire", "joined_at")


@admin.register(Tournament)
class TournamentAdmin(TournamentAdminBase):
    list_display = ("name", "kind", "variant", "rated", "status", "starts_at", "ends_at", "creator")
    list_filter = ("kind", "status", "rated", "variant")
    search_fields = ("name",)
    inlines = [EntryInline]


@admin.register(Pairing)
class PairingAdmin(PairingAdminBase):
    list_display = ("tournament", "round", "a", "b", "game", "outcome", "finished_at")
    list_filter = ("outcome",)
    raw_id_fields = ("tournament", "a", "b", "game")
