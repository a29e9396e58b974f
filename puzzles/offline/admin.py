from django.contrib import admin

from .models import OfflineKey, OfflineResult


@admin.register(OfflineKey)
class OfflineKeyAdmin(admin.ModelAdmin):
    list_display = ("puzzle", "usable", "requested_at", "built_at")
    list_filter = ("usable",)
    raw_id_fields = ("puzzle",)


@admin.register(OfflineResult)
class OfflineResultAdmin(admin.ModelAdmin):
    list_display = ("client_id", "user", "session_key", "attempt", "created_at")
    raw_id_fields = ("user", "attempt")
