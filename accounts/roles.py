"""The Django admin's side of the roles of common/roles.py: the "Staff" group holds exactly
the model permissions of the staff role's capabilities (made again after every migrate, so a
capability changed in common/roles.py changes the group), and every staff user is in it.
Admins are superusers (User.save), customers in no group."""

from typing import Any

from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.db.models import Q

from accounts.models import User
from common.roles import STAFF_GROUP, Role, group_permissions


def staff_group_sync(**kwargs: Any) -> Group:
    """Make the "Staff" group hold exactly the staff role's permissions; put every staff
    user in it. Connected to post_migrate (accounts/apps.py)."""
    names = group_permissions(Role.STAFF)
    match = Q(pk__in=[])
    for name in names:
        app_label, codename = name.split(".", 1)
        match |= Q(content_type__app_label=app_label, codename=codename)
    with transaction.atomic():
        group, _ = Group.objects.get_or_create(name=STAFF_GROUP)
        group.permissions.set(Permission.objects.filter(match))
        for user in User.objects.filter(role=Role.STAFF).exclude(groups=group):
            user.groups.add(group)
    return group


def role_group_sync(user: User) -> None:
    """After a user's role is saved: in the "Staff" group if staff, else out of it."""
    group = Group.objects.filter(name=STAFF_GROUP).first()
    if group is None:
        group = staff_group_sync()
    if user.role == Role.STAFF:
        user.groups.add(group)
    else:
        user.groups.remove(group)
