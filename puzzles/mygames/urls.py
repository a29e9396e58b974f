"""URLs of "My games": the page, its API and export, and what a game between
people's page asks after the game (its rating change, its rematch)."""

from django.urls import path

from . import apis, views

app_name = "mygames"

urlpatterns = [
    path("games/mine/", views.index, name="index"),
    path("api/games/mine/", apis.MyGamesApi.as_view(), name="api-list"),
    path("api/games/mine/export/", apis.MyGamesExportApi.as_view(), name="api-export"),
    path("api/games/<id:game_id>/rating/", apis.GameRatingApi.as_view(), name="api-game-rating"),
    path("api/games/<id:game_id>/rematch-offer/", apis.GameRematchApi.as_view(), name="api-game-rematch-offer"),
]
