"""Runs a pytest file with pytest when it is installed, else with the standard library's unittest.

    python3 pytest_or_unittest.py test_file.py

Without pytest, a stand-in `pytest` module gives the file what it uses of pytest's API: `@pytest.fixture` (generator
or plain functions, `scope` "function", "module" or "session", `autouse`, fixtures asking for fixtures by parameter
name). Each `test_*` function becomes a unittest case with its fixtures set up before it and torn down after it, in
reverse order; session and module fixtures once for the file. Prints unittest's report; exits 1 on any failure.
WITHOUT_PYTEST=1 takes this way even where pytest is installed (so both ways are tested where both exist).
"""
import importlib.util
import inspect
import os
import sys
import types
import unittest

try:
    import pytest  # noqa: F401
except ImportError:
    pytest = None
if os.environ.get("WITHOUT_PYTEST") == "1":
    pytest = None

if pytest is not None:
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", sys.argv[1]]))

FIXTURES = {}


def fixture(function=None, *, scope="function", autouse=False):
    def register(f):
        FIXTURES[f.__name__] = {"function": f, "scope": scope, "autouse": autouse}
        return f

    return register(function) if function is not None else register


sys.modules["pytest"] = types.SimpleNamespace(fixture=fixture)
spec = importlib.util.spec_from_file_location("under_test", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)

wide = {}  # session and module fixtures: value, once for the file
wide_teardowns = []


def make_case(test):
    def run():
        values, teardowns = {}, []

        def value_of(name):
            if name in wide:
                return wide[name]
            if name in values:
                return values[name]
            entry = FIXTURES[name]
            args = [value_of(n) for n in inspect.signature(entry["function"]).parameters]
            result = entry["function"](*args)
            if inspect.isgenerator(result):
                generator, result = result, next(result)
                (wide_teardowns if entry["scope"] != "function" else teardowns).append(generator)
            (wide if entry["scope"] != "function" else values)[name] = result
            return result

        try:
            for name, entry in FIXTURES.items():
                if entry["autouse"]:
                    value_of(name)
            test(*[value_of(n) for n in inspect.signature(test).parameters])
        finally:
            for generator in reversed(teardowns):
                next(generator, None)

    return unittest.FunctionTestCase(run, description=test.__name__)


suite = unittest.TestSuite(
    make_case(test) for name, test in vars(module).items() if name.startswith("test_") and callable(test)
)
try:
    passed = unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful()
finally:
    for generator in reversed(wide_teardowns):
        next(generator, None)
sys.exit(0 if passed else 1)
