from django.urls import path

from . import apis

urlpatterns = [
    path("analyses/", apis.AnalysisCreateApi.as_view(), name="api-analyses"),
    path("analyses/<int:analysis_id>/", apis.AnalysisDetailApi.as_view(), name="api-analysis-detail"),
    path("games/", apis.GameListCreateApi.as_view(), name="api-games"),
    path("games/<int:game_id>/", apis.GameDetailApi.as_view(), name="api-game-detail"),
    path("games/<int:game_id>/moves/", apis.GameMoveApi.as_view(), name="api-game-moves"),
    path("games/<int:game_id>/hint/", apis.GameHintApi.as_view(), name="api-game-hint"),
]
