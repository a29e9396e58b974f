from django.contrib import admin

from .models import DailyDeal, DailyEntry


@admin.register(DailyDeal)
class DailyDealAdmin(admin.ModelAdmin):
    list_display = ("day", "seed", "human_side", "variant", "created_at")
    date_hierarchy = "day"
    readonly_fields = ("day", "seed", "rng_seed", "human_side", "variant", "start_position")


@admin.register(DailyEntry)
class DailyEntryAdmin(admin.ModelAdmin):
    list_display = ("deal", "game", "owner", "on_the_day", "points_lost", "accuracy", "excluded", "recorded_at")
    list_filter = ("excluded", "on_the_day")
    raw_id_fields = ("deal", "game", "owner")
