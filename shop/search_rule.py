"""The search's rule for one query word against one name word (shop/search.py has the whole
rule and where the words come from): which words count, how many edits a word forgives, and
the vocabulary a query word is matched against. Pure Python, no database."""

import bisect
import re
from collections import defaultdict
from collections.abc import Iterable

from rapidfuzz import process
from rapidfuzz.distance import OSA

# Meilisearch reads the first ten words of a query too; each word scans the vocabulary.
MAX_QUERY_WORDS = 10

_WORD = re.compile(r"\w+")
# A token of these is one name word as it is (shop/search_tables.py).
_PLAIN = re.compile(r"[0-9a-z_]+")

# How one query word matched one name word: (edits, 1 if only as a prefix else 0).
Cost = tuple[int, int]
EXACT: Cost = (0, 0)
PREFIX: Cost = (0, 1)


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def query_words(search: str) -> list[str]:
    """The distinct words of `search` that count, in their order."""
    return list(dict.fromkeys(words(search)))[:MAX_QUERY_WORDS]


def allowed_edits(word: str) -> int:
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


def _kind(word: str) -> str:
    if word.isdigit():
        return "digits"
    return "mixed" if any(c.isdigit() for c in word) else "letters"


# A query word shares no character with a name word of a kind it cannot reach: it is then
# as many edits away as the longer of the two has characters, more than any budget.
# Skipping them keeps a word from scanning every number (sizes, codes).
_REACHABLE = {
    "letters": ("letters", "mixed"),
    "digits": ("digits", "mixed"),
    "mixed": ("letters", "digits", "mixed"),
}


def token_words(token: str) -> list[str]:
    """The words of a name's token (shop/search_tables.py): most are one word already."""
    return [token] if _PLAIN.fullmatch(token) else words(token)


class Vocabulary:
    """The name words of a set of tokens, for the rule's match of one query word."""

    def __init__(self, tokens: Iterable[str]) -> None:
        tokens_of: dict[str, list[str]] = defaultdict(list)
        for token in tokens:
            for word in token_words(token):
                tokens_of[word].append(token)
        self.tokens_of = dict(tokens_of)
        # Sorted, for prefixes; and {kind: {length: [words]}} for typos: a word within two
        # edits is within two letters of the query word's length.
        self.sorted_words = sorted(self.tokens_of)
        self.by_kind: dict[str, dict[int, list[str]]] = {
            kind: defaultdict(list) for kind in _REACHABLE
        }
        for word in self.sorted_words:
            self.by_kind[_kind(word)][len(word)].append(word)

    def __len__(self) -> int:
        return len(self.tokens_of)

    def matching_words(self, query_word: str) -> dict[str, Cost]:
        """{word: cost} for the words `query_word` matches."""
        found: dict[str, Cost] = {}
        start = bisect.bisect_left(self.sorted_words, query_word)
        for word in self.sorted_words[start:]:
            if not word.startswith(query_word):
                break
            found[word] = EXACT if word == query_word else PREFIX
        limit, size = allowed_edits(query_word), len(query_word)
        if not limit:
            return found
        for kind in _REACHABLE[_kind(query_word)]:
            for length, group in self.by_kind[kind].items():
                if abs(length - size) <= limit:
                    for word, edits, _ in process.extract(
                        query_word, group, scorer=OSA.distance, score_cutoff=limit, limit=None
                    ):
                        found.setdefault(word, (edits, 0))
        return found

    def matching_tokens(self, query_word: str) -> dict[str, Cost]:
        """{token: cost} of the tokens holding a word `query_word` matches, at the lowest."""
        costs: dict[str, Cost] = {}
        for word, cost in self.matching_words(query_word).items():
            for token in self.tokens_of[word]:
                if token not in costs or cost < costs[token]:
                    costs[token] = cost
        return costs


def word_cost(query_word: str, word: str) -> Cost | None:
    """How `query_word` matches the name word `word`, None when it does not: the rule of
    Vocabulary.matching_words for one pair."""
    if word.startswith(query_word):
        return EXACT if word == query_word else PREFIX
    limit = allowed_edits(query_word)
    if limit and abs(len(word) - len(query_word)) <= limit:
        edits = OSA.distance(query_word, word, score_cutoff=limit)
        if edits <= limit:
            return (edits, 0)
    return None


def token_cost(query_word: str, token: str) -> Cost | None:
    costs = [c for w in token_words(token) if (c := word_cost(query_word, w)) is not None]
    return min(costs, default=None)
