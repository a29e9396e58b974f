"""Study URLs: the pages and their API (included from config/urls.py)."""
from django.urls import path

from . import study_apis, study_views

urlpatterns = [
    path("analysis/", study_views.analysis_board, name="study-analysis"),
    path("analysis/editor/", study_views.position_editor, name="study-editor"),
    path("analysis/games/", study_views.game_analysis_new, name="study-game-analyses"),
    path("analysis/games/<int:analysis_id>/", study_views.game_analysis_detail, name="study-game-analysis"),
    path("endgames/", study_views.library, name="study-library"),
    path("endgames/<int:endgame_id>/", study_views.endgame, name="study-endgame"),
    path("api/positions/", study_apis.PositionApi.as_view(), name="api-positions"),
    path("api/game-analyses/", study_apis.GameAnalysisListCreateApi.as_view(), name="api-game-analyses"),
    path("api/game-analyses/<int:analysis_id>/", study_apis.GameAnalysisDetailApi.as_view(),
         name="api-game-analysis-detail"),
    path("api/endgames/", study_apis.EndgameLibraryApi.as_view(), name="api-endgames"),
    path("api/endgames/<int:endgame_id>/", study_apis.EndgameDetailApi.as_view(), name="api-endgame-detail"),
    path("api/endgames/<int:endgame_id>/progress/", study_apis.EndgameProgressApi.as_view(),
         name="api-endgame-progress"),
]
