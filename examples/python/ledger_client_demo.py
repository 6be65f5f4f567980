#!/usr/bin/env python3
"""A Personal Ledger API client in plain Python (standard library only), run against ledger-mock.

    npx ledger-mock --port 4010            # or: npm run mock -- --port 4010
    python3 examples/python/ledger_client_demo.py http://127.0.0.1:4010

The base URL comes from the first argument, else LEDGER_MOCK_URL, else http://127.0.0.1:4010.
It creates a token through the mock's control surface (POST /__mock/tokens), writes and reads
snapshots, and checks a bulk call's skipped rows. Exits 1 on any mismatch, 2 on a bad argument.
"""
import json
import os
import sys
import urllib.error
import urllib.request

UNKNOWN_ACCOUNT = "00000000-0000-4000-8000-00000000beef"


class Mismatch(Exception):
    pass


def call(base, method, path, body=None, token=None):
    """Sends one JSON request; returns (status, parsed body). HTTP errors are answers, not exceptions."""
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
    if method != "GET":
        # Every change under /__mock must say JSON, body or not (a web page cannot send that to another site).
        headers["Content-Type"] = "application/json"
    if token is not None:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def expect(condition, message):
    if not condition:
        raise Mismatch(message)


USAGE = "Usage: python3 ledger_client_demo.py [BASE_URL]   (default: $LEDGER_MOCK_URL, else http://127.0.0.1:4010)"


class BadArgument(Exception):
    pass


def base_url(argv, env):
    """The ledger-mock URL from the arguments or the environment; refuses anything that is not one http(s) URL."""
    if len(argv) > 1:
        raise BadArgument("give one base URL, not %d arguments" % len(argv))
    base = argv[0] if argv else env.get("LEDGER_MOCK_URL", "http://127.0.0.1:4010")
    if not base.startswith(("http://", "https://")):
        where = "LEDGER_MOCK_URL" if not argv else "the base URL"
        raise BadArgument("%s must start with http:// or https:// (as http://127.0.0.1:4010), not %r" % (where, base))
    return base.rstrip("/")


def main(argv):
    base = base_url(argv, os.environ)
    api = "/api/public/v1"

    # 1. A token for a demo user, through the control surface (the value is shown once).
    status, users = call(base, "GET", "/__mock/users")
    expect(status == 200 and users, "GET /__mock/users: %s %s" % (status, users))
    alex = next((u for u in users if u["name"] == "Alex"), users[0])
    status, token = call(base, "POST", "/__mock/tokens", {"user_id": alex["id"], "name": "python demo"})
    expect(status == 201 and token["value"].startswith("plk_"), "POST /__mock/tokens: %s %s" % (status, token))
    secret = token["value"]
    print("OK token created for %s: %s... (id %s)" % (alex["name"], token["prefix"], token["id"]))

    # 2. Who am I?
    status, me = call(base, "GET", api + "/me", token=secret)
    expect(status == 200 and me["user_id"] == alex["id"], "GET /me: %s %s" % (status, me))
    print("OK GET /me -> user %s in household %s" % (me["user_id"], me["household_id"]))

    # 3. Pick an active account.
    status, accounts = call(base, "GET", api + "/accounts", token=secret)
    expect(status == 200, "GET /accounts: %s %s" % (status, accounts))
    active = [a for a in accounts["accounts"] if a["lifecycle_status"] == "active"]
    expect(active, "no active account to write to")
    account = active[0]
    print("OK GET /accounts -> %d accounts; writing to %s (%s)" % (len(accounts["accounts"]), account["name"], account["id"]))

    # 4. Write a snapshot, then read it back by account and date range.
    write = {"account_id": account["id"], "snapshot_date": "2026-11-15", "balance": 1234.56}
    status, result = call(base, "POST", api + "/snapshots", write, token=secret)
    expect(status in (200, 201) and result["action"] in ("inserted", "updated"), "POST /snapshots: %s %s" % (status, result))
    expect(result["snapshot"]["balance"] == 1234.56 and result["snapshot"]["is_estimated"] is False, "stored snapshot: %s" % result)
    print("OK POST /snapshots -> %d %s %s, webhooks_attempted %d" % (status, result["action"], result["snapshot"]["id"], result["webhooks_attempted"]))

    query = "?account_id=%s&from=2026-11-01&to=2026-11-30" % account["id"]
    status, listed = call(base, "GET", api + "/snapshots" + query, token=secret)
    expect(status == 200, "GET /snapshots: %s %s" % (status, listed))
    found = [s for s in listed["snapshots"] if s["snapshot_date"] == "2026-11-15"]
    expect(len(found) == 1 and found[0]["balance"] == 1234.56, "GET /snapshots did not return the write: %s" % listed)
    print("OK GET /snapshots%s -> %d snapshot(s), 2026-11-15 = %s" % (query, len(listed["snapshots"]), found[0]["balance"]))

    # 5. Bulk: one good row and one for an unknown account -> 200 with the bad row skipped.
    rows = [
        {"account_id": account["id"], "snapshot_date": "2026-11-16", "balance": 1300},
        {"account_id": UNKNOWN_ACCOUNT, "snapshot_date": "2026-11-16", "balance": 5},
    ]
    status, bulk = call(base, "POST", api + "/snapshots/bulk", {"snapshots": rows}, token=secret)
    expect(status == 200 and bulk["received"] == 2 and bulk["inserted"] + bulk["updated"] == 1, "POST /snapshots/bulk: %s %s" % (status, bulk))
    expect(len(bulk["skipped"]) == 1 and bulk["skipped"][0]["index"] == 1, "skipped rows: %s" % bulk["skipped"])
    print("OK POST /snapshots/bulk -> 200, skipped[0].index = %d (%s)" % (bulk["skipped"][0]["index"], bulk["skipped"][0]["reason"]))

    # 6. Bulk with nothing writable -> 422 nothing_written, with the same per-row detail.
    status, nothing = call(base, "POST", api + "/snapshots/bulk", {"snapshots": rows[1:]}, token=secret)
    expect(status == 422 and nothing["code"] == "nothing_written", "all-skipped bulk: %s %s" % (status, nothing))
    expect(nothing["skipped"][0]["index"] == 0, "skipped rows: %s" % nothing["skipped"])
    print("OK POST /snapshots/bulk (nothing writable) -> 422 nothing_written, skipped[0].index = 0")

    # 7. Revoke the token: it stops working at once.
    call(base, "POST", "/__mock/tokens/%s/revoke" % token["id"])
    status, refused = call(base, "GET", api + "/me", token=secret)
    expect(status == 401 and refused["code"] == "token_revoked", "revoked token: %s %s" % (status, refused))
    print("OK revoked token -> 401 token_revoked")
    print("ALL CHECKS PASSED")


if __name__ == "__main__":
    if "-h" in sys.argv[1:] or "--help" in sys.argv[1:]:
        print(USAGE)
        print(__doc__.strip())
        sys.exit(0)
    try:
        main(sys.argv[1:])
    except BadArgument as bad:
        print("ERROR: %s\n%s" % (bad, USAGE), file=sys.stderr)
        sys.exit(2)
    except Mismatch as mismatch:
        print("MISMATCH: %s" % mismatch, file=sys.stderr)
        sys.exit(1)
    except (urllib.error.URLError, OSError, ValueError, KeyError) as error:
        print("ERROR: %s: %s" % (type(error).__name__, error), file=sys.stderr)
        sys.exit(1)
