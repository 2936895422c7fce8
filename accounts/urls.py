from accounts import api, codes_api, people_api
from common.routes import route

urlpatterns = [
    *route("auth/login", api.login),
    *route("auth/register", api.register),
    *route("auth/challenge", api.challenge),
    *route("auth/password-check", api.password_check),
    *route("auth/password-reset", api.password_reset),
    *route("auth/password-reset/confirm", api.password_reset_confirm),
    *route("auth/password-reset/check", api.password_reset_check),
    *route("auth/me", api.me),
    *route("auth/me/password", api.my_password),
    *route("auth/me/export", api.my_export),
    *route("auth/users", people_api.user_list),
    *route("auth/users/<int:user_id>", people_api.user_detail),
    *route("auth/users/<int:user_id>/password", people_api.user_password),
    *route("auth/registration-codes", codes_api.code_list),
    *route("auth/registration-codes/<int:code_id>", codes_api.code_detail),
]
