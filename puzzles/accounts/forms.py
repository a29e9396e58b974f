from typing import TYPE_CHECKING

from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

# Django's forms are generic only in their stubs (no __class_getitem__ at
# runtime): the checker sees the user-typed base, the site the plain class.
if TYPE_CHECKING:
    SignUpFormBase = UserCreationForm[User]
else:
    SignUpFormBase = UserCreationForm


class SignUpForm(SignUpFormBase):
    pass
