from accounts import api
from common.routes import route

urlpatterns = [
    *route("auth/login", api.login),
    *route("auth/register", api.register),
    *route("auth/password-check", api.password_check),
    *route("auth/me", api.me),
    *route("auth/users", api.user_list),
    *route("auth/users/<int:user_id>/password", api.user_password),
]
