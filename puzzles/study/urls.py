"""Study URLs: the pages and their API."""

from django.urls import path

from . import apis, views

app_name = "study"

urlpatterns = [
    path("analysis/", views.analysis_board, name="analysis"),
    path("analysis/editor/", views.position_editor, name="editor"),
    path("analysis/games/", views.game_analysis_new, name="game-analyses"),
    path("analysis/games/<id:analysis_id>/", views.game_analysis_detail, name="game-analysis"),
    path("endgames/", views.library, name="library"),
    path("endgames/<id:endgame_id>/", views.endgame, name="endgame"),
    path("api/positions/", apis.PositionApi.as_view(), name="api-positions"),
    path("api/game-analyses/", apis.GameAnalysisListCreateApi.as_view(), name="api-game-analyses"),
    path("api/game-analyses/<id:analysis_id>/", apis.GameAnalysisDetailApi.as_view(), name="api-game-analysis-detail"),
    path("api/endgames/", apis.EndgameLibraryApi.as_view(), name="api-endgames"),
    path("api/endgames/<id:endgame_id>/", apis.EndgameDetailApi.as_view(), name="api-endgame-detail"),
    path("api/endgames/<id:endgame_id>/progress/", apis.EndgameProgressApi.as_view(), name="api-endgame-progress"),
]
