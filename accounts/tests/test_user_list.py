"""The back office's Users page list (GET /api/auth/users, docs/api.md "Accounts"): pages of
the order list's shape, newest first, by cursor; a search in names and emails; at any count
the same queries a page, and on PostgreSQL after ANALYZE a search read through its trigram
indexes (docs/performance.md)."""

import random
import string
from datetime import datetime, timedelta
from unittest import mock

import pytest
import time_machine
from django.db import connection

from accounts import selectors
from accounts.models import User
from common.pagination import NewestPosition, parse_newest_cursor

pytestmark = pytest.mark.django_db

USERS = "/api/auth/users"
NOW = datetime.fromisoformat("2026-06-10T15:00:00+00:00")
BAD_CURSOR = "cursor is not one this list gave; start again from the first page."


def people(count, *, start=NOW - timedelta(days=365), prefix="person"):
    """`count` customers who joined over the year before NOW, written in bulk."""
    step = (NOW - start) / max(count, 1)
    joined = User._meta.get_field("created_at")
    with mock.patch.object(joined, "default", None):
        return User.objects.bulk_create(
            (
                User(
                    email=f"{prefix}{n}@mail{n % 7}.example",
                    name=f"Person {n} Name{n:05d}",
                    created_at=start + step * n,
                )
                for n in range(count)
            ),
            batch_size=5000,
        )


def emails(answer):
    return [row["email"] for row in answer.json()["users"]]


def test_a_page_is_the_order_lists_shape_newest_first(admin_client_api, admin_user):
    made = people(3)

    answer = admin_client_api.get(USERS, {"limit": 2})

    assert answer.status_code == 200
    body = answer.json()
    # The admin joined now: the newest of all.
    assert emails(answer) == [admin_user.email, made[2].email]
    assert set(body["users"][1]) == {"id", "name", "email", "role", "active", "created_at"}
    pagination = body["pagination"]
    assert {k: v for k, v in pagination.items() if k != "nextCursor"} == {
        "page": 1,
        "limit": 2,
        "totalItems": 4,
        "totalPages": 2,
        "hasNextPage": True,
    }
    second = admin_client_api.get(USERS, {"limit": 2, "cursor": pagination["nextCursor"]})
    assert emails(second) == [made[1].email, made[0].email]
    assert second.json()["pagination"]["page"] == 2
    assert second.json()["pagination"]["nextCursor"] is None
    # By number too (an OFFSET), as the order list.
    assert emails(admin_client_api.get(USERS, {"limit": 2, "page": 2})) == emails(second)


def test_search_finds_a_name_or_an_email_in_any_case(admin_client_api):
    people(12)
    User.objects.filter(email="person3@mail3.example").update(name="Zoë Quartermaine")

    by_name = admin_client_api.get(USERS, {"search": "QUARTER"})
    by_email = admin_client_api.get(USERS, {"search": "PERSON1"})

    assert emails(by_name) == ["person3@mail3.example"]
    assert by_name.json()["pagination"]["totalItems"] == 1
    assert sorted(emails(by_email)) == [
        "person10@mail3.example",
        "person11@mail4.example",
        "person1@mail1.example",
    ]
    assert admin_client_api.get(USERS, {"search": "nobody-by-this"}).json()["users"] == []


def test_roles_narrow_the_list_to_those_roles(admin_client_api, admin_user, staff_user):
    people(3)

    answer = admin_client_api.get(USERS, {"role": "admin,staff"})
    refused = admin_client_api.get(USERS, {"role": "admin,owner"})

    assert sorted(emails(answer)) == sorted([admin_user.email, staff_user.email])
    assert refused.status_code == 400
    assert refused.json()["errors"] == {"role": ["Role must be admin, staff or customer"]}


def test_closed_accounts_stay_out_of_pages_and_searches(admin_client_api):
    closer = people(3)[1]
    assert admin_client_api.delete(f"{USERS}/{closer.pk}").status_code == 204

    listed = admin_client_api.get(USERS).json()
    searched = admin_client_api.get(USERS, {"search": "deleted"}).json()

    assert closer.pk not in [row["id"] for row in listed["users"]]
    assert listed["pagination"]["totalItems"] == 3  # two people and the admin
    assert searched["users"] == []


def test_pages_by_cursor_skip_and_repeat_no_one_while_people_join(client_for, admin_user):
    existing = people(23)
    # Five people who joined in one moment: ties broken by id across a page's edge.
    User.objects.filter(pk__in=[u.pk for u in existing[5:10]]).update(
        created_at=NOW - timedelta(days=3)
    )
    with time_machine.travel(NOW, tick=False) as clock:
        admin = client_for(admin_user)
        seen, cursor, pages = [], None, 0
        while True:
            query = {"limit": 4, "search": "person", **({"cursor": cursor} if cursor else {})}
            page = admin.get(USERS, query).json()
            seen += [row["id"] for row in page["users"]]
            pages += 1
            assert page["pagination"]["page"] == pages
            cursor = page["pagination"]["nextCursor"]
            if not cursor:
                break
            # Someone joins between pages: newer than every page read.
            clock.shift(timedelta(minutes=1))
            people(1, start=datetime.now(tz=NOW.tzinfo), prefix=f"person-late{pages}-")

    assert sorted(seen) == sorted(u.pk for u in existing) and len(seen) == len(set(seen))
    assert pages == 6 and not page["pagination"]["hasNextPage"]


