"""Sign-up (log-in and log-out are Django's own views)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .forms import SignUpForm


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s! Your account is ready.") % {"name": user.username})
        return redirect("site:home")
    return render(request, "registration/signup.html", {"form": form})
