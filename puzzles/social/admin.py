from typing import TYPE_CHECKING

from django.contrib import admin

from .models import Block, Follow

# Django's ModelAdmin is generic only in its stubs (see daily/admin.py).
if TYPE_CHECKING:
    FollowAdminBase = admin.ModelAdmin[Follow]
    BlockAdminBase = admin.ModelAdmin[Block]
else:
    FollowAdminBase = BlockAdminBase = admin.ModelAdmin


@admin.register(Follow)
class FollowAdmin(FollowAdminBase):
    list_display = ("follower", "followed", "created_at")
    search_fields = ("follower__username", "followed__username")
    raw_id_fields = ("follower", "followed")


@admin.register(Block)
class BlockAdmin(BlockAdminBase):
    list_display = ("blocker", "blocked", "created_at")
    search_fields = ("blocker__username", "blocked__username")
    raw_id_fields = ("blocker", "blocked")
