"""Sign-up, log-in (Django's view, plus the account's language) and the
language menu (log-out is Django's own view)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from . import languages, limits
from .forms import SignUpForm


@limits.signup_rate_limited
def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        languages.remember_choice(request, user)
        messages.success(request, _("Welcome, %(name)s! Your account is ready.") % {"name": user.username})
        return redirect("site:home")
    return render(request, "registration/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        return languages.at_log_in(self.request, form.get_user(), response)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (the cookie, then back to ``next``), and the account's preference."""
    response = django_set_language(request)
    code = request.POST.get("language", "")
    if code in languages.CODES:
        languages.remember(request.user, code)
    return response
