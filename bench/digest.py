#!/usr/bin/env python
"""What a stolen database plus the digest key buys an attacker, and what sign-in would pay
for a shorter (bucketed) digest. Pure Python, no server or database: side by side in one run.

    .venv/bin/python bench/digest.py [--users 10000] [--guesses 200000] [--argon2-samples 5]

Prints:
- Argon2 (Django's Argon2PasswordHasher, the hash every user has): verifications/s.
- Full HMAC-SHA256 digest (what accounts.passwords stores): guesses/s, each tested against
  every user at once by one set lookup.
- Bucketed digests (only B bits kept, so several users share a value): an attacker must
  verify Argon2 against every user in the guess's bucket; guesses/s and the speed-up over
  Argon2 per guess per user, for several bucket sizes.
- Sign-in cost with k users per bucket: k Argon2 verifications for a wrong password,
  (k + 1) / 2 on average for a right one.
"""

import argparse
import hashlib
import hmac
import math
import os
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def argon2_seconds(samples):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("DATABASE_URL", "sqlite:///:memory:")
    import django

    django.setup()
    from django.contrib.auth.hashers import Argon2PasswordHasher

    hasher = Argon2PasswordHasher()
    encoded = hasher.encode("a-real-password-1", hasher.salt())
    times = []
    for n in range(samples):
        started = time.perf_counter()
        hasher.verify(f"wrong-guess-{n}", encoded)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def full_digest_rate(users, guesses):
    key = secrets.token_bytes(32)
    stored = {
        hmac.new(key, secrets.token_urlsafe(12).encode(), hashlib.sha256).hexdigest()
        for _ in range(users)
    }
    started = time.perf_counter()
    # One HMAC and one set lookup per guess: the lookup tests it against every user at once.
    stored.intersection(
        hmac.new(key, f"guess-{n}".encode(), hashlib.sha256).hexdigest() for n in range(guesses)
    )
    return guesses / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--guesses", type=int, default=200_000)
    parser.add_argument("--argon2-samples", type=int, default=5)
    args = parser.parse_args()

    argon2 = argon2_seconds(args.argon2_samples)
    hmac_rate = full_digest_rate(args.users, args.guesses)
    hmac_seconds = 1 / hmac_rate
    print(f"users: {args.users:,}")
    print(f"Argon2 verification: {argon2 * 1000:.0f} ms -> {1 / argon2:.1f} guesses/s per user")
    print(
        f"full digest: {hmac_rate:,.0f} guesses/s, each against all {args.users:,} users "
        f"= {hmac_rate * args.users:,.0f} guess-user pairs/s "
        f"({hmac_rate * args.users * argon2:,.0f} x Argon2 per guess per user)"
    )
    print()
    print("bucketed digest (k = users per bucket, B = users / k buckets):")
    print(
        f"{'k':>4} {'bits':>5} {'guesses/s':>12} {'pairs/s':>12} {'x Argon2/user':>14} "
        f"{'targeted x':>11} {'sign-in ok':>11} {'sign-in bad':>12}"
    )
    for k in (1, 2, 4, 8, 16):
        buckets = max(1, args.users // k)
        bits = math.log2(buckets)
        # Share of buckets with nobody in them (Poisson): those guesses cost only the HMAC.
        empty = math.exp(-k)
        per_guess = hmac_seconds + (1 - empty) * k * argon2
        rate = 1 / per_guess
        pairs = rate * args.users
        # Against one user: only guesses landing in that user's bucket need an Argon2.
        targeted = buckets
        print(
            f"{k:>4} {bits:>5.1f} {rate:>12,.2f} {pairs:>12,.1f} {pairs * argon2:>14,.0f} "
            f"{targeted:>11,} {(k + 1) / 2 * argon2 * 1000:>9.0f}ms {k * argon2 * 1000:>10.0f}ms"
        )
    print()
    print(
        "x Argon2/user: how many times faster than verifying Argon2 for every guess against "
        "every user (1 = no shortcut). targeted x: the same for one chosen user (a dictionary "
        "is filtered by bucket at HMAC speed)."
    )


if __name__ == "__main__":
    main()
