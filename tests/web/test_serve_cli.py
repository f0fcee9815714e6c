"""`tabletide serve`: mistakes are one red line and exit code 2 (the server itself is started
for real in test_restart.py)."""

from __future__ import annotations

from typer.testing import CliRunner

from tabletide.cli import app


def test_bad_port_and_database_are_refused_without_showing_passwords() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "--port must be in 1..65535" in result.output
    result = runner.invoke(app, ["serve", "--database-url", "nosuchdb://admin:hunter2@localhost/x"])
    assert result.exit_code == 2
    assert "cannot open the database" in result.output and "hunter2" not in result.output


def test_several_workers_need_postgresql() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["serve", "--workers", "2", "--database-url", "sqlite:///x.db"])
    assert result.exit_code == 2
    assert "SQLite database serves one process" in result.output
    assert "PostgreSQL" in result.output
    result = runner.invoke(app, ["serve", "--workers", "0"])
    assert result.exit_code == 2 and "--workers must be >= 1" in result.output
