from django.urls import path

from . import apis, views

app_name = "notifications"

urlpatterns = [
    path("notifications/", views.notices_page, name="page"),
    path("notifications/read/", views.notices_read, name="read"),
    path("notifications/settings/", views.settings_save, name="settings"),
    path("notifications/settings/link/", views.email_link, name="email-link"),
    path("notifications/confirm/<str:token>/", views.email_confirm, name="confirm"),
    path("api/notifications/", apis.NoticesApi.as_view(), name="api-list"),
    path("api/notifications/<id:box_id>/", apis.NoticesPollApi.as_view(), name="api-poll"),
    path("api/notifications/read/", apis.NoticesReadApi.as_view(), name="api-read"),
    path("api/notifications/settings/", apis.NoticeSettingsApi.as_view(), name="api-settings"),
    path("api/notifications/settings/link/", apis.EmailLinkApi.as_view(), name="api-email-link"),
    path("api/notifications/vapid/", apis.VapidApi.as_view(), name="api-vapid"),
    path("api/notifications/push/", apis.PushApi.as_view(), name="api-push"),
]
