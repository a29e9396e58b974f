from django.urls import path

from . import apis, claim_apis, spectator_apis, vacation_apis, verify, views

app_name = "games"

urlpatterns = [
    path("play/", views.play_new, name="play"),
    path("play/games/", views.game_list, name="game-list"),
    path("play/<id:game_id>/", views.play_game, name="play-game"),
    path("play/<id:game_id>/move/", views.play_move, name="play-move"),
    path("play/<id:game_id>/hint/", views.play_hint, name="play-hint"),
    path("play/<id:game_id>/resign/", views.play_resign, name="play-resign"),
    path("play/<id:game_id>/rematch/", views.play_rematch, name="play-rematch"),
    path("games/<id:game_id>/review/", views.review_game, name="review-game"),
    path("games/<id:game_id>/record.txt", views.game_record_download, name="game-record"),
    path("deals/verify/", verify.verify_deal_page, name="verify-deal"),
    path("api/games/", apis.GameListCreateApi.as_view(), name="api-games"),
    path("api/games/<id:game_id>/", apis.GameDetailApi.as_view(), name="api-game-detail"),
    path("api/games/<id:game_id>/moves/", apis.GameMoveApi.as_view(), name="api-game-moves"),
    path("api/games/<id:game_id>/hint/", apis.GameHintApi.as_view(), name="api-game-hint"),
    path("api/games/<id:game_id>/resign/", apis.GameResignApi.as_view(), name="api-game-resign"),
    path("api/games/<id:game_id>/abort/", apis.GameAbortApi.as_view(), name="api-game-abort"),
    path("api/games/<id:game_id>/present/", apis.GamePresentApi.as_view(), name="api-game-present"),
    path("api/games/<id:game_id>/claim/", claim_apis.GameClaimApi.as_view(), name="api-game-claim"),
    path("api/vacation/", vacation_apis.VacationApi.as_view(), name="api-vacation"),
    path("api/games/<id:game_id>/rematch/", apis.GameRematchApi.as_view(), name="api-game-rematch"),
    path(
        "api/games/<id:game_id>/spectators/",
        spectator_apis.GameSpectatorsApi.as_view(),
        name="api-game-spectators",
    ),
]
