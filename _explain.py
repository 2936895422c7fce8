import os, sys, time
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django; django.setup()
from django.db import connection, transaction
from shop import search, selectors
from django.db.models import Q, BooleanField, ExpressionWrapper
import functools
text = sys.argv[1]
products = selectors.product_list().prefetch_related(None)
qw = search.query_words(text)
cand = search._literal(text) | functools.reduce(Q.__and__, map(search._may_match, qw))
rows = products.filter(cand).annotate(held=ExpressionWrapper(search._literal(text), output_field=BooleanField())).values_list("id","name","held")
sql, params = rows.query.sql_with_params()
th = "0.1" if max(map(search.allowed_edits, qw)) == 2 else "0.2"
with transaction.atomic(), connection.cursor() as c:
    c.execute("SELECT set_config('pg_trgm.word_similarity_threshold', %s, true)", [th])
    c.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
    print("\n".join(r[0] for r in c.fetchall()))
    t=time.perf_counter(); c.execute(sql, params); r=c.fetchall(); print("fetch", (time.perf_counter()-t)*1000, len(r))
    rule = search._NameRule(qw)
    t=time.perf_counter(); n=[rule.cost(name) for _, name, _ in r]; print("rule", (time.perf_counter()-t)*1000, sum(x is not None for x in n))
