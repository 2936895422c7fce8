import os, sys, time
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django; django.setup()
from shop import search, selectors
rows = list(selectors.product_list().prefetch_related(None).filter(name__icontains="vanilla").values_list("id","name"))
import cProfile, pstats
rule = search._NameRule(["vanila"])
t=time.perf_counter(); [rule.cost(n) for _, n in rows]; print((time.perf_counter()-t)*1000)
rule = search._NameRule(["vanila"])
t=time.perf_counter(); [search.words(n) for _, n in rows]; print("words", (time.perf_counter()-t)*1000)
from rapidfuzz.distance import OSA
t=time.perf_counter(); [OSA.distance("vanila", "12345", score_cutoff=1) for _ in range(6400)]; print("osa", (time.perf_counter()-t)*1000)
t=time.perf_counter(); [search.word_cost("vanila", "12345") for _ in range(6400)]; print("word_cost", (time.perf_counter()-t)*1000)
s=set("vanila")
t=time.perf_counter(); [s.isdisjoint("12345") for _ in range(6400)]; print("disjoint", (time.perf_counter()-t)*1000)
import cProfile
rule = search._NameRule(["vanila"])
cProfile.run("[rule.cost(n) for _, n in rows]", sort="tottime")
