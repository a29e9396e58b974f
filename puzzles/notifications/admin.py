from typing import TYPE_CHECKING

from django.contrib import admin

from .models import Notice, NoticeBox, PushSubscription

# Django's ModelAdmin is generic only in its stubs (see daily/admin.py).
if TYPE_CHECKING:
    NoticeAdminBase = admin.ModelAdmin[Notice]
    NoticeBoxAdminBase = admin.ModelAdmin[NoticeBox]
    PushAdminBase = admin.ModelAdmin[PushSubscription]
else:
    NoticeAdminBase = NoticeBoxAdminBase = PushAdminBase = admin.ModelAdmin


@admin.register(Notice)
class NoticeAdmin(NoticeAdminBase):
    list_display = ["user", "kind", "key", "created_at", "read_at"]
    list_filter = ["kind"]
    search_fields = ["user__username", "key"]
    raw_id_fields = ["user"]


@admin.register(NoticeBox)
class NoticeBoxAdmin(NoticeBoxAdminBase):
    list_display = ["user", "version", "off"]
    raw_id_fields = ["user"]


@admin.register(PushSubscription)
class PushSubscriptionAdmin(PushAdminBase):
    list_display = ["user", "endpoint", "created_at"]
    raw_id_fields = ["user"]
