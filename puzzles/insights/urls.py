"""URLs of the insights: one page, /insights/."""

from django.urls import path

from . import views

app_name = "insights"

urlpatterns = [
    path("insights/", views.index, name="index"),
]
