from django.contrib import admin

from .models import LessonProgress


@admin.register(LessonProgress)
class LessonProgressAdmin(admin.ModelAdmin):
    list_display = ("lesson", "user", "session_key", "steps_done", "tries", "wrong_tries", "completed_at", "updated_at")
    list_filter = ("lesson",)
    search_fields = ("user__username", "session_key")
