from django.contrib import admin

from .models import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleRun, PuzzleSeed


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "kind",
        "side",
        "rating",
        "rd",
        "solver_moves",
        "daily_on",
        "attempts_count",
        "solved_count",
        "created_at",
    )
    list_filter = ("kind", "solver_moves")
    search_fields = ("position", "seed")
    readonly_fields = ("created_at",)
    date_hierarchy = "daily_on"


@admin.register(PuzzleAttempt)
class PuzzleAttemptAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "puzzle",
        "user",
        "status",
        "gave_up",
        "rated",
        "rating_before",
        "rating_after",
        "created_at",
        "finished_at",
    )
    list_filter = ("status", "rated", "gave_up")
    raw_id_fields = ("puzzle", "user")
    readonly_fields = ("created_at", "updated_at", "finished_at", "version")


@admin.register(PuzzleRating)
class PuzzleRatingAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "session_key", "rating", "rd", "rated_count", "streak", "best_streak", "streak_day")
    raw_id_fields = ("user",)


@admin.register(PuzzleSeed)
class PuzzleSeedAdmin(admin.ModelAdmin):
    list_display = ("seed", "accepted", "created_at")


@admin.register(PuzzleRun)
class PuzzleRunAdmin(admin.ModelAdmin):
    list_display = ("id", "mode", "user", "status", "end_reason", "score", "mistakes", "started_at", "finished_at")
    list_filter = ("mode", "status", "end_reason")
    raw_id_fields = ("user",)
    readonly_fields = ("started_at", "finished_at", "deadline", "last_move_at", "version")
