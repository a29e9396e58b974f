from typing import TYPE_CHECKING

from django.contrib import admin

from puzzles.core.admin_inlines import ReadOnlyInline

from .models import Game, GameMove, GameSeat, Hint, Vacation

# Django's ModelAdmin is generic only in its stubs (it has no __class_getitem__
# at runtime): the checker sees the model-typed bases, the site the plain class.
if TYPE_CHECKING:
    GameAdminBase = admin.ModelAdmin[Game]
    GameMoveAdminBase = admin.ModelAdmin[GameMove]
    HintAdminBase = admin.ModelAdmin[Hint]
    VacationAdminBase = admin.ModelAdmin[Vacation]
else:
    GameAdminBase = GameMoveAdminBase = HintAdminBase = VacationAdminBase = admin.ModelAdmin


class GameMoveInline(ReadOnlyInline):
    model = GameMove
    fields = ("ply", "side", "by", "move", "value", "best_value", "grade", "points_lost", "graded_at")


class GameSeatInline(ReadOnlyInline):
    model = GameSeat
    fields = ("seat", "owner", "session_key", "level", "sockets", "seen_until", "held_from", "held_seconds")


class HintInline(ReadOnlyInline):
    model = Hint
    fields = ("ply", "level", "content", "created_at")


@admin.register(Game)
class GameAdmin(GameAdminBase):
    list_display = (
        "id",
        "kind",
        "owner",
        "human_side",
        "level",
        "seed",
        "status",
        "ply_count",
        "hints_used",
        "rated",
        "created_at",
    )
    list_filter = ("kind", "status", "rated", "level", "human_side")
    search_fields = ("start_position", "current_position", "owner__username")
    readonly_fields = ("created_at", "updated_at", "version", "clock_ms", "turn_started_at", "deadline")
    raw_id_fields = ("owner",)
    inlines = [GameSeatInline, GameMoveInline, HintInline]


@admin.register(GameMove)
class GameMoveAdmin(GameMoveAdminBase):
    list_display = (
        "id",
        "game",
        "ply",
        "side",
        "by",
        "move",
        "value",
        "best_value",
        "grade",
        "points_lost",
        "graded_at",
    )
    list_filter = ("by", "grade")
    search_fields = ("position_before",)
    raw_id_fields = ("game",)
    readonly_fields = ("created_at",)


@admin.register(Hint)
class HintAdmin(HintAdminBase):
    list_display = ("id", "game", "ply", "level", "created_at")
    list_filter = ("level",)
    raw_id_fields = ("game",)


@admin.register(Vacation)
class VacationAdmin(VacationAdminBase):
    list_display = ("user", "year", "used_seconds", "since")
    list_filter = ("year",)
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
