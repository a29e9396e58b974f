"""The chat in the admin: messages, reports (each with the room's messages
around it, and actions to mute the author) and mutes."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from . import presentation, services
from .models import Message, Mute, Report, Room

# Django's ModelAdmin is generic only in its stubs (see daily/admin.py).
if TYPE_CHECKING:
    MessageAdminBase = admin.ModelAdmin[Message]
    ReportAdminBase = admin.ModelAdmin[Report]
    MuteAdminBase = admin.ModelAdmin[Mute]
    RoomAdminBase = admin.ModelAdmin[Room]
else:
    MessageAdminBase = ReportAdminBase = MuteAdminBase = RoomAdminBase = admin.ModelAdmin

CONTEXT = 8  # messages shown before and after a reported one


def _mute(request: HttpRequest, messages: list[Message], days: int) -> None:
    until = timezone.now() + timedelta(days=days)
    for message in {(m.owner_id, m.session_key): m for m in messages}.values():
        services.player_mute(author=message, until=until, by=request.user, reason=str(_("muted from the chat's admin")))


@admin.action(description=_("Mute the authors for a day"))
def mute_day(modeladmin: Any, request: HttpRequest, queryset: QuerySet[Any]) -> None:
    rows = list(queryset)
    _mute(request, [r.message if isinstance(r, Report) else r for r in rows], 1)


@admin.action(description=_("Mute the authors for a week"))
def mute_week(modeladmin: Any, request: HttpRequest, queryset: QuerySet[Any]) -> None:
    rows = list(queryset)
    _mute(request, [r.message if isinstance(r, Report) else r for r in rows], 7)


@admin.action(description=_("Mark reviewed"))
def mark_reviewed(modeladmin: Any, request: HttpRequest, queryset: QuerySet[Report]) -> None:
    queryset.update(reviewed=True)


@admin.register(Room)
class RoomAdmin(RoomAdminBase):
    list_display = ("id", "kind", "game", "tournament", "version", "created_at")
    list_filter = ("kind",)
    raw_id_fields = ("game", "tournament")


@admin.register(Message)
class MessageAdmin(MessageAdminBase):
    list_display = ("id", "room", "author", "text", "preset", "created_at")
    list_filter = ("room__kind", "preset")
    search_fields = ("text", "name")
    raw_id_fields = ("room", "owner")
    actions = [mute_day, mute_week]

    @admin.display(description=_("author"))
    def author(self, message: Message) -> str:
        return presentation.author_name(message)


@admin.register(Report)
class ReportAdmin(ReportAdminBase):
    list_display = ("id", "created_at", "room", "author", "said", "reporter", "reason", "reviewed")
    list_filter = ("reviewed", "room__kind")
    raw_id_fields = ("message", "room", "reporter")
    readonly_fields = ("context",)
    actions = [mute_day, mute_week, mark_reviewed]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Report]:
        return super().get_queryset(request).select_related("message", "room", "reporter")

    @admin.display(description=_("author"))
    def author(self, report: Report) -> str:
        return presentation.author_name(report.message)

    @admin.display(description=_("message"))
    def said(self, report: Report) -> str:
        return report.message.preset or report.message.text

    @admin.display(description=_("the room around it"))
    def context(self, report: Report) -> str:
        message = report.message
        rows = report.room.messages.all()
        before = list(rows.filter(id__lt=message.pk).order_by("-id")[:CONTEXT])[::-1]
        after = list(rows.filter(id__gt=message.pk).order_by("id")[:CONTEXT])
        lines = format_html_join(
            "",
            "<li>{}</li>",
            (
                (
                    format_html("<strong>{} {}: {}</strong>", *line)
                    if m.pk == message.pk
                    else format_html("{} {}: {}", *line),
                )
                for m in [*before, message, *after]
                for line in [(f"{m.created_at:%H:%M:%S}", presentation.author_name(m), m.preset or m.text)]
            ),
        )
        return format_html("<ol>{}</ol>", lines)


@admin.register(Mute)
class MuteAdmin(MuteAdminBase):
    list_display = ("id", "owner", "session_key", "until", "reason", "muted_by", "created_at")
    raw_id_fields = ("owner", "muted_by")
    search_fields = ("owner__username", "session_key")
