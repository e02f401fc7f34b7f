"""Every environment variable is declared once (student_portal/settings.py) and the table of
docs/configuration.md is that declaration."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from student_portal import settings as settings_module
from student_portal.settings import Settings, configuration_table, settings, variables, with_configuration_table

ROOT = Path(__file__).resolve().parents[2]
CODE = [*sorted((ROOT / "student_portal").rglob("*.py")), ROOT / "rxconfig.py"]


def test_configuration_table_is_generated_from_settings() -> None:
    doc = (ROOT / "docs" / "configuration.md").read_text()
    assert with_configuration_table(doc) == doc, "run: python -m student_portal.settings --write-docs"


def test_only_the_settings_module_reads_the_environment() -> None:
    readers = re.compile(r"os\.environ|os\.getenv|environ\.get|getenv\(")
    offenders = [
        str(path.relative_to(ROOT)) for path in CODE if path.name != "settings.py" and readers.search(path.read_text())
    ]
    assert offenders == []


def test_every_variable_has_a_meaning() -> None:
    for name, field in Settings.model_fields.items():
        assert field.description, name
        assert f"`{name.upper()}`" in configuration_table()


def test_defaults_without_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    config = settings()
    assert (config.port, config.pocketbase_port, config.content_cache_ttl) == (3000, 8090, 30.0)
    assert config.pocketbase_url is None and config.site_address == "http://localhost:3000"


def test_values_follow_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORT", "3219")
    assert settings().site_address == "http://localhost:3219"
    monkeypatch.setenv("DEPLOY_URL", "https://portal.lk")
    assert settings().site_address == "https://portal.lk"
    monkeypatch.setenv("POCKETBASE_URL", "")  # empty counts as unset
    assert settings().pocketbase_url is None


@pytest.mark.parametrize(
    ("name", "value"),
    [("PORT", "http"), ("POCKETBASE_PORT", "70000"), ("REFLEX_TRUSTED_PROXY_HOPS", "-1"), ("GRANIAN_WORKERS", "0")],
)
def test_a_bad_value_names_its_variable(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError, match=name):
        settings()


def test_a_bad_cache_ttl_is_a_warning_not_a_crash(monkeypatch: pytest.MonkeyPatch, caplog) -> None:
    monkeypatch.setenv("CONTENT_CACHE_TTL", "-4")
    assert settings().content_cache_ttl == settings_module.DEFAULT_CONTENT_CACHE_TTL_S
    monkeypatch.setenv("CONTENT_CACHE_TTL", "later")
    assert settings().content_cache_ttl == settings_module.DEFAULT_CONTENT_CACHE_TTL_S
    assert "CONTENT_CACHE_TTL='later' is not a number" in caplog.text


def test_variables_are_the_raw_values_behind_some_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POCKETBASE_URL", "http://pb.internal")
    monkeypatch.delenv("POCKETBASE_PORT", raising=False)
    assert variables("pocketbase_url", "pocketbase_port") == ("http://pb.internal", None)
    monkeypatch.setenv("POCKETBASE_PORT", "not a port")  # raw: not parsed, so never an error here
    assert variables("pocketbase_port") == ("not a port",)
    with pytest.raises(KeyError, match="pocketbase_adress"):
        variables("pocketbase_adress")


def test_reflex_redis_pool_is_bounded_unless_the_operator_bounds_it(monkeypatch) -> None:
    from reflex.utils.prerequisites import _redis_pool_limits

    from student_portal.constants import Limit, Timing
    from student_portal.settings import bound_reflex_redis_pool

    monkeypatch.delenv("REFLEX_REDIS_MAX_CONNECTIONS", raising=False)
    monkeypatch.delenv("REFLEX_REDIS_POOL_TIMEOUT", raising=False)
    bound_reflex_redis_pool()
    assert _redis_pool_limits() == (Limit.REDIS_CONNECTIONS, Timing.REDIS_POOL_WAIT_S)  # Reflex accepts them
    monkeypatch.setenv("REFLEX_REDIS_MAX_CONNECTIONS", "200")
    monkeypatch.setenv("REFLEX_REDIS_POOL_TIMEOUT", "500ms")
    bound_reflex_redis_pool()
    assert _redis_pool_limits() == (200, 0.5)
