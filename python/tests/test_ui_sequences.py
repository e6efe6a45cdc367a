"""Random sequences of every UI host call through the C library, with send and
error callbacks that call back into the host: each call works or fails with
one of the documented errors (never an internal one, never a crash or a
hang), and the ops ``render_ops`` gives always turn the front end's last tree
into the tree ``render`` gives."""

import json
import random
import threading
from pathlib import Path

import pytest

from streamchatai import UIHost
from streamchatai.errors import InternalError, InvalidArgument, LimitExceeded, NotFound, Refused, StreamChatAIError
from streamchatai.ui import apply_ops
from trees import nodes

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Tests" / "Fuzz" / "corpus"
OPENUI = [p.read_text(encoding="utf-8", errors="replace") for p in sorted((CORPUS / "openui").glob("*.oui"))]
A2UI = [p.read_text(encoding="utf-8", errors="replace") for p in sorted((CORPUS / "a2ui").glob("*.jsonl"))]
DOCUMENTED = (InvalidArgument, LimitExceeded, NotFound, Refused)
IDS = ["m0", "m1", "m2"]


class Caller:
    """Makes random calls on one host; `texts` holds each reply's text and how much of it was handed over."""

    def __init__(self, host, rng, texts, lock, trees=None):
        self.host, self.rng, self.texts, self.lock = host, rng, texts, lock
        self.trees = {} if trees is None else trees

    def document(self, message_id):
        rng = self.rng
        openui = rng.random() < 0.5
        text = rng.choice(OPENUI if openui else A2UI)
        cut = rng.randrange(len(text) + 1)
        with self.lock:
            self.texts[message_id] = [text, cut]
        document = {"ai_ui": {"v": 1, "format": "openui" if openui else "a2ui", "version": "1.0",
                              "status": "streaming" if rng.random() < 0.9 else "complete", "content": text[:cut]}}
        if rng.random() < 0.05:  # not a UI document at all, or a broken one
            document = rng.choice([[], {"text": "no UI"}, {"ai_ui": None}, {"ai_ui": {"v": 1}}, {"ai_ui": {"v": 2, "format": "openui"}},
                                   {"ai_ui": {"v": 1, "format": "openui", "content": 5}}])
        return document

    def value(self):
        return self.rng.choice([None, "", "typed", 3, -1.5, True, {"a": 1}, [1, 2], "é😀", "x" * 70_000])

    def call(self, message_id):
        """One random call; returns the render it made, if any."""
        rng, host = self.rng, self.host
        k = rng.randrange(10)
        if k <= 1:
            host.receive(message_id, self.document(message_id))
        elif k <= 3:
            with self.lock:
                text, cut = self.texts.get(message_id, ["abc", 0])
                end = min(len(text), cut + rng.randrange(1, 60))
                self.texts[message_id] = [text, end]
            host.append(message_id, text[cut:end], streaming=end < len(text) or rng.random() < 0.2)
        elif k <= 5:
            return host.render(message_id)
        elif k <= 7:
            targets = nodes((host.render(message_id) or {}).get("root"))
            if targets:
                node = rng.choice(targets)
                name = rng.choice((node.get("events") or ["tap"]) + ["tap", "change", "select", "bogus"])
                host.event(message_id, node_id=node["id"], name=name, value=self.value(), label=rng.choice([None, "L"]))
            else:
                host.event(message_id, node_id=rng.choice(["root", "nowhere/0", "a~2"]), name="tap")
        elif k == 8:
            if rng.random() < 0.5:
                host.forget(message_id)
                self.trees.pop(message_id, None)  # the front end drops the reply's tree too
            else:
                host.retry_actions(message_id)
        else:
            assert "renderers" in host.capabilities


def reentrant_host(rng, trees=None):
    """A host whose send callback renders, forgets and taps, and whose error callback renders, on the host itself
    (a reply it forgets leaves `trees`, the front end's)."""
    holder = {}

    def send(action):
        host = holder["host"]
        try:
            k = rng.randrange(6)
            if k == 0:
                host.render(rng.choice(IDS))
            elif k == 1:
                message_id = rng.choice(IDS)
                host.forget(message_id)
                if trees is not None:
                    trees.pop(message_id, None)
            elif k == 2:
                host.event(rng.choice(IDS), node_id="root", name="tap")
            elif k == 3:
                host.retry_actions(rng.choice(IDS))
        except DOCUMENTED:
            pass
        return rng.random() < 0.7

    def on_error(message_id, problem):
        assert isinstance(problem, str) and problem
        if rng.random() < 0.1:
            try:
                holder["host"].render(message_id or "m0")
            except DOCUMENTED:
                pass

    host = UIHost(send=send, on_error=on_error, open=lambda url: True)
    holder["host"] = host
    return host


@pytest.mark.parametrize("seed", range(30))
def test_any_sequence_of_calls_fails_only_with_documented_errors_and_its_ops_keep_the_front_ends_tree(seed):
    rng = random.Random(seed)
    trees, worked, failed = {}, 0, 0
    host = reentrant_host(rng, trees)
    caller = Caller(host, rng, {}, threading.Lock(), trees)
    for step in range(300):
        message_id = rng.choice(IDS)
        if rng.random() < 0.2:
            ops = host.render_ops(message_id)
            if ops is not None:
                # (Outside the errors allowed: ops a front end cannot apply fail the test.)
                trees[message_id] = apply_ops(trees.get(message_id), ops["ops"])
                rendered = host.render(message_id)
                assert rendered is not None, f"step {step}: render_ops gave ops, render gave nothing"
                assert json.dumps(trees[message_id], sort_keys=True) == json.dumps(rendered["root"], sort_keys=True), \
                    f"step {step}: the ops do not give the host's tree"
            continue
        try:
            caller.call(message_id)
            worked += 1
        except DOCUMENTED as error:
            assert str(error), "an error says what went wrong"
            failed += 1
    assert worked > failed, f"{worked} calls worked, {failed} failed: the sequence hardly reached the renderers"
    host.close()


@pytest.mark.parametrize("seed", range(4))
def test_four_threads_calling_one_host_at_random_finish_with_only_documented_errors(seed):
    host = reentrant_host(random.Random(seed))
    texts, lock, problems = {}, threading.Lock(), []

    def work(n):
        caller = Caller(host, random.Random(seed * 100 + n), texts, lock)
        for _ in range(300):
            try:
                caller.call(caller.rng.choice(IDS))
            except DOCUMENTED:
                pass
            except (InternalError, StreamChatAIError, AssertionError) as error:
                problems.append(repr(error))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
        assert not thread.is_alive(), "a thread did not finish: the host hangs"
    assert problems == []
    host.close()
