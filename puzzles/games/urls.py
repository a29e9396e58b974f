from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("play/", views.play_new, name="play"),
    path("play/<int:game_id>/", views.play_game, name="play-game"),
    path("play/<int:game_id>/move/", views.play_move, name="play-move"),
    path("play/<int:game_id>/hint/", views.play_hint, name="play-hint"),
    path("games/<int:game_id>/review/", views.review_game, name="review-game"),
]
