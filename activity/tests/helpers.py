"""What the activity tests share: reading the history as an admin does."""

URL = "/api/activity"


def history(client, **params):
    response = client.get(URL, params)
    assert response.status_code == 200, response.json()
    return response.json()["entries"]


def changes_of(entry):
    return {change["field"]: (change["before"], change["after"]) for change in entry["changes"]}


def latest(client, **params):
    entries = history(client, **params)
    assert entries, f"no history entry for {params}"
    return entries[0]
