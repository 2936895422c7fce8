from common.routes import route
from compliance import api

urlpatterns = [
    *route("compliance/rules", api.rule_collection),
    *route("compliance/rules/<int:pk>", api.rule_detail),
    *route("compliance/check", api.check),
]
