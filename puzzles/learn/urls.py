"""URLs of the course: the API under /api/learn/ and the pages under /learn/."""

from django.urls import path

from . import apis, views

app_name = "learn"

urlpatterns = [
    path("api/learn/", apis.CourseApi.as_view(), name="api-course"),
    path("api/learn/<slug:key>/", apis.LessonApi.as_view(), name="api-lesson"),
    path("api/learn/<slug:key>/<int:step>/tries/", apis.LessonTryApi.as_view(), name="api-tries"),
    path("learn/", views.index, name="index"),
    path("learn/<slug:key>/", views.lesson, name="lesson"),
    path("learn/<slug:key>/<int:step>/try/", views.lesson_try, name="try"),
]
