from typing import TYPE_CHECKING

from django.contrib import admin

from puzzles.core.admin_inlines import ReadOnlyInline

from .models import Match, MatchDeal

# Django's ModelAdmin is generic only in its stubs (it has no __class_getitem__
# at runtime): the checker sees the model-typed bases, the site the plain class.
if TYPE_CHECKING:
    MatchAdminBase = admin.ModelAdmin[Match]
    MatchDealAdminBase = admin.ModelAdmin[MatchDeal]
else:
    MatchAdminBase = MatchDealAdminBase = admin.ModelAdmin


class MatchDealInline(ReadOnlyInline):
    model = MatchDeal
    fields = ("number", "game", "seed", "winner", "points", "reason", "recorded_at")


@admin.register(Match)
class MatchAdmin(MatchAdminBase):
    list_display = (
        "id",
        "owner",
        "human_side",
        "level",
        "target_points",
        "target_wins",
        "score_a",
        "score_b",
        "wins_a",
        "wins_b",
        "status",
        "winner",
        "created_at",
    )
    list_filter = ("status", "level", "human_side")
    search_fields = ("owner__username", "seed")
    readonly_fields = ("created_at", "updated_at", "version")
    raw_id_fields = ("owner",)
    inlines = [MatchDealInline]


@admin.register(MatchDeal)
class MatchDealAdmin(MatchDealAdminBase):
    list_display = ("id", "match", "number", "game", "winner", "points", "reason", "recorded_at")
    list_filter = ("reason",)
    raw_id_fields = ("match", "game")
