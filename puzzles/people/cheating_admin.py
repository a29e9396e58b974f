"""The admin's cheating report (``cheating.RULE``): accounts by score with
its parts, linking to their games, and the fits of expected play it was
counted against.  Registered by ``people.admin``; read only but for the
reviewed mark and the note: nothing is done to an account."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .cheating import RULE, Fit
from .models import CheatingScore, ExpectedPlayFit

# Django's ModelAdmin is generic only in its stubs (it has no __class_getitem__
# at runtime): the checker sees the model-typed bases, the site the plain class.
if TYPE_CHECKING:
    CheatingScoreAdminBase = admin.ModelAdmin[CheatingScore]
    ExpectedPlayFitAdminBase = admin.ModelAdmin[ExpectedPlayFit]
else:
    CheatingScoreAdminBase = ExpectedPlayFitAdminBase = admin.ModelAdmin

_COUNTED = (
    "score",
    "z",
    "moves",
    "games",
    "mean_rating",
    "expected_lost",
    "actual_lost",
    "timed_moves",
    "mean_seconds",
    "time_cv",
    "time_vs_difficulty",
    "even_pace",
    "ignores_difficulty",
    "games_ids",
    "created_at",
    "computed_at",
)


@admin.register(CheatingScore)
class CheatingScoreAdmin(CheatingScoreAdminBase):
    """The cheating report: each account's points lost a move with a choice
    against what its rating predicts, and the pace it played at; the
    unreviewed first, highest score first, no verdict last (the model's order)."""

    list_display = (
        "user",
        "score",
        "z",
        "moves",
        "games_link",
        "mean_rating",
        "expected_lost",
        "actual_lost",
        "time_pattern",
        "reviewed",
        "computed_at",
    )
    list_filter = ("reviewed",)
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("user", *_COUNTED, "game_reviews")
    actions = ["mark_reviewed"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # rows are counted by the report, never typed in

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        extra_context = {**(extra_context or {}), "title": _("Cheating report (%(rule)s)") % {"rule": RULE}}
        return super().changelist_view(request, extra_context)

    @admin.display(description=_("games"))
    def games_link(self, row: CheatingScore) -> SafeString:
        """The account's counted games in the games' admin list."""
        ids = ",".join(str(g) for g in row.games_ids)
        url = reverse("admin:games_game_changelist") + f"?id__in={ids}"
        return format_html('<a href="{}">{}</a>', url, row.games)

    @admin.display(description=_("time pattern"))
    def time_pattern(self, row: CheatingScore) -> str:
        if row.time_cv is None:
            return gettext("%(timed)d timed moves: too few") % {"timed": row.timed_moves}
        against = "-" if row.time_vs_difficulty is None else f"{row.time_vs_difficulty:+.2f}"
        return gettext("%(seconds).1f s a move, spread %(cv).2f, against difficulty %(against)s (%(timed)d timed)") % {
            "seconds": row.mean_seconds or 0.0,
            "cv": row.time_cv,
            "against": against,
            "timed": row.timed_moves,
        }

    @admin.display(description=_("game reviews"))
    def game_reviews(self, row: CheatingScore) -> SafeString:
        """A link to each counted game's review."""
        links = ((reverse("games:review-game", args=[g]), g) for g in row.games_ids)
        return format_html_join(" ", '<a href="{}">{}</a>', links)

    @admin.action(description=_("Mark as reviewed"))
    def mark_reviewed(self, request: HttpRequest, queryset: QuerySet[CheatingScore]) -> None:
        count = queryset.update(reviewed=True)
        self.message_user(request, _("%(count)d scores marked reviewed.") % {"count": count}, messages.SUCCESS)


@admin.register(ExpectedPlayFit)
class ExpectedPlayFitAdmin(ExpectedPlayFitAdminBase):
    """The fits of points lost a move by rating the report counted against."""

    list_display = ("created_at", "moves", "accounts", "line")
    readonly_fields = ("created_at", "moves", "accounts", "line", "bands")
    exclude = ("data",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description=pgettext_lazy("a fitted straight line", "line"))
    def line(self, row: ExpectedPlayFit) -> str:
        found = row.data.get("line", {})
        return gettext("points lost a move = %(intercept).2f %(slope)+.5f × rating, spread %(spread).2f") % {
            "intercept": found.get("intercept", 0.0),
            "slope": found.get("slope", 0.0),
            "spread": found.get("spread", 0.0),
        }

    @admin.display(description=_("rating bands"))
    def bands(self, row: ExpectedPlayFit) -> SafeString:
        """Each band: its moves, mean and spread, and the figures used (its own or the line's)."""
        head = format_html(
            "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            gettext("band"),
            gettext("moves"),
            gettext("mean"),
            gettext("spread"),
            gettext("expected"),
            gettext("from"),
        )
        body = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    b["band"],
                    b["moves"],
                    b["mean"],
                    b["sd"],
                    b["expected"],
                    gettext("the band") if b["own"] else gettext("the line"),
                )
                for b in Fit.from_json(row.data).table()
            ),
        )
        return format_html("<table>{}{}</table>", head, body)
