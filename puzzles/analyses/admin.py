from django.contrib import admin

from .models import Analysis


@admin.register(Analysis)
class AnalysisAdmin(admin.ModelAdmin):
    list_display = ("id", "position", "status", "created_at", "computed_at")
    list_filter = ("status",)
    search_fields = ("position",)
    readonly_fields = ("created_at", "updated_at", "computed_at")
