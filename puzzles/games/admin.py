from django.contrib import admin

from .models import Analysis, Game, GameMove, Hint


@admin.register(Analysis)
class AnalysisAdmin(admin.ModelAdmin):
    list_display = ("id", "position", "status", "created_at", "computed_at")
    list_filter = ("status",)
    search_fields = ("position",)
    readonly_fields = ("created_at", "updated_at", "computed_at")


class GameMoveInline(admin.TabularInline):
    model = GameMove
    extra = 0
    fields = ("ply", "side", "by", "move", "value", "best_value", "grade", "points_lost", "graded_at")
    readonly_fields = fields
    can_delete = False


class HintInline(admin.TabularInline):
    model = Hint
    extra = 0
    fields = ("ply", "level", "content", "created_at")
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "human_side", "level", "seed", "status", "ply_count", "hints_used", "created_at")
    list_filter = ("status", "level", "human_side")
    search_fields = ("start_position", "current_position", "owner__username")
    readonly_fields = ("created_at", "updated_at", "version")
    raw_id_fields = ("owner",)
    inlines = [GameMoveInline, HintInline]


@admin.register(GameMove)
class GameMoveAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "ply", "side", "by", "move", "value", "best_value", "grade", "points_lost", "graded_at")
    list_filter = ("by", "grade")
    search_fields = ("position_before",)
    raw_id_fields = ("game",)
    readonly_fields = ("created_at",)


@admin.register(Hint)
class HintAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "ply", "level", "created_at")
    list_filter = ("level",)
    raw_id_fields = ("game",)


from . import study_admin  # noqa: E402,F401  (issue 5: endgame library and game analyses)


# ------------------------------------------------------------ puzzle training (issue 4)
from .models_training import PlayerRating, Puzzle, PuzzleAttempt, PuzzleSeed  # noqa: E402


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "side", "rating", "rd", "solver_moves", "daily_on", "attempts_count", "solved_count", "created_at")
    list_filter = ("kind", "solver_moves")
    search_fields = ("position", "seed")
    readonly_fields = ("created_at",)
    date_hierarchy = "daily_on"


@admin.register(PuzzleAttempt)
class PuzzleAttemptAdmin(admin.ModelAdmin):
    list_display = ("id", "puzzle", "user", "status", "gave_up", "rated", "rating_before", "rating_after", "created_at", "finished_at")
    list_filter = ("status", "rated", "gave_up")
    raw_id_fields = ("puzzle", "user")
    readonly_fields = ("created_at", "updated_at", "finished_at", "version")


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "session_key", "rating", "rd", "rated_count", "streak", "best_streak", "streak_day")
    raw_id_fields = ("user",)


@admin.register(PuzzleSeed)
class PuzzleSeedAdmin(admin.ModelAdmin):
    list_display = ("seed", "accepted", "created_at")
