# test_ledger_mock.py
"""pytest against ledger-mock: a fixture starts it on a free port and gives its URL.

Needs Node, and `npm install --save-dev personal-ledger-sdk` in the folder pytest runs from.
"""
import json
import subprocess
import urllib.error
import urllib.request

import pytest

ALEX = "plk_alexDemo7Hq2LmN9pR4sT6vW8xY1zA3bC5dE0fG2"  # the demo scenario's token of Alex


@pytest.fixture(scope="session")
def ledger_url():
    """`ledger-mock --port 0` (a free port, the demo scenario) for the whole run; its URL is its one line."""
    # The bin itself, not `npx ledger-mock`: terminate() would stop npx and leave the server running.
    command = ["node_modules/.bin/ledger-mock", "--port", "0", "--base-url-print"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip()  # http://127.0.0.1:<port>; empty if it could not start
    if not url:
        raise RuntimeError(f"ledger-mock did not start (exit {server.wait(timeout=30)})")
    yield url
    server.terminate()  # it exits 0 on SIGTERM
    server.wait(timeout=30)


@pytest.fixture(autouse=True)
def reset(ledger_url):
    """Every test starts from the scenario, with no faults and an empty journal."""
    call(ledger_url, "POST", "/__mock/reset")


def call(base, method, path, body=None, token=ALEX):
    """One JSON request; gives (status, parsed body). Every change under /__mock must say JSON."""
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_lists_are_wrapped_in_an_object(ledger_url):
    status, body = call(ledger_url, "GET", "/api/public/v1/accounts")
    assert status == 200
    assert "Everyday checking" in [account["name"] for account in body["accounts"]]


def test_a_bulk_call_reports_the_rows_it_skipped(ledger_url):
    _, accounts = call(ledger_url, "GET", "/api/public/v1/accounts")
    account_id = accounts["accounts"][0]["id"]
    rows = [
        {"account_id": account_id, "snapshot_date": "2026-10-30", "balance": 10.5},
        {"account_id": account_id, "snapshot_date": "2026-02-30", "balance": 11},  # no such day
    ]
    status, body = call(ledger_url, "POST", "/api/public/v1/snapshots/bulk", {"snapshots": rows})
    assert (status, body["inserted"], body["skipped"][0]["index"]) == (200, 1, 1)


def test_a_fault_injected_over_http_answers_the_next_call(ledger_url):
    call(ledger_url, "POST", "/__mock/faults", {"operation": "getMe", "status": 503, "times": 1})
    assert call(ledger_url, "GET", "/api/public/v1/me")[0] == 503
    assert call(ledger_url, "GET", "/api/public/v1/me")[0] == 200
    _, journal = call(ledger_url, "GET", "/__mock/journal")
    assert [entry["status"] for entry in journal] == [503, 200]
