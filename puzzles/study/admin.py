"""Admin for study: curate the endgame library (hide, reorder, edit titles
and introductions) and look at game analyses.  Imported from admin.py."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import Chapter, Endgame, EndgameProgress, GameAnalysis


class EndgameInline(admin.TabularInline):
    model = Endgame
    extra = 0
    fields = ("order", "hidden", "difficulty", "title", "position")
    readonly_fields = ("position",)
    ordering = ("order", "pk")
    show_change_link = True


@admin.register(Chapter)
class ChapterAdmin(admin.ModelAdmin):
    list_display = ("idea", "order", "title", "endgame_count")
    list_editable = ("order", "title")
    ordering = ("order",)
    inlines = [EndgameInline]

    @admin.display(description=_("endgames"))
    def endgame_count(self, obj):
        return obj.endgames.count()


@admin.action(description=_("Hide the selected endgames"))
def hide_endgames(modeladmin, request, queryset):
    queryset.update(hidden=True)


@admin.action(description=_("Show the selected endgames"))
def show_endgames(modeladmin, request, queryset):
    queryset.update(hidden=False)


@admin.register(Endgame)
class EndgameAdmin(admin.ModelAdmin):
    list_display = ("id", "chapter", "order", "difficulty", "hidden", "title", "position")
    list_display_links = ("id",)
    list_editable = ("order", "difficulty", "hidden", "title")
    list_filter = ("chapter", "difficulty", "hidden")
    search_fields = ("position", "title", "intro")
    ordering = ("chapter__order", "order")
    actions = [hide_endgames, show_endgames]
    readonly_fields = ("position", "facts", "seed", "ply", "created_at")
    fieldsets = (
        (None, {"fields": ("chapter", "order", "difficulty", "hidden")}),
        (_("Texts (blank: generated and translated)"), {"fields": ("title", "intro")}),
        (_("Solver facts"), {"fields": ("position", "seed", "ply", "facts", "created_at")}),
    )


@admin.register(EndgameProgress)
class EndgameProgressAdmin(admin.ModelAdmin):
    list_display = ("id", "endgame", "owner", "session_key", "studied_at", "mastered_at")
    raw_id_fields = ("endgame", "owner")


@admin.register(GameAnalysis)
class GameAnalysisAdmin(admin.ModelAdmin):
    list_display = ("id", "source", "status", "progress", "total", "owner", "created_at")
    list_filter = ("status", "source")
    raw_id_fields = ("owner", "game")
    readonly_fields = ("created_at", "updated_at")
