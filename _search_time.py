import os, time, statistics, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django; django.setup()
from django.db import connection
from shop import search, selectors
from django.test.utils import CaptureQueriesContext
for text, kw in [("vanila", {}), ("quasr nebla", {}), ("frosty mangp", {}), ("midnihgt vanila", {}), ("zzqx wombat", {}), ("vanila", {"sort":"price_asc"}), ("vanila", {"in_stock":True}), ("mango", {})]:
    ts=[]
    for _ in range(9):
        products = selectors.product_list(sort=kw.get("sort",""))
        products = selectors.products_in_stock(products, in_stock=kw.get("in_stock", False))
        t=time.perf_counter(); ids=search.search_ids(products, text, sort=kw.get("sort","")); ts.append((time.perf_counter()-t)*1000)
    print(f"{text!r:20} {kw} {statistics.median(ts):7.1f} ms  {len(ids)}")
