from django.contrib import admin

from .models import Exercise, ExerciseTry


@admin.register(Exercise)
class ExerciseAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "user",
        "source",
        "game",
        "game_analysis",
        "ply",
        "played",
        "grade",
        "card_state",
        "stability",
        "due_at",
    )
    list_filter = ("source", "grade")
    raw_id_fields = ("user", "game", "game_analysis")


@admin.register(ExerciseTry)
class ExerciseTryAdmin(admin.ModelAdmin):
    list_display = ("id", "exercise", "move", "correct", "was_due", "created_at")
    raw_id_fields = ("exercise",)
