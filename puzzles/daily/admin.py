from typing import TYPE_CHECKING

from django.contrib import admin

from .models import DailyDeal, DailyEntry

# Django's ModelAdmin is generic only in its stubs (it has no __class_getitem__
# at runtime): the checker sees the model-typed bases, the site the plain class.
if TYPE_CHECKING:
    DailyDealAdminBase = admin.ModelAdmin[DailyDeal]
    DailyEntryAdminBase = admin.ModelAdmin[DailyEntry]
else:
    DailyDealAdminBase = DailyEntryAdminBase = admin.ModelAdmin


@admin.register(DailyDeal)
class DailyDealAdmin(DailyDealAdminBase):
    list_display = ("day", "seed", "human_side", "variant", "created_at")
    date_hierarchy = "day"
    readonly_fields = ("day", "seed", "rng_seed", "human_side", "variant", "start_position")


@admin.register(DailyEntry)
class DailyEntryAdmin(DailyEntryAdminBase):
    list_display = ("deal", "game", "owner", "on_the_day", "points_lost", "accuracy", "excluded", "recorded_at")
    list_filter = ("excluded", "on_the_day")
    raw_id_fields = ("deal", "game", "owner")
