from typing import TYPE_CHECKING, Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from puzzles.core.admin_inlines import ReadOnlyInline

from . import cheating_admin  # noqa: F401  (registers the cheating report and the fits)
from .accuracy import FLAG_RULE
from .farming import EARLY_ESCAPE_RULE, FARMING_RULE
from .models import (
    Challenge,
    ChallengeSeat,
    EarlyEscape,
    FairnessFlag,
    FarmingFlag,
    GameAccuracy,
    GameRating,
    RatingChange,
)

# Django's ModelAdmin is generic only in its stubs (it has no __class_getitem__
# at runtime): the checker sees the model-typed bases, the site the plain class.
if TYPE_CHECKING:
    ChallengeAdminBase = admin.ModelAdmin[Challenge]
    GameRatingAdminBase = admin.ModelAdmin[GameRating]
    RatingChangeAdminBase = admin.ModelAdmin[RatingChange]
    GameAccuracyAdminBase = admin.ModelAdmin[GameAccuracy]
    FairnessFlagAdminBase = admin.ModelAdmin[FairnessFlag]
    FarmingFlagAdminBase = admin.ModelAdmin[FarmingFlag]
    EarlyEscapeAdminBase = admin.ModelAdmin[EarlyEscape]
else:
    ChallengeAdminBase = GameRatingAdminBase = RatingChangeAdminBase = admin.ModelAdmin
    GameAccuracyAdminBase = FairnessFlagAdminBase = FarmingFlagAdminBase = EarlyEscapeAdminBase = admin.ModelAdmin


class ChallengeSeatInline(ReadOnlyInline):
    model = ChallengeSeat
    fields = ("seat", "owner", "session_key", "level", "joined_at")


@admin.register(Challenge)
class ChallengeAdmin(ChallengeAdminBase):
    list_display = (
        "id",
        "variant",
        "rated",
        "unrated_because",
        "clock_initial",
        "clock_increment",
        "days",
        "lobby",
        "status",
        "game",
        "created_at",
        "started_at",
        "expires_at",
    )
    list_filter = ("status", "rated", "unrated_because", "lobby", "variant")
    raw_id_fields = ("creator", "game", "rematch_of")
    readonly_fields = ("created_at", "updated_at", "version", "rated_at")
    inlines = [ChallengeSeatInline]


@admin.register(GameRating)
class GameRatingAdmin(GameRatingAdminBase):
    list_display = ("user", "time_class", "family", "rating", "rd", "volatility", "games", "updated_at")
    list_filter = ("time_class", "family")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(RatingChangeAdminBase):
    list_display = ("user", "game", "time_class", "family", "rating_before", "rating_after", "score", "created_at")
    list_filter = ("time_class", "family")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "game")


@admin.register(GameAccuracy)
class GameAccuracyAdmin(GameAccuracyAdminBase):
    list_display = ("game", "seat", "user", "rated", "choices", "best", "accuracy", "points_lost", "created_at")
    list_filter = ("rated",)
    search_fields = ("user__username",)
    raw_id_fields = ("user", "game")


@admin.register(FairnessFlag)
class FairnessFlagAdmin(FairnessFlagAdminBase):
    """The fairness report: accounts whose recent rated accuracy is implausible."""

    list_display = ("user", "mean_accuracy", "games", "reviewed", "created_at", "updated_at")
    list_filter = ("reviewed",)
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("mean_accuracy", "games", "games_ids", "created_at", "updated_at")
    actions = ["mark_reviewed"]

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        extra_context = {**(extra_context or {}), "title": _("Fairness report (%(rule)s)") % {"rule": FLAG_RULE}}
        return super().changelist_view(request, extra_context)

    @admin.action(description=_("Mark as reviewed"))
    def mark_reviewed(self, request: HttpRequest, queryset: QuerySet[FairnessFlag]) -> None:
        count = queryset.update(reviewed=True)
        self.message_user(request, _("%(count)d flags marked reviewed.") % {"count": count}, messages.SUCCESS)


@admin.register(FarmingFlag)
class FarmingFlagAdmin(FarmingFlagAdminBase):
    """The farming report: pairs of accounts with many rated games against
    each other in a short time, and how many were one-sided, short or given
    up early."""

    list_display = (
        "user_a",
        "user_b",
        "games",
        "one_sided",
        "short",
        "resigned_early",
        "first_at",
        "last_at",
        "reviewed",
    )
    list_filter = ("reviewed",)
    search_fields = ("user_a__username", "user_b__username")
    raw_id_fields = ("user_a", "user_b")
    readonly_fields = (
        "games",
        "one_sided",
        "short",
        "resigned_early",
        "games_ids",
        "first_at",
        "last_at",
        "created_at",
        "updated_at",
    )
    actions = ["mark_reviewed"]

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        extra_context = {
            **(extra_context or {}),
            "title": _("Rating farming report (%(rule)s)") % {"rule": FARMING_RULE},
        }
        return super().changelist_view(request, extra_context)

    @admin.action(description=_("Mark as reviewed"))
    def mark_reviewed(self, request: HttpRequest, queryset: QuerySet[FarmingFlag]) -> None:
        count = queryset.update(reviewed=True)
        self.message_user(request, _("%(count)d flags marked reviewed.") % {"count": count}, messages.SUCCESS)


@admin.register(EarlyEscape)
class EarlyEscapeAdmin(EarlyEscapeAdminBase):
    """The farming report's line per account: rated games of a UTC day the
    account ended itself before each player had moved twice (escapes from
    bad deals), and those rated as losses past the day's limit."""

    list_display = ("user", "day", "escapes", "rated_losses", "reviewed", "updated_at")
    list_filter = ("reviewed", "day")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("day", "escapes", "rated_losses", "games_ids", "created_at", "updated_at")
    actions = ["mark_reviewed"]

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        extra_context = {
            **(extra_context or {}),
            "title": _("Early escapes report (%(rule)s)") % {"rule": EARLY_ESCAPE_RULE},
        }
        return super().changelist_view(request, extra_context)

    @admin.action(description=_("Mark as reviewed"))
    def mark_reviewed(self, request: HttpRequest, queryset: QuerySet[EarlyEscape]) -> None:
        count = queryset.update(reviewed=True)
        self.message_user(request, _("%(count)d lines marked reviewed.") % {"count": count}, messages.SUCCESS)
