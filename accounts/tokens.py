from rest_framework_simplejwt.tokens import AccessToken


def token_for(user):
    """Signed session token; the React app reads userId, email, role and exp from it."""
    token = AccessToken.for_user(user)
    token["userId"] = user.pk  # simplejwt writes it as a string; the app compares numbers
    token["email"] = user.email
    token["role"] = user.role.value
    token["name"] = user.name
    token["pwv"] = user.password_version
    return str(token)