@pytest.mark.parametrize(
    "cursor",
    ["x", "eyJhdCI6IjIwMjYifQ", "eyJhdCI6IjIwMjYtMDYtMTBUMTA6MDA6MDAiLCJpZCI6MSwicGFnZSI6Mn0"],
)
def test_a_cursor_the_list_did_not_give_is_a_400_naming_it(admin_client_api, cursor):
    answer = admin_client_api.get(USERS, {"cursor": cursor})

    assert answer.status_code == 400
    assert answer.json()["errors"] == {"cursor": [BAD_CURSOR]}


@pytest.mark.parametrize(
    ("query", "field"),
    [({"search": "x" * 201}, "search"), ({"limit": "0"}, "limit"), ({"page": "two"}, "page")],
)
def test_a_bad_search_limit_or_page_is_a_400_naming_it(admin_client_api, query, field):
    answer = admin_client_api.get(USERS, query)

    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == [field]


def test_a_page_far_past_the_end_is_empty(admin_client_api):
    answer = admin_client_api.get(USERS, {"page": str(2**63 - 1), "limit": 100})

    assert answer.status_code == 200
    assert answer.json()["users"] == [] and not answer.json()["pagination"]["hasNextPage"]


@pytest.mark.parametrize("count", [5, 120])
def test_a_page_costs_the_same_queries_at_any_count(
    admin_client_api, count, django_assert_num_queries
):
    people(count)
    # The token's user, the count, the page.
    with django_assert_num_queries(3):
        first = admin_client_api.get(USERS, {"limit": 4}).json()
    with django_assert_num_queries(3):
        admin_client_api.get(USERS, {"limit": 4, "cursor": first["pagination"]["nextCursor"]})
    with django_assert_num_queries(3):
        admin_client_api.get(USERS, {"limit": 4, "search": "name0000"})


# --- Plans on PostgreSQL --------------------------------------------------------------------

SIZE = 20_000


def word(rng):
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(4, 9)))


def crowd(count):
    """`count` people with names and emails as varied as real ones (people()'s share every
    letter but their numbers, which no planner would read an index for), joined over the
    year before NOW."""
    rng = random.Random(41)
    step = timedelta(days=365) / count
    folks = []
    for n in range(count):
        first, last = word(rng), word(rng)
        folks.append(
            User(
                email=f"{first}.{last}{n}@{DOMAINS[n % len(DOMAINS)]}",
                name=f"{first.title()} {last.title()}",
                created_at=NOW - timedelta(days=365) + step * n,
            )
        )
    joined = User._meta.get_field("created_at")
    with mock.patch.object(joined, "default", None):
        return User.objects.bulk_create(folks, batch_size=5000)


DOMAINS = ["mail.example", "post.example", "inbox.example"]


@pytest.fixture(scope="module")
def big_list(django_db_setup, django_db_blocker):
    """SIZE people, analysed, in a transaction that stays open for the file: each case's `db`
    runs in a savepoint inside it (as orders/tests/test_list_scale.py)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        made = crowd(SIZE)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE accounts_user")
        yield made
        transaction.set_rollback(True)


@pytest.mark.postgres("its planner and the trigram indexes")
@pytest.mark.parametrize("part", ["surname", "email"])
def test_a_search_reads_the_trigram_indexes(big_list, part):
    someone = big_list[4242]
    # A surname in capitals, or an address up to its "@" ("first.last4242@").
    if part == "surname":
        search = someone.name.split()[1].upper()
    else:
        search = someone.email.split("@")[0] + "@"

    plan = selectors.user_list(search=search)[:51].explain()

    assert "user_name_trgm" in plan and "user_email_trgm" in plan, plan
    assert "Seq Scan on accounts_user" not in plan, plan
    assert someone in selectors.user_list(search=search)


@pytest.mark.postgres("its planner")
def test_the_first_page_and_a_deep_one_are_index_ranges(big_list):
    middle = big_list[SIZE // 2]
    position, _ = parse_newest_cursor(NewestPosition(middle.created_at, middle.pk).as_cursor(200))

    first = selectors.user_list()[:51].explain()
    deep = selectors.user_list(after=position)[:51].explain()

    for plan in (first, deep):
        assert "user_newest" in plan, plan
        assert "Seq Scan on accounts_user" not in plan and "Sort" not in plan, plan
