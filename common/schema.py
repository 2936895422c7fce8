def drop_trailing_slash_duplicates(endpoints, **kwargs):
    """Every API path is also answered with a trailing slash (common.routes); the schema
    lists each operation once, without it."""
    return [endpoint for endpoint in endpoints if not endpoint[0].endswith("/")]
